extension HeaderExpectation {
    /// Whether a header `value` (nil when the header is absent) satisfies the rule, as
    /// validation judges it.
    public func isSatisfied(by value: String?) -> Bool {
        switch rule {
        case .equals(let wanted): value == wanted
        case .pattern(let regex): value.map(regex.matches) ?? false
        case .absent: value == nil
        }
    }
}
