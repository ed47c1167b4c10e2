import Foundation

/// One compiled schema: its keywords, with subschemas referred to by index into
/// ``CompiledSchema/nodes``.
///
/// Keywords are resolved once when the contract loads (regular expressions compiled, `$ref`s
/// linked, property names sorted) so that validation does no look-ups by name.
///
/// The keywords most schemas use are stored in the node; the rest (numeric and length
/// limits, patterns, `if`/`then`/`else`, ...) live in one shared box, made only for a schema
/// that has one of them (see `SchemaNode+RareKeywords.swift`), so that a node stays small
/// and a copy of it retains a few fields rather than every keyword.
public struct SchemaNode: Sendable {
    /// Where the schema was written.
    public var file: String
    /// The JSON Pointer of the schema inside its file.
    public var pointer: String
    /// Where the schema starts in its file (the byte offset; line and column are filled in
    /// only for errors, since computing them costs a scan of the file).
    public var location: SourceLocation
    /// The URI of the document the schema is in.
    var documentURI = ""

    /// The resource (file) the schema belongs to, an index into ``CompiledSchema/resources``.
    public var resource = 0

    /// `true` or `false` as a schema: everything, or nothing, is valid.
    public var booleanValue: Bool?
    /// `type`.
    public var types: SchemaTypeSet?
    /// `enum`.
    public var enumValues: [JSONValue]?
    /// `const`.
    public var constValue: JSONValue?
    /// `$ref`, resolved.
    public var ref: Int?

    /// `properties`, sorted by name.
    public var properties: [(name: String, schema: Int)] = []
    /// `required`.
    public var required: [String] = []
    /// `additionalProperties`.
    public var additionalProperties: Int?

    /// `items`.
    public var items: Int?

    /// `format`.
    public var format: String?
    /// Whether `format` is asserted (a format-assertion vocabulary or the contract's setting)
    /// rather than only an annotation.
    public var assertsFormat = false

    /// `allOf`.
    public var allOf: [Int] = []
    /// `anyOf`.
    public var anyOf: [Int] = []
    /// `oneOf`.
    public var oneOf: [Int] = []

    /// The keywords few schemas use, or nil when the schema has none of them.
    var rare: RareKeywordStorage?

    // Prepared by ``prepare()`` once compilation is done.

    /// Indices into ``properties`` of the required names it declares.
    var requiredDeclared: [Int] = []
    /// Required names that ``properties`` does not declare.
    var requiredUndeclared: [String] = []
    /// Indices into ``properties`` of the names not required.
    var optionalDeclared: [Int] = []
    /// Whether the schema has keywords that apply to objects, arrays or strings.
    var hasObjectKeywords = false
    var hasArrayKeywords = false
    var hasStringKeywords = false
    var hasNumberKeywords = false
    var hasCombinators = false
    /// Whether the schema has object keywords kept in ``rare`` (all but `properties`,
    /// `required` and `additionalProperties`), or `unevaluatedProperties`/`unevaluatedItems`:
    /// validation reads the box only then.
    var hasRareObjectKeywords = false
    var hasUnevaluated = false

    /// Creates an empty schema (one that accepts everything) at a place.
    public init(file: String, pointer: String, location: SourceLocation) {
        self.file = file
        self.pointer = pointer
        self.location = location
    }
}

/// A compiled `pattern`: ECMA-262-style regular expressions through ICU, unanchored.
public struct SchemaRegex: @unchecked Sendable {
    /// The pattern as written.
    public let source: String
    // NSRegularExpression is immutable after creation and documented as safe to use from
    // several threads at once, which makes sharing it sound.
    private let matcher: Matcher

    /// How a pattern is matched.
    private enum Matcher {
        /// A pattern without a metacharacter, `^` first or not: the text starts with, or
        /// contains, these bytes (an empty pattern: any text). No ICU, whose first expression
        /// in a process is slow to make, for the patterns most contracts have
        /// (`"Content-Type": {"pattern": "^application/json"}`).
        case literal(utf8: [UInt8], anchored: Bool)
        case expression(NSRegularExpression)
    }

    /// The characters that mean something in an expression (ICU and ECMA-262 alike, outside
    /// a class); a pattern with none of them after an optional `^` matches itself.
    private static let metacharacters: Set<Unicode.Scalar> = ["\\", "^", "$", ".", "|", "?", "*", "+", "(", ")", "[", "]", "{", "}"]

    /// Compiles `source`, or returns nil when it is not a valid expression.
    public init?(_ source: String) {
        // Foundation leaks its half-built expression when a pattern with a NUL fails to
        // compile; such a pattern is never meant anyway.
        guard !source.unicodeScalars.contains("\u{0}") else { return nil }
        self.source = source
        let scalars = source.unicodeScalars
        let anchored = scalars.first == "^"
        let body = anchored ? scalars.dropFirst() : scalars[...]
        if !body.contains(where: Self.metacharacters.contains) {
            // Literal code points match as their UTF-8 bytes: UTF-8 never matches in the
            // middle of a character. The empty pattern (which Foundation refuses to compile)
            // matches every text, as in ECMA-262.
            matcher = .literal(utf8: Array(String(Substring(body)).utf8), anchored: anchored)
            return
        }
        guard let regex = try? NSRegularExpression(pattern: source, options: []) else { return nil }
        matcher = .expression(regex)
    }

    /// Whether the expression matches anywhere in `text`.
    public func matches(_ text: String) -> Bool {
        switch matcher {
        case .literal(let needle, let anchored):
            var text = text
            return text.withUTF8 { haystack in
                anchored ? haystack.starts(with: needle) : needle.isEmpty || haystack.firstRange(of: needle) != nil
            }
        case .expression(let regex):
            let range = NSRange(text.startIndex..<text.endIndex, in: text)
            return regex.firstMatch(in: text, options: [], range: range) != nil
        }
    }
}
