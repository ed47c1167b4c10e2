/// Renders JUnit XML (the Jenkins/Surefire dialect CI systems read): one testcase per
/// contract, a `failure` when it has findings at or above `--fail-on`, an `error` when its
/// answer could not be fetched.
public struct JUnitReporter: Sendable {
    /// Creates a reporter.
    public init() {}

    /// The report as an XML document, ending in a newline.
    public func render(_ report: Report, suiteName: String = "envelope") -> String {
        let text = TextReporter(useColor: false)
        let problemCases = problemCases(of: report)
        let comparisonCases = comparisonCases(of: report)
        let failures = report.results.filter { isFailure($0, report.failOn) && $0.status != .error }.count + problemCases.failures + comparisonCases.failures
        let errors = report.errorCount + problemCases.errors + comparisonCases.errors
        let tests = report.results.count + problemCases.count + comparisonCases.count
        let time = format3(report.results.indices.map { report.transfer(at: $0)?.timings.total ?? report.results[$0].duration ?? 0 }.reduce(0, +))
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(escape(suiteName))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(time)\">\n"
        out += "  <testsuite name=\"\(escape(suiteName))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\" time=\"\(time)\">\n"
        out += coverageProperties(of: report)
        for (index, result) in report.results.enumerated() {
            let transfer = report.transfer(at: index)
            // The request's total time from libcurl when there was a fetch.
            let caseTime = format3(transfer?.timings.total ?? result.duration ?? 0)
            out += "    <testcase classname=\"contracts\" name=\"\(escape(result.contract))\" file=\"\(escape(result.file))\" time=\"\(caseTime)\">\n"
            let body = escape(text.renderResult(result, failOn: report.failOn, transfer: transfer, redactor: report.redactor))
            if result.status == .error {
                let blocking = result.blockingFinding
                let message = blocking?.actual ?? "transport error"
                out += "      <error message=\"\(escape(message))\" type=\"\(blocking?.kind.rawValue ?? "transport-error")\">\(body)</error>\n"
            } else if isFailure(result, report.failOn) {
                let failing = result.findings.filter { report.failOn.fails($0.severity) }
                // A finding without a pointer (status, headers, not JSON) is named by its kind alone.
                let message = failing.prefix(3).map { $0.pointer.isEmpty ? $0.kind.rawValue : "\($0.pointer) \($0.kind.rawValue)" }.joined(separator: "; ")
                    + (failing.count > 3 ? "; …" : "")
                out += "      <failure message=\"\(escape("\(failing.count) finding\(failing.count == 1 ? "" : "s"): \(message)"))\" type=\"drift\">\(body)</failure>\n"
            } else if !result.findings.isEmpty {
                out += "      <system-out>\(body)</system-out>\n"
            }
            out += "    </testcase>\n"
        }
        out += comparisonCases.xml
        out += problemCases.xml
        out += coverageOutput(of: report)
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    func isFailure(_ result: ContractResult, _ failOn: FailLevel) -> Bool {
        result.findings.contains { !$0.kind.blocksValidation && failOn.fails($0.severity) }
    }

    /// Escapes text for XML attributes and content; drops characters XML 1.0 cannot hold.
    func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n", "\t", "\r": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: out += "?"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
