/// Renders a report as one self-contained HTML page (`--format html`): a summary on top, the
/// files that did not load, a table of the results, then per result its findings grouped by
/// pointer, expected beside found, with the lines of the body around each place and the
/// character at its column marked. No script, no network, light and dark, printable.
///
/// Every text that comes from the run is redacted before it is escaped, so a secret holding
/// `&` or `<` is hidden as surely as in the other formats.
public struct HTMLReporter: Sendable {
    /// Creates a reporter.
    public init() {}

    /// The page, ending in a newline.
    public func render(_ report: Report) -> String {
        let summary = TextReporter(useColor: false).summary(report)
        return HTML.document(title: pageName(report) + ": " + report.redactor.redact(summary), sections: sections(of: report))
    }

    /// The page's sections, top to bottom. A new part of the report (such as a proxy's
    /// coverage tables) is one more function returning a section, added to this list.
    func sections(of report: Report) -> [String] {
        [
            summarySection(report),
            HTML.problemSection(report.problems, redactor: report.redactor),
            overviewSection(report),
            coverageSection(report),
            resultSections(report),
            comparisonSection(report),
        ]
    }

    /// The verdict, the text report's summary line and the counts the JSON report's
    /// `summary` holds (each with the id `summary-FIELD`).
    func summarySection(_ report: Report) -> String {
        let summary = TextReporter(useColor: false).summary(report)
        let tone = verdictTone(report)
        var out = "<header class=\"card summary \(tone)\" id=\"summary\">\n<div class=\"verdict\"><h1>\(pageName(report)) report</h1> "
        out += HTML.badge(verdictText(report), tone: tone) + "</div>\n"
        out += "<p class=\"headline\">\(text(summary, report.redactor))</p>\n" + comparisonHeadline(report) + coverageHeadline(report) + "<dl class=\"stats\">\n"
        let results = report.results
        let serverErrors = results.filter { $0.blockingFinding?.kind == .serverError }.count
        let cutOff = results.filter { $0.blockingFinding?.kind == .bodyTooLarge }.count
        var stats = [
            HTML.statistic(noun(report.subject), String(results.count), id: "summary-contracts"),
            HTML.statistic("ok", String(results.filter { $0.status == .ok }.count), id: "summary-ok", tone: "good"),
            HTML.statistic("with drift", String(results.filter { $0.status == .drift }.count), id: "summary-drift"),
            HTML.statistic("breaking", String(report.breakingCount), id: "summary-breaking", tone: report.breakingCount > 0 ? "bad" : nil),
            HTML.statistic("warnings", String(report.warningCount), id: "summary-warnings", tone: report.warningCount > 0 ? "warn" : nil),
            HTML.statistic("not judged", String(report.errorCount), id: "summary-errors", tone: report.errorCount > 0 ? "bad" : nil),
        ]
        if serverErrors > 0 { stats.append(HTML.statistic("answered 5xx", String(serverErrors), id: "summary-serverErrors", tone: "bad")) }
        if cutOff > 0 { stats.append(HTML.statistic("cut off", String(cutOff), id: "summary-cutOff", tone: "bad")) }
        if !report.loadErrors.isEmpty {
            stats.append(HTML.statistic("load errors", String(report.loadErrors.count), id: "summary-loadErrors", tone: "bad"))
        }
        out += stats.joined(separator: "\n") + "\n</dl>\n"
        out += "<p class=\"muted\">Fails on: <code id=\"summary-failOn\">\(report.failOn.rawValue)</code> · exit code "
        out += "<code id=\"summary-exitCode\">\(report.exitCode)</code></p>\n</header>\n"
        return out
    }

    /// One row per result: its name (a link to its block), result, counts and time.
    func overviewSection(_ report: Report) -> String {
        guard !report.results.isEmpty else { return "" }
        var out = "<section class=\"card overview\" id=\"overview\">\n<table>\n<thead><tr><th>\(text(noun(report.subject, one: true), Redactor()))</th>"
        out += "<th>Result</th><th class=\"number\">Breaking</th><th class=\"number\">Warnings</th><th class=\"number\">Time</th></tr></thead>\n<tbody>\n"
        for (index, result) in report.results.enumerated() {
            // A saved answer (validate) has a record for its body but no time.
            let measured = report.transfer(at: index)?.timings.total ?? 0
            let time = (measured > 0 ? measured : result.duration).map { durationText($0) } ?? "–"
            out += "<tr><td><a href=\"#result-\(index)\"><code>\(text(result.contract, report.redactor))</code></a></td>"
            out += "<td>\(statusBadge(result, report.failOn))</td><td class=\"number\">\(result.breakingCount)</td>"
            out += "<td class=\"number\">\(result.warningCount)</td><td class=\"number\">\(time)</td></tr>\n"
        }
        return out + "</tbody>\n</table>\n</section>\n"
    }

    /// Every result's block, in order.
    func resultSections(_ report: Report) -> String {
        guard !report.results.isEmpty else { return "" }
        var out = "<section id=\"results\">\n<h2>Results</h2>\n"
        for (index, result) in report.results.enumerated() {
            out += resultBlock(result, index: index, report: report)
        }
        return out + "</section>\n"
    }

