extension JSONNode {
    /// The value at `pointer` below this one, or nil.
    public func resolve(pointer: String) -> JSONNode? {
        guard let tokens = JSONPointer.tokens(pointer) else { return nil }
        var node = self
        for token in tokens {
            switch node.kind {
            case .object:
                guard let next = node[token] else { return nil }
                node = next
            case .array:
                guard let index = Int(token), index >= 0, index < node.count,
                      token == String(index) else { return nil }
                node = node.elements[index]
            default:
                return nil
            }
        }
        return node
    }
}
