extension JUnitReporter {
    /// The coverage as `properties` of the test suite (they come before its test cases), so
    /// the counts of tests, failures and errors stay those of the contracts' answers.
    func coverageProperties(of report: Report) -> String {
        guard let coverage = report.coverage else { return "" }
        var out = "    <properties>\n"
        func property(_ name: String, _ value: String) {
            out += "      <property name=\"\(escape(name))\" value=\"\(escape(value))\"/>\n"
        }
        property("coverage.requests", String(coverage.requests))
        property("coverage.uncoveredRequests", String(coverage.uncoveredRequests))
        for entry in coverage.exercised { property("coverage.exercised.\(entry.contract)", "\(entry.method) \(entry.path): \(entry.requests) requests, \(entry.drifted) drifted") }
        for entry in coverage.unexercised { property("coverage.unexercised.\(entry.contract)", "\(entry.method) \(entry.path)") }
        for entry in coverage.uncovered { property("coverage.uncovered.\(entry.method) \(entry.path)", "\(entry.requests) requests") }
        return out + "    </properties>\n"
    }

    /// The coverage block as the suite's `system-out`, after its test cases.
    func coverageOutput(of report: Report) -> String {
        guard let coverage = report.coverage else { return "" }
        return "    <system-out>\(escape(TextReporter(useColor: false).renderCoverage(coverage)))</system-out>\n"
    }
}
