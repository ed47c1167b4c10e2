/// Renders the machine-readable report (docs/report-format.md); its fields are a public
/// interface, so add fields, never rename or remove them.
public struct JSONReporter: Sendable {
    /// Creates a reporter.
    public init() {}

    /// The report as pretty JSON text, ending in a newline.
    public func render(_ report: Report) -> String {
        value(of: report).serialized(pretty: true) + "\n"
    }

    /// The report as a JSON value.
    public func value(of report: Report) -> JSONValue {
        var members = [member("results", .array(report.results.enumerated().map { value(of: $1, transfer: report.transfer(at: $0), comparison: report.comparison(at: $0)) }))]
        members += problemMembers(of: report)
        members += coverageMembers(of: report)
        members.append(
            member("summary", .object([
                member("contracts", number(report.results.count)),
                member("ok", number(report.results.filter { $0.status == .ok }.count)),
                member("drift", number(report.results.filter { $0.status == .drift }.count)),
                member("errors", number(report.errorCount)),
                member("serverErrors", number(report.results.filter { $0.blockingFinding?.kind == .serverError }.count)),
                member("cutOff", number(report.results.filter { $0.blockingFinding?.kind == .bodyTooLarge }.count)),
                member("breaking", number(report.breakingCount)),
                member("warnings", number(report.warningCount)),
                member("failOn", .string(report.failOn.rawValue)),
                member("loadErrors", number(report.loadErrors.count)),
                member("exitCode", number(Int(report.exitCode))),
            ] + comparisonSummaryMembers(of: report))))
        return .object(members)
    }

    func value(of result: ContractResult, transfer: TransferRecord? = nil, comparison: EnvironmentComparison? = nil) -> JSONValue {
        var members = [
            member("contract", .string(result.contract)),
            member("file", .string(result.file)),
            member("source", .string(result.source)),
            member("valid", .bool(result.valid)),
            member("status", .string(result.status.rawValue)),
        ]
        if let httpStatus = result.httpStatus { members.append(member("httpStatus", number(httpStatus))) }
        if let duration = result.duration { members.append(member("duration", .number(String(format3(duration))))) }
        if let transfer {
            // Added fields (the report only ever grows): where the time went, how many attempts.
            let timings = transfer.timings
            members.append(member("timings", .object([
                member("dns", seconds(timings.dns)),
                member("connect", seconds(timings.connect)),
                member("tls", seconds(timings.tls)),
                member("firstByte", seconds(timings.firstByte)),
                member("total", seconds(timings.total)),
            ])))
            members.append(member("attempts", number(transfer.attempts)))
            if !transfer.httpVersion.isEmpty { members.append(member("httpVersion", .string(transfer.httpVersion))) }
            if transfer.redirects > 0 { members.append(member("redirects", number(transfer.redirects))) }
            if let finalURL = transfer.finalURL { members.append(member("finalURL", .string(finalURL))) }
        }
        members.append(member("findings", .array(result.findings.map(value(of:)))))
        if let comparison { members.append(member("comparison", value(of: comparison))) }
        return .object(members)
    }

    func value(of finding: DriftFinding) -> JSONValue {
        var members = [
            member("kind", .string(finding.kind.rawValue)),
            member("pointer", .string(finding.pointer)),
            member("severity", .string(finding.severity.rawValue)),
            member("count", number(finding.count)),
            member("total", number(finding.total)),
            member("indices", .array(finding.indices.map(number))),
            member("expected", .string(finding.expected)),
            member("actual", .string(finding.actual)),
        ]
        if !finding.indexPaths.isEmpty {
            // Added after `indices`, which holds only the innermost index of each.
            members.insert(member("indexPaths", .array(finding.indexPaths.map { .array($0.map(number)) })), at: 6)
        }
        if let keyword = finding.keyword { members.append(member("keyword", .string(keyword))) }
        if let location = finding.location {
            members.append(member("line", number(location.line)))
            members.append(member("column", number(location.column)))
        }
        if finding.locations.count > 1 {
            members.append(member("locations", .array(finding.locations.map {
                .object([member("line", number($0.line)), member("column", number($0.column))])
            })))
        }
        return .object(members)
    }

    func member(_ key: String, _ value: JSONValue) -> JSONValue.Member { JSONValue.Member(key: key, value: value) }
    func number(_ value: Int) -> JSONValue { .number(String(value)) }
    /// Seconds with microsecond precision: phases on a LAN are well under a millisecond.
    func seconds(_ value: Double) -> JSONValue { .number(format6(value)) }
}

/// Seconds with microsecond precision, as text without a locale.
func format6(_ seconds: Double) -> String {
    guard seconds.isFinite, seconds > 0 else { return "0" }
    let micros = Int((seconds * 1_000_000).rounded())
    let fraction = String(micros % 1_000_000)
    return "\(micros / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
}

/// Seconds with millisecond precision, as text without a locale.
func format3(_ seconds: Double) -> String {
    let millis = Int((seconds * 1000).rounded())
    let fraction = String(millis % 1000)
    return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
}
