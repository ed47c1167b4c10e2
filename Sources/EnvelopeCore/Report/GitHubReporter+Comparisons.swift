extension GitHubReporter {
    /// One annotation per difference from the baseline environment, on the contract file at
    /// its `response`: `::error` for breaking, `::warning` otherwise, titled `orders:
    /// key-removed (staging vs prod)`; then the comparison's count line as a notice.
    func comparisonAnnotations(of report: Report) -> String {
        var out = ""
        let text = TextReporter(useColor: false)
        for (index, result) in report.results.enumerated() {
            guard let comparison = report.comparison(at: index) else { continue }
            var properties = ["file=" + escapeProperty(report.contractPath(of: result))]
            if let line = result.contractLocation?.line { properties.append("line=\(line)") }
            let versus = "\(comparison.candidate) vs \(comparison.baseline)"
            if case .notCompared(let reason, true) = comparison.outcome {
                let title = "title=" + escapeProperty("\(result.contract): not compared (\(versus))")
                out += "::error \((properties + [title]).joined(separator: ","))::\(escapeData(reason))\n"
            }
            for judged in comparison.differences {
                let command = judged.severity == .breaking ? "error" : "warning"
                let title = "title=" + escapeProperty("\(result.contract): \(judged.difference.kind.rawValue) (\(versus))")
                let message = "\(text.comparisonTarget(judged.difference)) \(text.comparisonChange(judged.difference, comparison)) (\(judged.reason))"
                out += "::\(command) \((properties + [title]).joined(separator: ","))::\(escapeData(message))\n"
            }
        }
        if let summary = report.comparisonSummary { out += summary + "\n" }
        return out
    }
}
