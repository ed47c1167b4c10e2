/// Turns query parameter text into the JSON values a query schema expects: a parameter is
/// text on the wire, so `"2"` stands for the number 2 when the schema says `integer`.
///
/// Text that does not read as the schema's type stays a string, so the validator reports it
/// as a type mismatch with the text as written.
struct QueryCoercion {
    let schema: CompiledSchema
    let root: Int

    /// The JSON value for the parameter `key` written `items.count` times.
    func value(for key: String, items: [QueryItem]) -> JSONValue {
        let property = propertySchema(named: key)
        let types = property.flatMap { self.types(of: $0) }
        if let types, types.contains(.array) || (items.count > 1 && types.isEmpty) {
            let element = property.flatMap { itemsSchema(of: $0) }.flatMap { self.types(of: $0) }
            return .array(items.map { scalar($0.value, as: element) })
        }
        if items.count > 1 {
            // Several values where the schema wants one: show them all, so the finding says
            // "found array (2 items)" rather than quietly keeping one.
            return .array(items.map { scalar($0.value, as: types) })
        }
        return scalar(items.first?.value, as: types)
    }

    /// One value: a number, boolean or null where the schema allows it and the text reads as
    /// one, else the text.
    func scalar(_ text: String?, as types: SchemaTypeSet?) -> JSONValue {
        guard let text else {
            // A bare `?flag` with no `=`: true for a boolean, else the empty string.
            return types?.contains(.boolean) == true ? .bool(true) : .string("")
        }
        guard let types else { return .string(text) }
        if types.contains(.integer) || types.contains(.number), isJSONNumber(text) {
            return .number(text)
        }
        if types.contains(.boolean), text == "true" || text == "false" {
            return .bool(text == "true")
        }
        if types.contains(.null), text == "null", !types.contains(.string) {
            return .null
        }
        return .string(text)
    }

    /// Whether `text` is a number as JSON writes one (`-1.5e3`, not `1.` or `0x1F`).
    func isJSONNumber(_ text: String) -> Bool {
        guard let document = try? JSONDocument.parse(text) else { return false }
        return document.root.kind == .number
    }

    /// The schema of property `name` of the query object (following `$ref`s and `allOf`).
    func propertySchema(named name: String) -> Int? {
        var pending = [root]
        var seen: Set<Int> = []
        while let index = pending.popLast() {
            guard seen.insert(index).inserted else { continue }
            let node = schema.nodes[index]
            if let match = node.properties.first(where: { $0.name == name }) { return match.schema }
            if let ref = node.ref { pending.append(ref) }
            pending += node.allOf
        }
        return nil
    }

    /// The `items` schema of an array schema.
    func itemsSchema(of index: Int) -> Int? {
        var current = index
        var seen: Set<Int> = []
        while seen.insert(current).inserted {
            let node = schema.nodes[current]
            if let items = node.items { return items }
            guard let next = node.ref else { return nil }
            current = next
        }
        return nil
    }

    /// The `type` of a schema, following `$ref`s; an `enum` of numbers counts as `number`.
    func types(of index: Int) -> SchemaTypeSet? {
        var current = index
        var seen: Set<Int> = []
        while seen.insert(current).inserted {
            let node = schema.nodes[current]
            if let types = node.types { return types }
            if let values = node.enumValues ?? node.constValue.map({ [$0] }) {
                var set: SchemaTypeSet = []
                for value in values {
                    switch value.kind {
                    case .number: set.insert(.number)
                    case .bool: set.insert(.boolean)
                    case .null: set.insert(.null)
                    default: set.insert(.string)
                    }
                }
                return set
            }
            guard let next = node.ref else { return nil }
            current = next
        }
        return nil
    }
}
