/// One contract's answer from the checked environment compared with the baseline
/// environment's (`check --env staging --compare-env prod`): the judged differences, or why
/// there was nothing to compare.
public struct EnvironmentComparison: Sendable {
    /// How the comparison ended.
    public enum Outcome: Sendable {
        /// Both environments answered; the differences (none when the answers have the same
        /// structure).
        case compared([JudgedDifference])
        /// One side did not answer (or was not asked); the text says which and why.
        case notCompared(reason: String, unreachable: Bool)
    }

    /// The baseline environment's name (`prod`): what the app ships against today.
    public var baseline: String
    /// The checked environment's name (`staging`), or the base URL when it has no name.
    public var candidate: String
    /// Where the baseline's answer came from: `GET https://api.example.com/v1/orders`.
    public var baselineSource: String
    /// What the comparison found.
    public var outcome: Outcome

    /// Creates a comparison.
    public init(baseline: String, candidate: String, baselineSource: String, outcome: Outcome) {
        self.baseline = baseline
        self.candidate = candidate
        self.baselineSource = baselineSource
        self.outcome = outcome
    }

    /// The judged differences (empty when not compared).
    public var differences: [JudgedDifference] {
        if case .compared(let differences) = outcome { return differences }
        return []
    }

    /// Differences at `breaking`.
    public var breakingCount: Int { differences.filter { $0.severity == .breaking }.count }
    /// Differences at `warning`.
    public var warningCount: Int { differences.filter { $0.severity == .warning }.count }

    /// Whether the baseline could not be reached (its answer was a transport error, a server
    /// error or cut off): the run exits 3 unless drift makes it 1.
    public var isUnreachable: Bool {
        if case .notCompared(_, let unreachable) = outcome { return unreachable }
        return false
    }

    /// `same`, `breaking`, `warnings` or `not-compared`, as the JSON report's `status`.
    public var status: String {
        switch outcome {
        case .notCompared: return "not-compared"
        case .compared(let differences):
            if differences.isEmpty { return "same" }
            return differences.contains { $0.severity == .breaking } ? "breaking" : "warnings"
        }
    }
}
