/// Renders a report for people: one block per contract, findings aligned by column, colour
/// only when asked (the caller decides from the terminal and `NO_COLOR`).
public struct TextReporter: Sendable {
    /// Whether to use ANSI colours.
    public var useColor: Bool
    /// Whether the files that did not load get a block each; without, the summary line still
    /// counts them (for a terminal whose standard error has shown them already).
    public var listsProblems: Bool

    /// Creates a reporter.
    public init(useColor: Bool = false, listsProblems: Bool = true) {
        self.useColor = useColor
        self.listsProblems = listsProblems
    }

    /// The whole report as text, ending in a newline.
    public func render(_ report: Report) -> String {
        var out = listsProblems ? renderProblems(report) : ""
        for (index, result) in report.results.enumerated() {
            out += renderResult(result, failOn: report.failOn, transfer: report.transfer(at: index), redactor: report.redactor)
            out += "\n"
        }
        out += renderComparisons(report)
        if let coverage = report.coverage { out += renderCoverage(coverage) }
        out += summary(report) + "\n"
        return out
    }

    /// One contract's block. With a `transfer` that kept the body, each breaking finding also
    /// shows the lines of the body around its first place, secrets hidden by `redactor`.
    public func renderResult(_ result: ContractResult, failOn: FailLevel, transfer: TransferRecord? = nil,
                             redactor: Redactor = Redactor()) -> String {
        var out = header(result, transfer: transfer)
        if result.findings.isEmpty {
            out += "  " + paint("ok", .green) + (result.valid ? "" : " (invalid)") + "\n"
            return out
        }
        let targets = result.findings.map(target)
        let kinds = result.findings.map(\.kind.rawValue)
        let targetWidth = targets.map(\.count).max() ?? 0
        let kindWidth = kinds.map(\.count).max() ?? 0
        for (position, finding) in result.findings.enumerated() {
            let mark: String
            switch finding.severity {
            case .breaking: mark = paint("✗", .red)
            case .warning: mark = paint("!", .yellow)
            case .ignore: mark = " "
            }
            var line = "  \(mark) " + pad(targets[position], targetWidth) + "  " + pad(kinds[position], kindWidth)
            var hits = hitsText(finding)
            if finding.kind == .transportError, let keyword = finding.keyword { hits = keyword }
            if !hits.isEmpty { line += "  " + hits }
            if finding.severity == .warning { line += "  " + paint("(warning)", .yellow) }
            out += line.trimmingTrailingSpaces() + "\n"
            var detail = "      expected \(finding.expected), found \(finding.actual)"
            if finding.kind == .transportError || finding.kind == .bodyTooLarge { detail = "      " + finding.actual }
            if let location = finding.location { detail += " at \(location)" }
            out += paint(detail, .dim) + "\n"
            if finding.severity == .breaking, let location = finding.location, let body = transfer?.body {
                for line in BodyExcerpt().lines(of: body, at: location, note: finding.kind.rawValue) {
                    out += "      " + redactor.redact(line) + "\n"
                }
            }
        }
        return out
    }

    /// A result's first lines: the contract, where the answer came from and how long it took
    /// (only where there was a fetch), and where redirects led.
    func header(_ result: ContractResult, transfer: TransferRecord?) -> String {
        var out = paint(result.contract, .bold) + "  " + result.source
        if let duration = result.duration { out += "  " + paint("(\(durationText(duration)))", .dim) }
        out += "\n"
        if let transfer, transfer.redirects > 0, let finalURL = transfer.finalURL {
            out += "  after \(transfer.redirects) redirect\(transfer.redirects == 1 ? "" : "s"): \(finalURL)\n"
        }
        return out
    }

    /// The last line: counts and the verdict.
    public func summary(_ report: Report) -> String {
        if let line = loadErrorSummary(report) { return paint(line, .red) }
        let total = report.results.count
        let ok = report.results.filter { $0.status == .ok }.count
        let drifted = report.results.filter { $0.status == .drift }.count
        var parts = ["\(ok) ok", "\(drifted) with drift"]
        parts += unjudgedParts(report)
        let counts = "\(report.breakingCount) breaking, \(report.warningCount) warning\(report.warningCount == 1 ? "" : "s")"
        let line = report.subject.counted(total) + ": " + parts.joined(separator: ", ") + " (\(counts))" + problemSuffix(report)
        return report.exitCode == 0 ? paint(line, .green) : paint(line, .red)
    }

    /// The summary's counts of answers that could not be judged, as English: `1 unreachable`,
    /// `1 answered 500`, `2 answered 503`, `1 cut off at --max-body`.
    func unjudgedParts(_ report: Report) -> [String] {
        let blocking = report.results.compactMap { result in result.blockingFinding.map { (result, $0.kind) } }
        var parts: [String] = []
        let unreachable = blocking.filter { $0.1 == .transportError }.count
        if unreachable > 0 { parts.append("\(unreachable) unreachable") }
        let statuses = blocking.filter { $0.1 == .serverError }.map { $0.0.httpStatus.map(String.init) ?? "5xx" }
        for status in Set(statuses).sorted() {
            parts.append("\(statuses.filter { $0 == status }.count) answered \(status)")
        }
        let cutOff = blocking.filter { $0.1 == .bodyTooLarge }.count
        if cutOff > 0 { parts.append("\(cutOff) cut off at --max-body") }
        return parts
    }

    /// What a finding points at: the pointer, or the status line or header for those kinds.
    func target(_ finding: DriftFinding) -> String {
        switch finding.kind {
        case .statusMismatch: return "(status)"
        case .headerMismatch: return "(headers)"
        case .transportError: return "(request)"
        case .serverError: return "(status)"
        case .notJSON, .bodyTooLarge: return "(body)"
        case .slowAnswer: return "(time)"
        default: return finding.pointer.isEmpty ? "(root)" : finding.pointer
        }
    }

    /// `4 of 9 (#3, #6, #7, #8)` for findings in arrays; empty for one-off places.
    func hitsText(_ finding: DriftFinding) -> String {
        guard finding.total > 1 || finding.indices.count > 0 else { return "" }
        var text = "\(finding.count) of \(finding.total)"
        if !finding.indices.isEmpty && finding.count < finding.total {
            // In nested arrays the whole path of indices: `#2/0` is moves[2][0].
            let shown = finding.indexPaths.isEmpty
                ? finding.indices.prefix(10).map { "#\($0)" }.joined(separator: ", ")
                : finding.indexPaths.prefix(10).map { "#" + $0.map(String.init).joined(separator: "/") }.joined(separator: ", ")
            text += " (" + shown + (finding.count > 10 ? ", …" : "") + ")"
        }
        return text
    }

    enum Style: String {
        case bold = "1", dim = "2", red = "31", green = "32", yellow = "33"
    }

    func paint(_ text: String, _ style: Style) -> String {
        useColor ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }

    func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
