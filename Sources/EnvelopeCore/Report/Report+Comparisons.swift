extension Report {
    /// The comparison of the result at `index` with the baseline environment, if there is one.
    public func comparison(at index: Int) -> EnvironmentComparison? {
        comparisons.indices.contains(index) ? comparisons[index] : nil
    }

    /// The baseline environment's name, when the run compared with one.
    public var comparedEnvironment: String? {
        comparisons.lazy.compactMap { $0?.baseline }.first
    }

    /// Whether a difference from the baseline is at or above `failOn`.
    var comparisonFails: Bool {
        comparisons.contains { comparison in comparison?.differences.contains { failOn.fails($0.severity) } ?? false }
    }

    /// Whether a baseline answer could not be had: like an unreachable contract, exit 3.
    var comparisonUnreachable: Bool {
        comparisons.contains { $0?.isUnreachable ?? false }
    }

    /// `3 compared with prod: 1 the same, 1 with breaking differences, 1 with warnings, 1 not
    /// compared`, or nil when the run compared nothing.
    public var comparisonSummary: String? {
        let present = comparisons.compactMap { $0 }
        guard let baseline = present.first?.baseline else { return nil }
        let counts = ["same", "breaking", "warnings", "not-compared"].map { status in present.filter { $0.status == status }.count }
        let breaking = present.reduce(0) { $0 + $1.breakingCount }, warnings = present.reduce(0) { $0 + $1.warningCount }
        return "\(subject.counted(present.count)) compared with \(baseline): \(counts[0]) the same, \(counts[1]) with breaking differences, "
            + "\(counts[2]) with warnings only, \(counts[3]) not compared (\(breaking) breaking, \(warnings) warning\(warnings == 1 ? "" : "s"))"
    }
}
