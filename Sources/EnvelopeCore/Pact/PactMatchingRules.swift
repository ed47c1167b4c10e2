/// The matching rules of a request or an answer, by category: for the body by path, for
/// headers and query parameters by name, and one set each for the path and the status.
public struct PactMatchingRules: Sendable {
    /// Body rules, keyed by their path (`$.items[*].id`), in file order.
    public var body: [(path: PactPath, rules: PactRuleSet)] = []
    /// Header rules by header name, in file order.
    public var header: [(name: String, rules: PactRuleSet)] = []
    /// Query rules by parameter name, in file order.
    public var query: [(name: String, rules: PactRuleSet)] = []
    /// The path's rules, if any.
    public var path: PactRuleSet?
    /// The status's rules (`statusCode`), if any.
    public var status: PactRuleSet?

    /// No rules.
    public init() {}

    /// Whether there is no rule at all.
    public var isEmpty: Bool { body.isEmpty && header.isEmpty && query.isEmpty && path == nil && status == nil }

    /// The rules for the header `name` (compared without case).
    public func header(_ name: String) -> PactRuleSet? {
        header.first { $0.name.lowercased() == name.lowercased() }?.rules
    }

    /// The rules for the query parameter `name`.
    public func query(_ name: String) -> PactRuleSet? {
        query.first { $0.name == name }?.rules
    }
}

/// The matchers at one place, and how they combine.
public struct PactRuleSet: Sendable {
    /// How the matchers combine: all must pass (`AND`, the default) or one (`OR`).
    public enum Combine: String, Sendable {
        /// Every matcher must pass.
        case and = "AND"
        /// One matcher must pass.
        case or = "OR"
    }

    /// The matchers, in order.
    public var matchers: [PactMatcher]
    /// How they combine.
    public var combine: Combine
    /// Where the rules are in the file.
    public var location: SourceLocation

    /// Creates a rule set.
    public init(matchers: [PactMatcher], combine: Combine = .and, location: SourceLocation) {
        self.matchers = matchers
        self.combine = combine
        self.location = location
    }
}
