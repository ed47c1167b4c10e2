extension TextReporter {
    /// The `--compare-env` section, after the contracts' blocks and before the summary line:
    /// for each contract how the checked environment's answer differs from the baseline's,
    /// each difference marked breaking (`✗`) or a warning (`!`) with the contract's reason,
    /// then a count line. Nothing when the run compared nothing.
    ///
    /// ```
    /// Compared with prod, the baseline: how the answers of staging differ
    /// orders  prod: GET https://api.example.com/v1/orders
    ///   ✗ /items/*/id  key-removed  prod number → staging absent  required by the contract
    ///
    /// 1 contract compared with prod: 0 the same, 1 with breaking differences, ...
    /// ```
    public func renderComparisons(_ report: Report) -> String {
        guard let summary = report.comparisonSummary else { return "" }
        let first = report.comparisons.lazy.compactMap { $0 }.first
        var out = paint("Compared with \(first?.baseline ?? ""), the baseline: how the answers of \(first?.candidate ?? "") differ", .bold) + "\n"
        for (index, result) in report.results.enumerated() {
            guard let comparison = report.comparison(at: index) else { continue }
            out += renderComparison(comparison, contract: result.contract)
        }
        out += "\n" + summary + "\n\n"
        return out
    }

    /// One contract's part of the section: its name and the baseline's request, then one
    /// line per difference, or `the same as prod`, or why it was not compared.
    public func renderComparison(_ comparison: EnvironmentComparison, contract: String) -> String {
        let differences: [JudgedDifference]
        switch comparison.outcome {
        case .notCompared(let reason, _):
            return paint(contract, .bold) + "  not compared: " + reason + "\n"
        case .compared(let judged):
            guard !judged.isEmpty else { return paint(contract, .bold) + "  " + paint("the same as \(comparison.baseline)", .green) + "\n" }
            differences = judged
        }
        var out = paint(contract, .bold) + "  \(comparison.baseline): \(comparison.baselineSource)\n"
        let places = differences.map { comparisonTarget($0.difference) }
        let kinds = differences.map(\.difference.kind.rawValue)
        let changes = differences.map { comparisonChange($0.difference, comparison) }
        let placeWidth = places.map(\.count).max() ?? 0, kindWidth = kinds.map(\.count).max() ?? 0
        let changeWidth = changes.map(\.count).max() ?? 0
        for (position, judged) in differences.enumerated() {
            let mark = judged.severity == .breaking ? paint("✗", .red) : paint("!", .yellow)
            var line = "  \(mark) " + pad(places[position], placeWidth) + "  " + pad(kinds[position], kindWidth)
                + "  " + pad(changes[position], changeWidth) + "  " + judged.reason
            if judged.severity == .warning { line += "  " + paint("(warning)", .yellow) }
            out += line + "\n"
        }
        return out
    }

    /// What a difference points at: the pointer, or `(status)`, `(headers)`, `(body)`.
    public func comparisonTarget(_ difference: ShapeDifference) -> String {
        switch difference.kind {
        case .statusChanged: return "(status)"
        case .contentTypeChanged: return "(headers)"
        case .bodyNotJSON: return "(body)"
        default: return difference.pointer.isEmpty ? "(root)" : difference.pointer
        }
    }

    /// `prod number → staging absent`; for an enum, `prod "a", "b" → staging adds "c"`.
    public func comparisonChange(_ difference: ShapeDifference, _ comparison: EnvironmentComparison) -> String {
        let new = difference.kind == .enumValueAdded ? "adds " + difference.newText : difference.newText
        return "\(comparison.baseline) \(difference.oldText) → \(comparison.candidate) \(new)"
    }
}
