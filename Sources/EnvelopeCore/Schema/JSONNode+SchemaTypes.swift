extension JSONNode {
    /// Whether the value is a number with no fractional part (`1`, `1.0`, `1e2`).
    public var isInteger: Bool {
        guard kind == .number else { return false }
        if isIntegerLiteral { return true }
        guard let value = doubleValue, value.isFinite else { return false }
        return value.rounded(.towardZero) == value
    }
}
