/// Renders GitHub Actions workflow commands: one `::error` (breaking) or `::warning` annotation
/// per finding, pointing at the contract file and the line of its `response`, so the finding
/// shows on the contract in the pull request; then the summary line.
///
/// `::error file=Contracts/hanyang-menu.json,line=7,title=hanyang-menu: unexpected-null::…`
public struct GitHubReporter: Sendable {
    /// Creates a reporter.
    public init() {}

    /// The annotations and summary, ending in a newline.
    public func render(_ report: Report) -> String {
        var out = annotations(of: report.problems)
        for result in report.results {
            for finding in result.findings where finding.severity != .ignore {
                let command = finding.severity == .breaking ? "error" : "warning"
                var properties = ["file=" + escapeProperty(report.contractPath(of: result))]
                if let line = result.contractLocation?.line { properties.append("line=\(line)") }
                properties.append("title=" + escapeProperty("\(result.contract): \(finding.kind.rawValue)"))
                out += "::\(command) \(properties.joined(separator: ","))::\(escapeData(message(finding, result)))\n"
            }
        }
        out += comparisonAnnotations(of: report)
        out += coverageAnnotations(of: report)
        out += TextReporter(useColor: false).summary(report) + "\n"
        return out
    }

    /// One line saying what drifted, where in the answer, and where the answer came from.
    func message(_ finding: DriftFinding, _ result: ContractResult) -> String {
        let text = TextReporter(useColor: false)
        if finding.kind == .transportError || finding.kind == .bodyTooLarge {
            return "\(result.source): \(finding.actual)"
        }
        var line = text.target(finding) + " " + finding.kind.rawValue
        let hits = text.hitsText(finding)
        if !hits.isEmpty { line += " " + hits }
        line += ": expected \(finding.expected), found \(finding.actual)"
        if let location = finding.location { line += " at \(location) of the answer" }
        return line + " (\(result.source))"
    }

    /// Workflow-command data escaping: `%`, CR and LF.
    func escapeData(_ text: String) -> String {
        text.replacing("%", with: "%25").replacing("\r", with: "%0D").replacing("\n", with: "%0A")
    }

    /// Workflow-command property escaping: the data escapes plus `:` and `,`.
    func escapeProperty(_ text: String) -> String {
        escapeData(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }
}
