/// The keywords of a schema that most schemas do not use, kept out of ``SchemaNode`` so that
/// a node stays small; read and written through the node's properties of the same names.
struct RareKeywords: Sendable {
    var anchor: String?
    var dynamicRef: DynamicReference?
    var refText: String?
    var patternProperties: [(pattern: SchemaRegex, schema: Int)] = []
    var propertyNames: Int?
    var minProperties: Int?
    var maxProperties: Int?
    var prefixItems: [Int] = []
    var minItems: Int?
    var maxItems: Int?
    var uniqueItems = false
    var minLength: Int?
    var maxLength: Int?
    var pattern: SchemaRegex?
    var minimum: Double?
    var maximum: Double?
    var exclusiveMinimum: Double?
    var exclusiveMaximum: Double?
    var multipleOf: Double?
    var multipleOfText: String?
    var dependentRequired: [(name: String, required: [String])] = []
    var dependentSchemas: [(name: String, schema: Int)] = []
    var unevaluatedProperties: Int?
    var unevaluatedItems: Int?
    var contains: Int?
    var minContains: Int?
    var maxContains: Int?
    var ifSchema: Int?
    var thenSchema: Int?
    var elseSchema: Int?
    var not: Int?
}
