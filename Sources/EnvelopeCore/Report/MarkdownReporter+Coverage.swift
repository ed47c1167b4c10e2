extension MarkdownReporter {
    /// A coverage section: the headline, then one table row per contract and per request
    /// shape no contract covers.
    func coverageSection(of report: Report) -> String {
        guard let coverage = report.coverage else { return "" }
        var out = "\n#### Coverage: \(cell(coverage.headline))\n\n| | Method | Path | Contract | Requests |\n|---|---|---|---|---:|\n"
        for entry in coverage.exercised {
            let mark = entry.drifted > 0 || entry.transportErrors > 0 ? "⚠️ exercised" : "✅ exercised"
            out += "| \(mark) | \(cell(entry.method)) | `\(code(entry.path))` | `\(code(entry.contract))` | \(entry.requests) |\n"
        }
        for entry in coverage.unexercised {
            out += "| ⬜ never | \(cell(entry.method)) | `\(code(entry.path))` | `\(code(entry.contract))` | 0 |\n"
        }
        for entry in coverage.uncovered {
            out += "| ❔ no contract | \(cell(entry.method)) | `\(code(entry.path))` | – | \(entry.requests) |\n"
        }
        return out
    }
}
