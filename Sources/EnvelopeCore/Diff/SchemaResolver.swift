/// Resolves and merges schemas of one compiled contract into ``EffectiveSchema``s.
struct SchemaResolver {
    let schema: CompiledSchema

    /// The merged meaning of `schemas` (all of which apply at the same place).
    func effective(_ schemas: [ScopedSchema]) -> EffectiveSchema {
        var result = EffectiveSchema()
        var visiting: Set<ScopedSchema> = []
        for scoped in schemas { collect(scoped, into: &result, visiting: &visiting) }
        return result
    }

    private func collect(_ scoped: ScopedSchema, into result: inout EffectiveSchema, visiting: inout Set<ScopedSchema>) {
        guard schema.nodes.indices.contains(scoped.index), visiting.insert(scoped).inserted else { return }
        let node = schema.nodes[scoped.index]
        var scope = scoped.scope
        if !scope.contains(node.resource) { scope.append(node.resource) }
        func here(_ index: Int) -> ScopedSchema { ScopedSchema(index: index, scope: scope) }
        result.sources.append(scoped)

        if let flag = node.booleanValue {
            if !flag { result.acceptsNothing = true }
            return
        }
        if let inner = nullOr(node) {
            // "null, or else this schema": how OpenAPI 3.0's `nullable` beside `$ref` or
            // `allOf` compiles. Read as the schema with null allowed, and still narrowed by
            // whatever else applies here.
            let types = result.types, values = result.values
            result.types = nil
            result.values = nil
            collect(here(inner), into: &result, visiting: &visiting)
            result.types?.insert(.null)
            if result.values != nil { result.values?.insert(.null) }
            if let types { result.types = result.types.map { $0.intersection(types) } ?? types }
            if let values { intersect(&result.values, values) }
            return
        }
        if let branches = discriminatedBranches(node) { result.oneOf.append(branches.map(here)) }
        if let types = node.types { result.types = result.types.map { $0.intersection(types) } ?? types }
        if let values = node.enumValues {
            result.opensEnum = (result.values == nil || result.opensEnum) && node.opensEnum
            intersect(&result.values, Set(values))
        }
        if let value = node.constValue {
            result.opensEnum = false
            intersect(&result.values, [value])
        }
        for (name, child) in node.properties { result.properties[name, default: []].append(here(child)) }
        result.required.formUnion(node.required)
        if let additional = node.additionalProperties { result.additionalProperties.append(here(additional)) }
        for (pattern, child) in node.patternProperties { result.patternProperties[pattern.source, default: []].append(here(child)) }
        if let items = node.items { result.items.append(here(items)) }
        for (position, child) in node.prefixItems.enumerated() {
            while result.prefixItems.count <= position { result.prefixItems.append([]) }
            result.prefixItems[position].append(here(child))
        }
        if !node.anyOf.isEmpty { result.anyOf.append(node.anyOf.map(here)) }
        if !node.oneOf.isEmpty { result.oneOf.append(node.oneOf.map(here)) }
        if let not = node.not { result.not.append(here(not)) }
        func lower(_ name: String, _ value: Double?) {
            guard let value else { return }
            result.lowerBounds[name] = max(result.lowerBounds[name] ?? value, value)
        }
        func upper(_ name: String, _ value: Double?) {
            guard let value else { return }
            result.upperBounds[name] = min(result.upperBounds[name] ?? value, value)
        }
        lower("minimum", node.minimum)
        lower("exclusiveMinimum", node.exclusiveMinimum)
        lower("minLength", node.minLength.map(Double.init))
        lower("minItems", node.minItems.map(Double.init))
        lower("minProperties", node.minProperties.map(Double.init))
        upper("maximum", node.maximum)
        upper("exclusiveMaximum", node.exclusiveMaximum)
        upper("maxLength", node.maxLength.map(Double.init))
        upper("maxItems", node.maxItems.map(Double.init))
        upper("maxProperties", node.maxProperties.map(Double.init))
        if let pattern = node.pattern { result.patterns.insert(pattern.source) }
        if let format = node.format { result.formats.insert(format) }
        if let multiple = node.multipleOfText { result.multipleOf.insert(multiple) }
        if node.uniqueItems { result.uniqueItems = true }

        if let ref = node.ref { collect(here(ref), into: &result, visiting: &visiting) }
        if let dynamic = node.dynamicRef { collect(here(resolve(dynamic, scope: scope)), into: &result, visiting: &visiting) }
        for branch in node.allOf { collect(here(branch), into: &result, visiting: &visiting) }
    }

