/// One compiled schema: its keywords, with subschemas referred to by index into
/// ``CompiledSchema/nodes``.
///
/// Keywords are resolved once when the contract loads (regular expressions compiled, `$ref`s
/// linked, property names sorted) so that validation does no look-ups by name.
///
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
    /// Which of its compiler's documents, and which value of it, the schema was compiled
    /// from: what another contract's compiler needs to take it over (see
    /// ``SchemaCompiler/sharedTarget(of:)``).
    var origin = Origin()

    /// The resource (file) the schema belongs to, an index into ``CompiledSchema/resources``.
    public var resource = 0

    /// `true` or `false` as a schema: everything, or nothing, is valid.
    public var booleanValue: Bool?
    /// Why a `false` schema the compiler made in place of another refuses every value (the
    /// keyword and the expectation its finding names), when it is not a written `false`: an
    /// OpenAPI 3.0 `writeOnly` property in an answer.
    public var refusal: (keyword: String, expected: String)?
    /// `type`.
    public var types: SchemaTypeSet?
    /// `enum`.
    public var enumValues: [JSONValue]?
    /// `const`.
    public var constValue: JSONValue?
    /// Whether `enum` is open: a string it does not list is news (`unknown-enum-value`, a
    /// warning, and an `.unknown` case in generated code) rather than an `enum-violation`.
    /// Only an enum of strings (and perhaps null) is ever open: those are the ones that
    /// become Swift enums. Set by the contract's `enums` and the schema's `x-envelope-open`.
    public var opensEnum = false
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

    /// `$anchor` or `$dynamicAnchor` name, if any.
    public var anchor: String?
    /// `$dynamicRef`, resolved.
    public var dynamicRef: DynamicReference?
    /// `$ref` as written, for messages.
    public var refText: String?
    /// `patternProperties`.
    public var patternProperties: [(pattern: SchemaRegex, schema: Int)] = []
    /// `propertyNames`.
    public var propertyNames: Int?
    /// `minProperties`.
    public var minProperties: Int?
    /// `maxProperties`.
    public var maxProperties: Int?
    /// `prefixItems`.
    public var prefixItems: [Int] = []
    /// `minItems`.
    public var minItems: Int?
    /// `maxItems`.
    public var maxItems: Int?
    /// `uniqueItems`.
    public var uniqueItems: Bool = false
    /// `minLength`.
    public var minLength: Int?
    /// `maxLength`.
    public var maxLength: Int?
    /// `pattern`.
    public var pattern: SchemaRegex?
    /// `minimum`.
    public var minimum: Double?
    /// `maximum`.
    public var maximum: Double?
    /// `exclusiveMinimum`.
    public var exclusiveMinimum: Double?
    /// `exclusiveMaximum`.
    public var exclusiveMaximum: Double?
    /// `multipleOf`.
    public var multipleOf: Double?
    /// `multipleOf` as written, for exact arithmetic on decimals.
    public var multipleOfText: String?
    /// `dependentRequired`.
    public var dependentRequired: [(name: String, required: [String])] = []
    /// `dependentSchemas`.
    public var dependentSchemas: [(name: String, schema: Int)] = []
    /// `unevaluatedProperties`.
    public var unevaluatedProperties: Int?
    /// `unevaluatedItems`.
    public var unevaluatedItems: Int?
    /// `contains`.
    public var contains: Int?
    /// `minContains`.
    public var minContains: Int?
    /// `maxContains`.
    public var maxContains: Int?
    /// `if`.
    public var ifSchema: Int?
    /// `then`.
    public var thenSchema: Int?
    /// `else`.
    public var elseSchema: Int?
    /// `not`.
    public var not: Int?

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
    /// Whether the schema has object keywords other than `properties`, `required` and
    /// `additionalProperties`, or `unevaluatedProperties`/`unevaluatedItems`: validation
    /// looks at them only then.
    var hasRareObjectKeywords = false
    var hasUnevaluated = false

    /// Creates an empty schema (one that accepts everything) at a place.
    public init(file: String, pointer: String, location: SourceLocation) {
        self.file = file
        self.pointer = pointer
        self.location = location
    }
}
