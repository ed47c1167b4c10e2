extension JUnitReporter {
    /// The test cases of the files with problems, and what they add to the suite's counts.
    struct ProblemCases {
        var xml = ""
        var count = 0
        var errors = 0
        var failures = 0
    }

    /// One test case per file with problems, named by the file: an `<error type="load-error">`
    /// when it did not load, else (lint's warnings) a `<failure type="lint-warning">` under
    /// `--fail-on warning` or `<system-out>`. The text is the file's block of the text report.
    func problemCases(of report: Report) -> ProblemCases {
        var cases = ProblemCases()
        let text = TextReporter(useColor: false)
        for (file, problems) in report.problemsByFile {
            cases.count += 1
            var single = report
            single.problems = problems
            single.results = []
            // The block without the blank line that separates blocks in the text report.
            let body = escape(String(text.renderProblems(single).dropLast()))
            let first = problems.first { $0.level == .error } ?? problems[0]
            let message = escape((first.location.map { "\($0): " } ?? "") + first.message + (problems.count > 1 ? " (and \(problems.count - 1) more)" : ""))
            cases.xml += "    <testcase classname=\"files\" name=\"\(escape(file))\" file=\"\(escape(file))\" time=\"0.000\">\n"
            if first.level == .error {
                cases.errors += 1
                cases.xml += "      <error message=\"\(message)\" type=\"load-error\">\(body)</error>\n"
            } else if report.failOn.fails(.warning) {
                cases.failures += 1
                cases.xml += "      <failure message=\"\(message)\" type=\"lint-warning\">\(body)</failure>\n"
            } else {
                cases.xml += "      <system-out>\(body)</system-out>\n"
            }
            cases.xml += "    </testcase>\n"
        }
        return cases
    }
}
