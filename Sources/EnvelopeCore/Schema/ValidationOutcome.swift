/// Everything one validation found.
public struct ValidationOutcome: Sendable {
    /// Whether the document satisfies the schema in the JSON Schema sense.
    public var isValid: Bool
    /// The first violation or warning of each group, in order of discovery.
    public var violations: [Violation]
    /// Every violation and warning, grouped by kind and wildcard place as they were found.
    public var groups: [ViolationGroup] = []
    /// For each array, by wildcard pointer of its elements (`/result/list/*`), how many
    /// elements were validated in all; only when there are findings (``groups``), which are
    /// what the totals are for (a finding in 3 of 900 elements).
    public var arrayTotals: [String: Int]
}
