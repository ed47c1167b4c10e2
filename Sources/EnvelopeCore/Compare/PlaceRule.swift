/// What a contract says about one place of an answer's body (a shape pointer, with `*` for
/// array elements): whether it is there at all, required, or forbidden, and the schema that
/// applies.
struct PlaceRule {
    /// How the place stands in the contract.
    enum Standing: Equatable {
        /// No schema reaches the place (or the contract has no body schema).
        case notInContract
        /// A property (or array items) schema names the place; `required` when its parent
        /// lists the key in `required`.
        case declared(required: Bool)
        /// Only the parent's `additionalProperties` or `patternProperties` describe it.
        case additional
        /// The parent allows no keys but its own (`additionalProperties: false`).
        case forbidden
    }

    /// How the place stands.
    var standing: Standing
    /// The merged schema at the place (nil unless declared or additional).
    var schema: EffectiveSchema?

    /// A place the contract does not describe.
    static let notInContract = PlaceRule(standing: .notInContract, schema: nil)

    /// Whether the contract requires the key.
    var isRequired: Bool { standing == .declared(required: true) }

    /// Whether the schema lets a value of `kinds` through (by type alone).
    func admits(_ kinds: ShapeKinds) -> Bool {
        guard let schema else { return true }
        if schema.acceptsNothing { return false }
        let admitted = schema.admittedTypes
        let pairs: [(ShapeKinds, SchemaTypeSet)] = [(.object, .object), (.array, .array), (.string, .string),
                                                    (.boolean, .boolean), (.null, .null)]
        for (kind, type) in pairs where kinds.contains(kind) && !admitted.contains(type) { return false }
        // A shape's number may be an integer: an integer schema admits it as a type.
        if kinds.contains(.number) && admitted.isDisjoint(with: [.number, .integer]) { return false }
        return true
    }

    /// The contract's types at the place, in words: `string or null`.
    var typeText: String { schema?.typeText ?? "any type" }
}
