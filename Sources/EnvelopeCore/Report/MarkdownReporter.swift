/// Renders a Markdown summary for a pull-request comment: a headline, one table row per
/// contract, and a collapsed table of findings for each contract that drifted.
public struct MarkdownReporter: Sendable {
    /// Creates a reporter.
    public init() {}

    /// The Markdown text, ending in a newline.
    public func render(_ report: Report) -> String {
        let summary = TextReporter(useColor: false).summary(report)
        let verdict = report.exitCode == 0 ? "✅" : "❌"
        var out = "### \(verdict) Envelope: \(cell(summary))\n\n"
        out += problemTable(report)
        // Nothing was checked when a file did not load: no table of no contracts.
        if !report.results.isEmpty || report.problems.isEmpty {
            if !report.problems.isEmpty { out += "\n" }
            out += "| Contract | Result | Breaking | Warnings | Time |\n|---|---|---:|---:|---:|\n"
        }
        for (index, result) in report.results.enumerated() {
            let time = (report.transfer(at: index)?.timings.total ?? result.duration).map { format3($0) + " s" } ?? "–"
            out += "| `\(code(result.contract))` | \(status(result, report.failOn)) | \(result.breakingCount) | \(result.warningCount) | \(time) |\n"
        }
        for result in report.results where !result.findings.isEmpty {
            let count = result.findings.count
            out += "\n<details><summary><code>\(html(result.contract))</code>: \(count) finding\(count == 1 ? "" : "s")</summary>\n\n"
            out += "\(cell(result.source))\n\n"
            out += "| | Where | Kind | Hits | Expected | Found |\n|---|---|---|---|---|---|\n"
            let text = TextReporter(useColor: false)
            for finding in result.findings {
                let mark = finding.severity == .breaking ? "❌" : "⚠️"
                var found = finding.actual
                if let location = finding.location { found += " at \(location)" }
                let hits = finding.kind == .transportError ? (finding.keyword ?? "") : text.hitsText(finding)
                out += "| \(mark) | `\(code(text.target(finding)))` | \(finding.kind.rawValue) | \(cell(hits)) | \(cell(finding.expected)) | \(cell(found)) |\n"
            }
            out += "\n</details>\n"
        }
        out += comparisonSection(report)
        out += coverageSection(of: report)
        return out
    }

    /// The result column: ok, drift (failing or not) or unreachable.
    func status(_ result: ContractResult, _ failOn: FailLevel) -> String {
        switch result.status {
        case .ok: return "✅ ok"
        case .error:
            switch result.blockingFinding?.kind {
            case .serverError: return "❌ answered \(result.httpStatus.map(String.init) ?? "5xx")"
            case .bodyTooLarge: return "❌ cut off"
            default: return "❌ unreachable"
            }
        case .drift:
            return result.findings.contains { failOn.fails($0.severity) } ? "❌ drift" : "⚠️ drift"
        }
    }

    /// Text safe inside a table cell: no line breaks, `|` escaped, no HTML.
    func cell(_ text: String) -> String {
        html(text).replacing("|", with: "\\|").replacing("\r", with: " ").replacing("\n", with: " ")
    }

    /// Text safe inside a code span in a table cell (backticks cannot be escaped there).
    func code(_ text: String) -> String {
        text.replacing("`", with: "'").replacing("|", with: "\\|").replacing("\n", with: " ")
    }

    /// Escapes `&`, `<` and `>` so a value never becomes markup in the rendered comment.
    func html(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
    }
}
