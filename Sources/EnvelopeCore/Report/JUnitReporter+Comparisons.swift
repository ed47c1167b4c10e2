extension JUnitReporter {
    /// One test case per compared contract, `classname="comparison"`, named `orders (staging
    /// vs prod)`: a `<failure type="environment-difference">` when a difference is at or
    /// above `--fail-on`, an `<error type="not-compared">` when the baseline could not be
    /// reached, else `<system-out>` with the differences. The text is the contract's part of
    /// the text report's comparison section.
    func comparisonCases(of report: Report) -> ProblemCases {
        var cases = ProblemCases()
        let text = TextReporter(useColor: false)
        for (index, result) in report.results.enumerated() {
            guard let comparison = report.comparison(at: index) else { continue }
            cases.count += 1
            let name = "\(result.contract) (\(comparison.candidate) vs \(comparison.baseline))"
            let body = escape(text.renderComparison(comparison, contract: result.contract))
            cases.xml += "    <testcase classname=\"comparison\" name=\"\(escape(name))\" file=\"\(escape(result.file))\" time=\"0.000\">\n"
            let failing = comparison.differences.filter { report.failOn.fails($0.severity) }
            if case .notCompared(let reason, true) = comparison.outcome {
                cases.errors += 1
                cases.xml += "      <error message=\"\(escape(reason))\" type=\"not-compared\">\(body)</error>\n"
            } else if !failing.isEmpty {
                cases.failures += 1
                let message = failing.prefix(3).map { "\(text.comparisonTarget($0.difference)) \($0.difference.kind.rawValue)" }.joined(separator: "; ")
                    + (failing.count > 3 ? "; …" : "")
                cases.xml += "      <failure message=\"\(escape("\(failing.count) difference\(failing.count == 1 ? "" : "s") from \(comparison.baseline): \(message)"))\" type=\"environment-difference\">\(body)</failure>\n"
            } else {
                cases.xml += "      <system-out>\(body)</system-out>\n"
            }
            cases.xml += "    </testcase>\n"
        }
        return cases
    }
}
