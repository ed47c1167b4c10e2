/// What a schema means once `$ref`, `$dynamicRef` and `allOf` are followed and merged: the
/// keywords that apply at one place of the data, whichever file or branch wrote them.
///
/// Comparing these instead of schema text is what makes a refactor that means the same (an
/// inline schema moved behind a `$ref`, a property moved into an `allOf` branch) no change.
/// Subschemas stay unresolved (``ScopedSchema`` lists) until the comparison walks into them,
/// so recursive schemas cost nothing extra.
struct EffectiveSchema {
    /// The schemas merged into this one.
    var sources: [ScopedSchema] = []
    /// A `false` schema took part: nothing is valid.
    var acceptsNothing = false
    /// `type`, intersected over the merged schemas; nil when none says.
    var types: SchemaTypeSet?
    /// `enum` and `const`, intersected; nil when none says.
    var values: Set<JSONValue>?
    /// Whether ``values`` is an open enum: every `enum` merged here is open (and no `const`).
    var opensEnum = false
    var properties: [String: [ScopedSchema]] = [:]
    var required: Set<String> = []
    var additionalProperties: [ScopedSchema] = []
    var patternProperties: [String: [ScopedSchema]] = [:]
    var items: [ScopedSchema] = []
    var prefixItems: [[ScopedSchema]] = []
    var anyOf: [[ScopedSchema]] = []
    var oneOf: [[ScopedSchema]] = []
    var not: [ScopedSchema] = []
    /// Lower and upper bounds, the tightest of the merged schemas.
    var lowerBounds: [String: Double] = [:]
    var upperBounds: [String: Double] = [:]
    var patterns: Set<String> = []
    var formats: Set<String> = []
    var multipleOf: Set<String> = []
    var uniqueItems = false

    /// The types a value here may have, with `integer` included wherever `number` is (a
    /// number schema accepts integers) and every type when `type` is unset.
    var admittedTypes: SchemaTypeSet {
        var set = types ?? [.null, .boolean, .object, .array, .number, .string, .integer]
        if set.contains(.number) { set.insert(.integer) }
        if let values {
            // An enum limits the types as well; only null matters for nullability here.
            if !values.contains(.null) { set.remove(.null) }
        }
        return set
    }

    /// The types in words, for reports: `string or null`, `any type`.
    var typeText: String {
        if acceptsNothing { return "nothing" }
        var text = types?.description ?? "any type"
        if let values, types == nil { text = "one of \(values.count) values" }
        return text
    }
}
