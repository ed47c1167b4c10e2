/// Objects and arrays: the walk into members and elements, and what Pact makes of keys.
extension PactRuleWriter {
    /// A Pact path one member further: `$.items` or `$['two words']`.
    static func memberPath(_ path: String, _ key: String) -> String {
        let plain = !key.isEmpty && key.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil)) || $0 == "_" }
        if plain { return path + "." + key }
        return path + "['" + key.replacingOccurrences(of: "'", with: "\\'") + "']"
    }

    mutating func walkObject(_ members: [JSONValue.Member], _ e: EffectiveSchema, pointer: String, path: String, depth: Int) {
        let keys = Set(members.map(\.key))
        for key in e.required.subtracting(keys).sorted() {
            note(JSONPointer.appending(key, to: pointer), "required, but the example has no such key: Pact does not ask for it")
        }
        if e.properties.isEmpty && e.patternProperties.isEmpty {
            if let additional = nonTrivial(e.additionalProperties) {
                // A map: Pact's `values` lets its keys be anything.
                addValuesMatcher(at: path, pointer: pointer)
                for member in members {
                    walk(member.value, schemas: additional, pointer: pointer + "/*", path: path + ".*", depth: depth + 1)
                }
            } else if !members.isEmpty {
                note(pointer, "the schema lists no keys: Pact asks for every key of the example, by its type")
            }
            return
        }
        if let additional = nonTrivialOrNil(e.additionalProperties), resolver.effective(additional).acceptsNothing {
            note(pointer, "additionalProperties false: Pact accepts keys the example does not have")
        }
        var optional: [String] = []
        for member in members {
            let childPointer = JSONPointer.appending(member.key, to: pointer)
            let childPath = Self.memberPath(path, member.key)
            var schemas = e.properties[member.key] ?? []
            for (pattern, patterned) in e.patternProperties where SchemaRegex(pattern)?.matches(member.key) == true { schemas += patterned }
            if schemas.isEmpty { schemas = e.additionalProperties }
            if schemas.isEmpty {
                note(childPointer, "not in the schema (an unknown-key warning for envelope): Pact asks for it, by its type")
                add(childPath, [Self.matcher("type")], combine: "AND")
                continue
            }
            if e.properties[member.key] != nil, !e.required.contains(member.key) { optional.append(member.key) }
            walk(member.value, schemas: schemas, pointer: childPointer, path: childPath, depth: depth + 1)
        }
        if !optional.isEmpty {
            let list = optional.map { "'\($0)'" }.joined(separator: ", ")
            note(pointer, "optional key\(optional.count == 1 ? "" : "s") \(list) in the example: Pact asks for every key the example has")
        }
    }

    mutating func walkArray(_ elements: [JSONValue], _ e: EffectiveSchema, pointer: String, path: String, depth: Int) {
        for (position, element) in elements.enumerated() where position < e.prefixItems.count {
            walk(element, schemas: e.prefixItems[position], pointer: JSONPointer.appending(index: position, to: pointer),
                 path: path + "[\(position)]", depth: depth + 1)
        }
        let rest = elements.dropFirst(e.prefixItems.count)
        if e.items.isEmpty {
            if !rest.isEmpty { note(pointer, "the schema says nothing of the items: Pact checks them by the example's types") }
            return
        }
        if elements.isEmpty { note(pointer, "the example array is empty: Pact cannot check its items") }
        for element in rest {
            walk(element, schemas: e.items, pointer: pointer + "/*", path: path + "[*]", depth: depth + 1)
        }
    }

    /// The schemas, unless every one accepts anything (`{}` or `true`).
    private func nonTrivial(_ schemas: [ScopedSchema]) -> [ScopedSchema]? {
        guard !schemas.isEmpty else { return nil }
        let e = resolver.effective(schemas)
        let open = !e.acceptsNothing && e.types == nil && e.values == nil && e.properties.isEmpty && e.items.isEmpty
            && e.anyOf.isEmpty && e.oneOf.isEmpty && e.patterns.isEmpty && e.required.isEmpty && e.additionalProperties.isEmpty
        return open ? nil : schemas
    }

    private func nonTrivialOrNil(_ schemas: [ScopedSchema]) -> [ScopedSchema]? {
        schemas.isEmpty ? nil : schemas
    }
}
