extension MarkdownReporter {
    /// The `--compare-env` section, after the contracts' findings: its count line, a table
    /// with one row per compared contract, and a collapsed table of each contract's
    /// differences (prod's side, staging's, and the contract's reason). Nothing when the run
    /// compared nothing.
    func comparisonSection(_ report: Report) -> String {
        guard let summary = report.comparisonSummary, let first = report.comparisons.lazy.compactMap({ $0 }).first else { return "" }
        let (baseline, candidate) = (first.baseline, first.candidate)
        var out = "\n#### Compared with \(cell(baseline)), the baseline: how the answers of \(cell(candidate)) differ\n\n\(cell(summary))\n\n"
        out += "| Contract | Comparison | Breaking | Warnings |\n|---|---|---:|---:|\n"
        for (index, result) in report.results.enumerated() {
            guard let comparison = report.comparison(at: index) else { continue }
            out += "| `\(code(result.contract))` | \(comparisonStatus(comparison, report.failOn)) | \(comparison.breakingCount) | \(comparison.warningCount) |\n"
        }
        let text = TextReporter(useColor: false)
        for (index, result) in report.results.enumerated() {
            guard let comparison = report.comparison(at: index), !comparison.differences.isEmpty else { continue }
            let count = comparison.differences.count
            out += "\n<details><summary><code>\(html(result.contract))</code>: \(count) difference\(count == 1 ? "" : "s") from \(html(baseline))</summary>\n\n"
            out += "\(cell(baseline)): \(cell(comparison.baselineSource))\n\n"
            out += "| | Where | Kind | \(cell(baseline)) | \(cell(candidate)) | Why |\n|---|---|---|---|---|---|\n"
            for judged in comparison.differences {
                let mark = judged.severity == .breaking ? "❌" : "⚠️"
                let difference = judged.difference
                let new = difference.kind == .enumValueAdded ? "adds " + difference.newText : difference.newText
                out += "| \(mark) | `\(code(text.comparisonTarget(difference)))` | \(difference.kind.rawValue) | \(cell(difference.oldText)) | \(cell(new)) | \(cell(judged.reason)) |\n"
            }
            out += "\n</details>\n"
        }
        return out
    }

    /// The comparison column: the same, breaking (failing or not), warnings, or not compared.
    func comparisonStatus(_ comparison: EnvironmentComparison, _ failOn: FailLevel) -> String {
        switch comparison.outcome {
        case .notCompared(let reason, let unreachable): return (unreachable ? "❌" : "➖") + " not compared: " + cell(reason)
        case .compared(let differences):
            if differences.isEmpty { return "✅ the same" }
            let failing = differences.contains { failOn.fails($0.severity) }
            let kind = differences.contains { $0.severity == .breaking } ? "breaking" : "warnings"
            return (failing ? "❌ " : "⚠️ ") + kind
        }
    }
}
