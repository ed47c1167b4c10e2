/// One structural difference between a baseline answer and a changed one, judged by the
/// contract: whether it breaks the app, and which rule says so.
public struct JudgedDifference: Sendable, Hashable {
    /// What differs, and where.
    public var difference: ShapeDifference
    /// `breaking` when a rule of the contract fails on the changed answer, else `warning`.
    public var severity: Severity
    /// Why, in words: `required by the contract`, `not in the contract`.
    public var reason: String
    /// The drift kind whose severity setting (the contract's `drift`, `--drift`) decided the
    /// severity, when a contract rule did; nil where no rule applies.
    public var driftKind: DriftKind?

    /// Creates a judged difference.
    public init(difference: ShapeDifference, severity: Severity, reason: String, driftKind: DriftKind? = nil) {
        self.difference = difference
        self.severity = severity
        self.reason = reason
        self.driftKind = driftKind
    }
}