    /// One result, open when it has findings: its header (name, status, source, file, HTTP
    /// status, time), then its findings grouped by the place they point at.
    func resultBlock(_ result: ContractResult, index: Int, report: Report) -> String {
        let redactor = report.redactor
        let transfer = report.transfer(at: index)
        let tone = resultTone(result, report.failOn)
        var out = "<details class=\"result \(tone)\" id=\"result-\(index)\" data-contract=\"\(text(result.contract, redactor))\""
        out += " data-status=\"\(result.status.rawValue)\" data-valid=\"\(result.valid)\"\(result.findings.isEmpty ? "" : " open")>\n"
        out += "<summary><span class=\"result-title\"><span class=\"result-name\">\(text(result.contract, redactor))</span> "
        out += statusBadge(result, report.failOn) + countsText(result) + "</span>\n"
        var meta = ["<code class=\"source\">\(text(result.source, redactor))</code>"]
        // A proxy's request shape that no contract covers has a result but no file.
        if !result.file.isEmpty { meta.append("<span class=\"file\">\(text(report.contractPath(of: result), redactor))</span>") }
        if let status = result.httpStatus { meta.append("HTTP \(status)") }
        if let transfer, !transfer.httpVersion.isEmpty { meta.append("HTTP/\(text(transfer.httpVersion, redactor))") }
        if let duration = result.duration { meta.append(durationText(duration)) }
        if let transfer, transfer.attempts > 1 { meta.append("\(transfer.attempts) attempts") }
        out += "<span class=\"result-meta\">" + meta.joined(separator: " · ") + "</span></summary>\n<div class=\"result-body\">\n"
        if let transfer, transfer.redirects > 0, let finalURL = transfer.finalURL {
            out += "<p class=\"muted\">after \(transfer.redirects) redirect\(transfer.redirects == 1 ? "" : "s"): <code>\(text(finalURL, redactor))</code></p>\n"
        }
        out += comparisonNote(index: index, report: report)
        if result.findings.isEmpty {
            out += "<p class=\"ok-note\">Matches its contract\(result.valid ? "" : " (but the answer is invalid in the JSON Schema sense)").</p>\n"
        }
        for group in groupedByPlace(result.findings) {
            out += "<section class=\"place\" data-place=\"\(text(group.place, redactor))\">\n<h3><code>\(text(group.place, redactor))</code></h3>\n"
            for finding in group.findings {
                out += findingBlock(finding, body: transfer?.body, redactor: redactor)
            }
            out += "</section>\n"
        }
        return out + "</div>\n</details>\n"
    }

    /// The findings in groups of the same place (pointer, or `(status)`, `(headers)` for
    /// those kinds), groups in the order of their first finding.
    func groupedByPlace(_ findings: [DriftFinding]) -> [(place: String, findings: [DriftFinding])] {
        let reporter = TextReporter(useColor: false)
        var groups: [(place: String, findings: [DriftFinding])] = []
        for finding in findings {
            let place = reporter.target(finding)
            if let position = groups.firstIndex(where: { $0.place == place }) {
                groups[position].findings.append(finding)
            } else {
                groups.append((place, [finding]))
            }
        }
        return groups
    }

    /// `ok`, `drift` or why the answer could not be judged, as a coloured badge.
    func statusBadge(_ result: ContractResult, _ failOn: FailLevel) -> String {
        switch result.status {
        case .ok: return HTML.badge("ok", tone: "good")
        case .drift: return HTML.badge("drift", tone: resultTone(result, failOn))
        case .error:
            switch result.blockingFinding?.kind {
            case .serverError: return HTML.badge("answered \(result.httpStatus.map(String.init) ?? "5xx")", tone: "bad")
            case .bodyTooLarge: return HTML.badge("cut off", tone: "bad")
            default: return HTML.badge("unreachable", tone: "bad")
            }
        }
    }

    /// ` 2 breaking, 1 warning` after a result's badge; empty without findings.
    func countsText(_ result: ContractResult) -> String {
        var parts: [String] = []
        if result.breakingCount > 0 { parts.append("\(result.breakingCount) breaking") }
        if result.warningCount > 0 { parts.append("\(result.warningCount) warning\(result.warningCount == 1 ? "" : "s")") }
        return parts.isEmpty ? "" : " <span class=\"muted\">" + parts.joined(separator: ", ") + "</span>"
    }

    /// `bad` when the result fails the run or was not judged, `warn` for findings that do
    /// not fail it, `good` without findings.
    func resultTone(_ result: ContractResult, _ failOn: FailLevel) -> String {
        if result.status == .error { return "bad" }
        if result.findings.isEmpty { return "good" }
        return result.findings.contains { failOn.fails($0.severity) } ? "bad" : "warn"
    }

    func verdictTone(_ report: Report) -> String {
        switch report.exitCode {
        case 0: report.warningCount > 0 || comparisonWarns(report) ? "warn" : "good"
        default: "bad"
        }
    }

    /// The verdict in words, after the exit code's meaning.
    func verdictText(_ report: Report) -> String {
        if let verdict = coverageVerdict(report) { return verdict }
        switch report.exitCode {
        case 0: return "passed"
        case 1:
            let drift = report.results.contains { $0.findings.contains { !$0.kind.blocksValidation && report.failOn.fails($0.severity) } }
            if let compared = comparisonVerdict(report, drift: drift) { return compared }
            return drift ? "failed: drift" : "failed: warnings about files"
        case 2: return "failed: a file did not load"
        default: return comparisonVerdict(report, drift: false) ?? "failed: answers not judged"
        }
    }

    /// What the results stand for, for the summary's first count and the table's heading.
    func noun(_ subject: ReportSubject, one: Bool = false) -> String {
        let noun = switch subject {
        case .contracts: "contract"
        case .answers: "answer"
        case .urls: "URL"
        }
        return one ? noun.prefix(1).uppercased() + noun.dropFirst() : noun + "s"
    }

    /// `text` escaped as the page escapes it, for hiding a secret's escaped form as well.
    package static func escaped(_ text: String) -> String {
        HTML.escape(text)
    }

    /// Text from the run, secrets hidden, then escaped: hiding first means a secret holding
    /// `&` or `<` is still found whole.
    func text(_ value: String, _ redactor: Redactor) -> String {
        HTML.escape(redactor.redact(value))
    }
}
