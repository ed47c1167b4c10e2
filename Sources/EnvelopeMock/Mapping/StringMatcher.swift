/// A WireMock value matcher.
public indirect enum StringMatcher: Sendable, CustomStringConvertible {
    case equalTo(String, caseInsensitive: Bool)
    case contains(String)
    /// The value is present and does not contain the text.
    case doesNotContain(String)
    /// The regular expression must match the whole value.
    case matches(RegexPattern)
    /// The regular expression must not match the whole value (the value must be present).
    case doesNotMatch(RegexPattern)
    /// `absent: true`: the value must not be present.
    case absent
    /// Every matcher must accept the value.
    case and([StringMatcher])
    /// At least one matcher must accept the value.
    case or([StringMatcher])

    /// Whether `value` (nil when absent) satisfies this matcher.
    public func matches(_ value: String?) -> Bool {
        switch self {
        case .absent:
            return value == nil
        case .equalTo(let expected, let caseInsensitive):
            guard let value else { return false }
            return caseInsensitive ? value.lowercased() == expected.lowercased() : value == expected
        case .contains(let part):
            guard let value else { return false }
            return part.isEmpty || value.contains(part)
        case .doesNotContain(let part):
            guard let value else { return false }
            return part.isEmpty ? false : !value.contains(part)
        case .matches(let regex):
            guard let value else { return false }
            return regex.matchesWhole(value)
        case .doesNotMatch(let regex):
            guard let value else { return false }
            return !regex.matchesWhole(value)
        case .and(let matchers):
            return matchers.allSatisfy { $0.matches(value) }
        case .or(let matchers):
            return matchers.contains { $0.matches(value) }
        }
    }

    /// Whether one of `values` (a parameter or header sent several times) satisfies the
    /// matcher; with no values, whether absence does.
    public func matchesAny(_ values: [String]) -> Bool {
        if values.isEmpty { return matches(nil) }
        return values.contains { matches($0) }
    }

    public var description: String {
        switch self {
        case .equalTo(let value, let caseInsensitive):
            caseInsensitive ? "equalTo \(quoted(value)) (case-insensitive)" : "equalTo \(quoted(value))"
        case .contains(let value): "contains \(quoted(value))"
        case .doesNotContain(let value): "doesNotContain \(quoted(value))"
        case .matches(let regex): "matches \(quoted(regex.pattern))"
        case .doesNotMatch(let regex): "doesNotMatch \(quoted(regex.pattern))"
        case .absent: "absent"
        case .and(let matchers): "and(" + matchers.map(\.description).joined(separator: ", ") + ")"
        case .or(let matchers): "or(" + matchers.map(\.description).joined(separator: ", ") + ")"
        }
    }
}
