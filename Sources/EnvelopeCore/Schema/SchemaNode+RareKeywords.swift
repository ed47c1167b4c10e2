extension SchemaNode {
    /// Changes the rare keywords, making this node's box (or a copy of a shared one) first.
    private mutating func changeRare(_ change: (inout RareKeywords) -> Void) {
        if rare == nil {
            rare = RareKeywordStorage()
        } else if !isKnownUniquelyReferenced(&rare) {
            rare = RareKeywordStorage(rare.unsafelyUnwrapped.keywords)
        }
        change(&rare.unsafelyUnwrapped.keywords)
    }

    /// `$anchor` or `$dynamicAnchor` name, if any.
    public var anchor: String? {
        get { rare?.keywords.anchor }
        set { changeRare { $0.anchor = newValue } }
    }
    /// `$dynamicRef`, resolved.
    public var dynamicRef: DynamicReference? {
        get { rare?.keywords.dynamicRef }
        set { changeRare { $0.dynamicRef = newValue } }
    }
    /// `$ref` as written, for messages.
    public var refText: String? {
        get { rare?.keywords.refText }
        set { changeRare { $0.refText = newValue } }
    }
    /// `patternProperties`.
    public var patternProperties: [(pattern: SchemaRegex, schema: Int)] {
        get { rare?.keywords.patternProperties ?? [] }
        set { changeRare { $0.patternProperties = newValue } }
    }
    /// `propertyNames`.
    public var propertyNames: Int? {
        get { rare?.keywords.propertyNames }
        set { changeRare { $0.propertyNames = newValue } }
    }
    /// `minProperties`.
    public var minProperties: Int? {
        get { rare?.keywords.minProperties }
        set { changeRare { $0.minProperties = newValue } }
    }
    /// `maxProperties`.
    public var maxProperties: Int? {
        get { rare?.keywords.maxProperties }
        set { changeRare { $0.maxProperties = newValue } }
    }
    /// `prefixItems`.
    public var prefixItems: [Int] {
        get { rare?.keywords.prefixItems ?? [] }
        set { changeRare { $0.prefixItems = newValue } }
    }
    /// `minItems`.
    public var minItems: Int? {
        get { rare?.keywords.minItems }
        set { changeRare { $0.minItems = newValue } }
    }
    /// `maxItems`.
    public var maxItems: Int? {
        get { rare?.keywords.maxItems }
        set { changeRare { $0.maxItems = newValue } }
    }
    /// `uniqueItems`.
    public var uniqueItems: Bool {
        get { rare?.keywords.uniqueItems ?? false }
        set { changeRare { $0.uniqueItems = newValue } }
    }
    /// `minLength`.
    public var minLength: Int? {
        get { rare?.keywords.minLength }
        set { changeRare { $0.minLength = newValue } }
    }
    /// `maxLength`.
    public var maxLength: Int? {
        get { rare?.keywords.maxLength }
        set { changeRare { $0.maxLength = newValue } }
    }
    /// `pattern`.
    public var pattern: SchemaRegex? {
        get { rare?.keywords.pattern }
        set { changeRare { $0.pattern = newValue } }
    }
    /// `minimum`.
    public var minimum: Double? {
        get { rare?.keywords.minimum }
        set { changeRare { $0.minimum = newValue } }
    }
    /// `maximum`.
    public var maximum: Double? {
        get { rare?.keywords.maximum }
        set { changeRare { $0.maximum = newValue } }
    }
    /// `exclusiveMinimum`.
    public var exclusiveMinimum: Double? {
        get { rare?.keywords.exclusiveMinimum }
        set { changeRare { $0.exclusiveMinimum = newValue } }
    }
    /// `exclusiveMaximum`.
    public var exclusiveMaximum: Double? {
        get { rare?.keywords.exclusiveMaximum }
        set { changeRare { $0.exclusiveMaximum = newValue } }
    }
    /// `multipleOf`.
    public var multipleOf: Double? {
        get { rare?.keywords.multipleOf }
        set { changeRare { $0.multipleOf = newValue } }
    }
    /// `multipleOf` as written, for exact arithmetic on decimals.
    public var multipleOfText: String? {
        get { rare?.keywords.multipleOfText }
        set { changeRare { $0.multipleOfText = newValue } }
    }
    /// `dependentRequired`.
    public var dependentRequired: [(name: String, required: [String])] {
        get { rare?.keywords.dependentRequired ?? [] }
        set { changeRare { $0.dependentRequired = newValue } }
    }
    /// `dependentSchemas`.
    public var dependentSchemas: [(name: String, schema: Int)] {
        get { rare?.keywords.dependentSchemas ?? [] }
        set { changeRare { $0.dependentSchemas = newValue } }
    }
    /// `unevaluatedProperties`.
    public var unevaluatedProperties: Int? {
        get { rare?.keywords.unevaluatedProperties }
        set { changeRare { $0.unevaluatedProperties = newValue } }
    }
    /// `unevaluatedItems`.
    public var unevaluatedItems: Int? {
        get { rare?.keywords.unevaluatedItems }
        set { changeRare { $0.unevaluatedItems = newValue } }
    }
    /// `contains`.
    public var contains: Int? {
        get { rare?.keywords.contains }
        set { changeRare { $0.contains = newValue } }
    }
    /// `minContains`.
    public var minContains: Int? {
        get { rare?.keywords.minContains }
        set { changeRare { $0.minContains = newValue } }
    }
    /// `maxContains`.
    public var maxContains: Int? {
        get { rare?.keywords.maxContains }
        set { changeRare { $0.maxContains = newValue } }
    }
    /// `if`.
    public var ifSchema: Int? {
        get { rare?.keywords.ifSchema }
        set { changeRare { $0.ifSchema = newValue } }
    }
    /// `then`.
    public var thenSchema: Int? {
        get { rare?.keywords.thenSchema }
        set { changeRare { $0.thenSchema = newValue } }
    }
    /// `else`.
    public var elseSchema: Int? {
        get { rare?.keywords.elseSchema }
        set { changeRare { $0.elseSchema = newValue } }
    }
    /// `not`.
    public var not: Int? {
        get { rare?.keywords.not }
        set { changeRare { $0.not = newValue } }
    }
}
