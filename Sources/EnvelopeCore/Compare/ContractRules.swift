/// Finds what a contract says about the places of an answer's body, for judging how one
/// environment's answer differs from another's.
///
/// The body schema is walked as the data is: `$ref`, `$dynamicRef` and `allOf` are followed
/// and merged (``EffectiveSchema``); a key not in the merged schema is looked for in each
/// `anyOf`/`oneOf` branch in turn, the first branch that names it deciding. Keywords that
/// decide nothing here: `if`/`then`/`else`, `dependent*`, `unevaluated*`.
struct ContractRules {
    let contract: Contract
    private let resolver: SchemaResolver

    init(_ contract: Contract) {
        self.contract = contract
        resolver = SchemaResolver(schema: contract.schema)
    }

    /// The rule at `pointer`, or ``PlaceRule/notInContract``.
    func rule(at pointer: String) -> PlaceRule {
        guard let body = contract.response.body, let tokens = JSONPointer.tokens(pointer) else { return .notInContract }
        var rule = PlaceRule(standing: .declared(required: false), schema: resolver.effective([ScopedSchema(index: body, scope: [])]))
        for token in tokens {
            guard let parent = rule.schema else { return rule.standing == .forbidden ? .notInContract : rule }
            rule = step(into: token, of: parent)
            if rule.standing == .notInContract { return rule }
        }
        return rule
    }

    /// The rule one token below `parent`.
    private func step(into token: String, of parent: EffectiveSchema) -> PlaceRule {
        let options = [parent] + (parent.anyOf + parent.oneOf).flatMap { $0.map { resolver.effective([$0]) } }
        if token == "*" {
            for option in options {
                let items = option.items + option.prefixItems.flatMap { $0 }
                if !items.isEmpty { return PlaceRule(standing: .declared(required: false), schema: resolver.effective(items)) }
            }
            return .notInContract
        }
        for option in options {
            if let schemas = option.properties[token] {
                return PlaceRule(standing: .declared(required: option.required.contains(token)), schema: resolver.effective(schemas))
            }
            if option.required.contains(token) {
                return PlaceRule(standing: .declared(required: true), schema: EffectiveSchema())
            }
        }
        for option in options {
            let patterned = patternSchemas(matching: token, in: option)
            if !patterned.isEmpty { return PlaceRule(standing: .additional, schema: resolver.effective(patterned)) }
            if !option.additionalProperties.isEmpty {
                let additional = resolver.effective(option.additionalProperties)
                return additional.acceptsNothing ? PlaceRule(standing: .forbidden, schema: nil) : PlaceRule(standing: .additional, schema: additional)
            }
        }
        return .notInContract
    }

    /// The `patternProperties` schemas of `schema` whose expression matches `key`.
    private func patternSchemas(matching key: String, in schema: EffectiveSchema) -> [ScopedSchema] {
        var found: [ScopedSchema] = []
        for source in schema.sources where contract.schema.nodes.indices.contains(source.index) {
            let node = contract.schema.nodes[source.index]
            var scope = source.scope
            if !scope.contains(node.resource) { scope.append(node.resource) }
            for (pattern, child) in node.patternProperties where pattern.matches(key) {
                found.append(ScopedSchema(index: child, scope: scope))
            }
        }
        return found
    }

    /// The places of `shape` where the contract has an enum of strings: there, a new string
    /// is news even when the baseline held each value once.
    func enumPlaces(in shape: JSONShape) -> Set<String> {
        var places: Set<String> = []
        for pointer in shape.strings.keys {
            if let values = rule(at: pointer).schema?.values, values.contains(where: { $0.kind == .string }) { places.insert(pointer) }
        }
        return places
    }
}