    /// The `else` of `if: {type: null}, else: X` with no `then` (which means "null or X"), or nil.
    private func nullOr(_ node: SchemaNode) -> Int? {
        guard node.thenSchema == nil, let test = node.ifSchema, let inner = node.elseSchema,
              schema.nodes.indices.contains(test), schema.nodes.indices.contains(inner) else { return nil }
        let condition = schema.nodes[test]
        guard condition.types == .null, condition.ref == nil, condition.allOf.isEmpty, condition.enumValues == nil,
              condition.constValue == nil, condition.properties.isEmpty else { return nil }
        return inner
    }

    /// The branches of a chain `if: {properties: {p: {const: v}}, required: [p]}, then: B,
    /// else: <the next such if, or the rest>`, how a `discriminator` compiles: compared as
    /// the `oneOf` it was written as, in order. Nil for any other node.
    private func discriminatedBranches(_ node: SchemaNode) -> [Int]? {
        var branches: [Int] = []
        var current: SchemaNode? = node
        while let link = current, let test = link.ifSchema, let then = link.thenSchema, isValueTest(test) {
            branches.append(then)
            current = link.elseSchema.flatMap { schema.nodes.indices.contains($0) ? schema.nodes[$0] : nil }
        }
        return branches.isEmpty ? nil : branches
    }

    /// Whether the schema at `index` only asks that one property has one value.
    private func isValueTest(_ index: Int) -> Bool {
        guard schema.nodes.indices.contains(index) else { return false }
        let test = schema.nodes[index]
        guard test.required.count == 1, test.properties.count == 1, test.ref == nil, test.allOf.isEmpty,
              let child = test.properties.first?.1, schema.nodes.indices.contains(child) else { return false }
        return schema.nodes[child].constValue != nil
    }

    /// The target of a `$dynamicRef`: the outermost resource in scope that declares the
    /// anchor, when the static target is itself a dynamic anchor (JSON Schema 2020-12 §8.2.3.2).
    func resolve(_ reference: DynamicReference, scope: [Int]) -> Int {
        guard reference.isDynamic else { return reference.fallback }
        for resource in scope where schema.resources.indices.contains(resource) {
            if let target = schema.resources[resource].dynamicAnchors[reference.anchor] { return target }
        }
        return reference.fallback
    }

    private func intersect(_ values: inout Set<JSONValue>?, _ more: Set<JSONValue>) {
        values = values.map { $0.intersection(more) } ?? more
    }

    /// A canonical text of what `schemas` accept, with references followed to `depth`
    /// levels: equal texts mean equal schemas (used to pair `anyOf`/`oneOf` branches).
    func fingerprint(_ schemas: [ScopedSchema], depth: Int = 12) -> String {
        let e = effective(schemas)
        guard depth > 0 else { return "…" }
        var parts: [String] = []
        if e.acceptsNothing { parts.append("false") }
        if let types = e.types { parts.append("type:\(types.rawValue)") }
        if let values = e.values { parts.append("values:" + values.map { $0.serialized() }.sorted().joined(separator: ",")) }
        for name in e.properties.keys.sorted() { parts.append("p:\(name)=" + fingerprint(e.properties[name] ?? [], depth: depth - 1)) }
        if !e.required.isEmpty { parts.append("req:" + e.required.sorted().joined(separator: ",")) }
        if !e.additionalProperties.isEmpty { parts.append("ap:" + fingerprint(e.additionalProperties, depth: depth - 1)) }
        for name in e.patternProperties.keys.sorted() { parts.append("pp:\(name)=" + fingerprint(e.patternProperties[name] ?? [], depth: depth - 1)) }
        if !e.items.isEmpty { parts.append("items:" + fingerprint(e.items, depth: depth - 1)) }
        for (position, prefix) in e.prefixItems.enumerated() { parts.append("prefix\(position):" + fingerprint(prefix, depth: depth - 1)) }
        for group in e.anyOf { parts.append("anyOf:" + group.map { fingerprint([$0], depth: depth - 1) }.sorted().joined(separator: "|")) }
        for group in e.oneOf { parts.append("oneOf:" + group.map { fingerprint([$0], depth: depth - 1) }.sorted().joined(separator: "|")) }
        if !e.not.isEmpty { parts.append("not:" + fingerprint(e.not, depth: depth - 1)) }
        for (name, value) in e.lowerBounds.sorted(by: { $0.key < $1.key }) { parts.append("\(name)=\(value)") }
        for (name, value) in e.upperBounds.sorted(by: { $0.key < $1.key }) { parts.append("\(name)=\(value)") }
        if !e.patterns.isEmpty { parts.append("pattern:" + e.patterns.sorted().joined(separator: ",")) }
        if !e.formats.isEmpty { parts.append("format:" + e.formats.sorted().joined(separator: ",")) }
        if !e.multipleOf.isEmpty { parts.append("multipleOf:" + e.multipleOf.sorted().joined(separator: ",")) }
        if e.uniqueItems { parts.append("unique") }
        return "{" + parts.joined(separator: ";") + "}"
    }
}
