/// Why a YAML text is not a document Envelope can read as JSON, and where.
///
/// Core reads no YAML itself (the `envelope` command's reader is on libyaml, in EnvelopeYAML);
/// the type is here so that a ``ContractError`` can carry it like a ``JSONError``.
public enum YAMLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// libyaml's scanner or parser refused the text: `problem` (what it found), and the
    /// construct it was reading (`while parsing a block mapping`) and where that starts.
    case syntax(problem: String, context: String?, contextAt: SourceLocation?, at: SourceLocation)
    /// Bytes that are not UTF-8, or characters YAML does not allow in a text.
    case invalidText(problem: String, at: SourceLocation)
    /// U+0085, U+2028 or U+2029 written as is: libyaml (YAML 1.1) reads it as a line break,
    /// YAML 1.2 as a character, so the text would not mean what its author sees.
    case ambiguousLineBreak(String, at: SourceLocation)
    /// A text with no document in it (empty, or only comments).
    case empty(at: SourceLocation)
    /// A second document (`---`) in the text; the first starts at `first`.
    case multipleDocuments(at: SourceLocation, first: SourceLocation)
    /// A mapping that names a key twice.
    case duplicateKey(String, at: SourceLocation, first: SourceLocation)
    /// A key that is a mapping or a sequence (`? [a, b]`): JSON keys are strings.
    case complexKey(found: String, at: SourceLocation)
    /// `*name` with no `&name` before it.
    case undefinedAlias(String, at: SourceLocation)
    /// `*name` inside the node that `&name` is on.
    case recursiveAlias(String, at: SourceLocation)
    /// Aliases (and merge keys) that would add more than `limit` values: a "billion laughs".
    case aliasesTooLarge(limit: Int, at: SourceLocation)
    /// A merge key `<<` whose value is not a mapping or a list of mappings.
    case invalidMerge(found: String, at: SourceLocation)
    /// A tag that is not one of the core schema's.
    case unsupportedTag(String, at: SourceLocation)
    /// A scalar whose text is not of the type its tag names (`!!int abc`).
    case tagMismatch(tag: String, text: String, at: SourceLocation)
    /// A number JSON cannot hold (`.inf`, `.nan`).
    case notJSONNumber(text: String, at: SourceLocation)
    /// Mappings and sequences nested deeper than the limit.
    case nestingTooDeep(limit: Int, at: SourceLocation)
    /// A text larger than a document may be.
    case tooLarge(bytes: Int)
    /// libyaml could not be opened (`reason` says why and what to install).
    case libraryUnavailable(reason: String)
    /// The caller has no YAML reader (Core alone, or EnvelopeTesting on iOS).
    case noReader

    /// Where the problem is, when it has a place.
    public var location: SourceLocation? {
        switch self {
        case .syntax(_, _, _, let at), .invalidText(_, let at), .ambiguousLineBreak(_, let at), .empty(let at),
             .multipleDocuments(let at, _), .duplicateKey(_, let at, _), .complexKey(_, let at), .undefinedAlias(_, let at), .recursiveAlias(_, let at),
             .aliasesTooLarge(_, let at), .invalidMerge(_, let at), .unsupportedTag(_, let at), .tagMismatch(_, _, let at),
             .notJSONNumber(_, let at), .nestingTooDeep(_, let at):
            return at
        case .tooLarge, .libraryUnavailable, .noReader:
            return nil
        }
    }

    /// Whether the problem is in the text (rather than in reading YAML at all).
    public var isInTheText: Bool {
        switch self {
        case .libraryUnavailable, .noReader: false
        default: true
        }
    }

    /// What is wrong, without the location (callers prefix `file:line:column`).
    public var message: String {
        switch self {
        case .syntax(let problem, let context, let contextAt, _):
            guard let context else { return problem }
            return "\(problem) \(context)" + (contextAt.map { " that starts at \($0)" } ?? "")
        case .invalidText(let problem, _):
            return "\(problem); a YAML file must be UTF-8 text"
        case .ambiguousLineBreak(let name, _):
            return "found \(name), a line break to YAML 1.1 (and to libyaml) but not to YAML 1.2; write it as an escape in a double-quoted string (\"\\u\(name.dropFirst(2).prefix(4))\")"
        case .empty:
            return "expected a YAML document, found none (the file is empty or only comments)"
        case .multipleDocuments(_, let first):
            return "expected one YAML document, found a second one (the first starts at \(first)); put each document in a file of its own"
        case .duplicateKey(let key, _, let first):
            return "duplicate key \"\(key)\" (first at \(first)); each key may appear once in a mapping"
        case .complexKey(let found, _):
            return "expected a scalar key, found \(found); JSON keys are strings"
        case .undefinedAlias(let name, _):
            return "alias *\(name) names no anchor; expected &\(name) on a node before it"
        case .recursiveAlias(let name, _):
            return "alias *\(name) is inside the node anchored &\(name); JSON cannot hold a value that contains itself"
        case .aliasesTooLarge(let limit, _):
            return "aliases and merge keys would add more than \(limit) values to the document (an alias bomb?); write the values out or use fewer aliases"
        case .invalidMerge(let found, _):
            return "expected a mapping or a list of mappings after the merge key '<<', found \(found)"
        case .unsupportedTag(let tag, _):
            return "tag \(tag) is not one of the YAML 1.2 core schema's (!!str, !!int, !!float, !!bool, !!null, !!seq, !!map); remove it, or quote the value to make it a string"
        case .tagMismatch(let tag, let text, _):
            return "expected \(Self.tagNoun(tag)) after \(tag), found '\(text)'"
        case .notJSONNumber(let text, _):
            return "'\(text)' is a YAML float that JSON cannot hold; quote it to make it a string"
        case .nestingTooDeep(let limit, _):
            return "mappings and sequences nested deeper than \(limit) levels"
        case .tooLarge(let bytes):
            return "document of \(bytes) bytes is larger than the 4 GiB a document may have"
        case .libraryUnavailable(let reason):
            return reason
        case .noReader:
            return "YAML files are read by the envelope command (its libyaml reader), not here; convert the file to JSON"
        }
    }

    /// `line:column: message`.
    public var description: String {
        if let location { return "\(location): \(message)" }
        return message
    }

    /// What a core schema tag's value must be, for messages.
    private static func tagNoun(_ tag: String) -> String {
        switch tag {
        case "!!int": "an integer"
        case "!!float": "a number"
        case "!!bool": "true or false"
        case "!!null": "null, ~ or nothing"
        case "!!seq": "a sequence"
        case "!!map": "a mapping"
        default: "a value"
        }
    }
}
