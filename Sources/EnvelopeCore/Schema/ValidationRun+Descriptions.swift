extension ValidationRun {
    /// A short excerpt of a value for a report: scalars as written (cut at 40 characters),
    /// containers by kind and size.
    func excerpt(_ instance: Int) -> String {
        let value = node(instance)
        switch value.kind {
        case .object: return value.count == 0 ? "{}" : "object (\(counted(value.count, "key")))"
        case .array: return value.count == 0 ? "[]" : "array (\(counted(value.count, "item")))"
        default:
            let text = value.rawText
            guard text.count > 40 else { return text }
            return String(text.prefix(39)) + "…"
        }
    }

    /// Describes what a schema expects, briefly: its type, or its $ref.
    func describe(schema index: Int) -> String {
        var current = index
        var seen: Set<Int> = []
        while seen.insert(current).inserted {
            let node = nodes[current]
            if let types = node.types { return types.description }
            if let constant = node.constValue { return constant.serialized() }
            if let values = node.enumValues { return "one of " + values.prefix(5).map { $0.serialized() }.joined(separator: ", ") }
            guard let next = node.ref ?? node.dynamicRef?.fallback else { break }
            current = next
        }
        return "a value"
    }
}
