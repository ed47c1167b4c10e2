/// One rule for a response header.
public struct HeaderExpectation: Sendable {
    /// How the header's value is judged.
    public enum Rule: Sendable {
        /// Exactly this value.
        case equals(String)
        /// A value the expression matches.
        case pattern(SchemaRegex)
        /// No such header.
        case absent
    }

    /// The header name (matched ignoring case).
    public var name: String
    /// The rule.
    public var rule: Rule

    /// The rule in words, for reports.
    public var expected: String {
        switch rule {
        case .equals(let value): "\(name): \(value)"
        case .pattern(let regex): "\(name) matching /\(regex.source)/"
        case .absent: "no \(name) header"
        }
    }
}
