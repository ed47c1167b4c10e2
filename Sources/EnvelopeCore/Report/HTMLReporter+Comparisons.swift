/// The `--compare-env` part of the HTML report: a section after the results with the
/// comparison's counts, then per contract with differences (or not compared) a table of them,
/// and the contracts that answered alike in one line. Elements carry the JSON report's
/// `comparison` fields as `data-` attributes, so a script can read the page as the JSON.
extension HTMLReporter {
    /// The section, or nothing when the run compared nothing.
    func comparisonSection(_ report: Report) -> String {
        guard let summary = report.comparisonSummary, let first = report.comparisons.lazy.compactMap({ $0 }).first else { return "" }
        let redactor = report.redactor
        let (baseline, candidate) = (text(first.baseline, redactor), text(first.candidate, redactor))
        let present = report.comparisons.compactMap { $0 }
        let breaking = present.reduce(0) { $0 + $1.breakingCount }, warnings = present.reduce(0) { $0 + $1.warningCount }
        let same = present.filter { $0.status == "same" }.count
        let notCompared = present.filter { $0.status == "not-compared" }
        var out = "<section class=\"comparison\" id=\"comparison\" data-baseline=\"\(baseline)\" data-candidate=\"\(candidate)\">\n"
        out += "<h2>Compared with <code>\(baseline)</code>, the baseline: how the answers of <code>\(candidate)</code> differ</h2>\n"
        out += "<div class=\"card comparison-summary \(comparisonTone(of: present, report.failOn))\">\n"
        out += "<p class=\"headline\">\(text(summary, redactor))</p>\n<dl class=\"stats\">\n"
        out += [
            HTML.statistic("compared with", redactor.redact(first.baseline), id: "summary-comparedWith"),
            HTML.statistic("the same", String(same), id: "comparison-same", tone: same > 0 ? "good" : nil),
            HTML.statistic("breaking differences", String(breaking), id: "summary-comparisonBreaking", tone: breaking > 0 ? "bad" : nil),
            HTML.statistic("warning differences", String(warnings), id: "summary-comparisonWarnings", tone: warnings > 0 ? "warn" : nil),
            HTML.statistic("not compared", String(notCompared.count), id: "summary-notCompared",
                           tone: notCompared.contains { $0.isUnreachable } ? "bad" : nil),
        ].joined(separator: "\n") + "\n</dl>\n</div>\n"
        var alike: [String] = []
        for (index, result) in report.results.enumerated() {
            guard let comparison = report.comparison(at: index) else { continue }
            if comparison.status == "same" {
                alike.append("<a href=\"#result-\(index)\"><code id=\"comparison-\(index)\"\(comparisonAttributes(comparison, contract: result.contract, redactor))>"
                    + "\(text(result.contract, redactor))</code></a>")
            } else {
                out += comparisonBlock(comparison, contract: result.contract, index: index, report: report)
            }
        }
        if !alike.isEmpty {
            out += "<p class=\"unchanged\">The same as <code>\(baseline)</code>: " + alike.joined(separator: ", ") + "</p>\n"
        }
        return out + "</section>\n"
    }

    /// One contract that differs or was not compared: its name (a link to its result), a
    /// badge, the baseline's request, then the table of differences or why it was not compared.
    func comparisonBlock(_ comparison: EnvironmentComparison, contract: String, index: Int, report: Report) -> String {
        let redactor = report.redactor
        let tone = comparisonTone(of: [comparison], report.failOn)
        var out = "<article class=\"compared \(tone)\" id=\"comparison-\(index)\"\(comparisonAttributes(comparison, contract: contract, redactor))>\n"
        out += "<h3><a href=\"#result-\(index)\"><code>\(text(contract, redactor))</code></a> "
        switch comparison.outcome {
        case .notCompared(let reason, _):
            out += HTML.badge("not compared", tone: tone == "bad" ? "bad" : "info") + "</h3>\n"
            return out + "<p class=\"not-compared\">\(text(reason, redactor))</p>\n</article>\n"
        case .compared(let differences):
            out += HTML.badge(comparison.status, tone: tone) + differenceCounts(comparison) + "</h3>\n"
            out += "<p class=\"compared-source muted\">\(text(comparison.baseline, redactor))'s answer to "
            out += "<code>\(text(comparison.baselineSource, redactor))</code>, compared with "
            out += "<a href=\"#result-\(index)\">\(text(comparison.candidate, redactor))'s</a></p>\n"
            out += "<table class=\"differences\">\n<thead><tr><th></th><th>Where</th><th>Kind</th>"
            out += "<th>\(text(comparison.baseline, redactor)) → \(text(comparison.candidate, redactor))</th><th>Severity</th><th>Why</th></tr></thead>\n<tbody>\n"
            for judged in differences {
                out += differenceRow(judged, redactor: redactor)
            }
            return out + "</tbody>\n</table>\n</article>\n"
        }
    }

    /// A difference's row. Its attributes hold the JSON report's fields: `data-baseline` and
    /// `data-candidate` each side in words, `data-added-values` a JSON array, the presences
    /// as `data-baseline-count`/`-total` and `data-candidate-count`/`-total`.
    func differenceRow(_ judged: JudgedDifference, redactor: Redactor) -> String {
        let difference = judged.difference
        let severity = judged.severity.rawValue, bad = judged.severity == .breaking
        var out = "<tr class=\"difference \(severity)\" data-kind=\"\(difference.kind.rawValue)\" data-pointer=\"\(text(difference.pointer, redactor))\""
        out += " data-severity=\"\(severity)\" data-baseline=\"\(text(difference.oldText, redactor))\" data-candidate=\"\(text(difference.newText, redactor))\""
        out += " data-reason=\"\(text(judged.reason, redactor))\""
        if let kind = judged.driftKind { out += " data-drift-kind=\"\(kind.rawValue)\"" }
        if !difference.addedValues.isEmpty {
            out += " data-added-values=\"\(text(JSONValue.array(difference.addedValues.map { .string($0) }).serialized(), redactor))\""
        }
        for (side, presence) in [("baseline", difference.oldPresence), ("candidate", difference.newPresence)] {
            guard let presence, difference.kind == .keySometimesAbsent || difference.kind == .keyAlwaysPresent else { continue }
            out += " data-\(side)-count=\"\(presence.count)\" data-\(side)-total=\"\(presence.total)\""
        }
        out += "><td>" + (bad ? "<span class=\"mark bad\" aria-hidden=\"true\">✗</span>" : "<span class=\"mark warn\" aria-hidden=\"true\">!</span>") + "</td>"
        out += "<td class=\"where\"><code>\(text(TextReporter(useColor: false).comparisonTarget(difference), redactor))</code></td>"
        out += "<td>\(HTML.badge(difference.kind.rawValue, tone: bad ? "kind bad" : "kind warn"))</td>"
        let adds = difference.kind == .enumValueAdded ? "<span class=\"adds\">adds</span> " : ""
        out += "<td class=\"change\"><span class=\"value baseline\">\(text(difference.oldText, redactor))</span> <span class=\"arrow\" aria-label=\"to\">→</span> "
        out += "\(adds)<span class=\"value candidate\">\(text(difference.newText, redactor))</span></td>"
        out += "<td class=\"severity\"><span class=\"severity-name\">\(severity)</span>"
        if let kind = judged.driftKind { out += "<span class=\"drift-kind\" title=\"the drift kind whose setting decides\">\(kind.rawValue)</span>" }
        out += "</td><td class=\"reason\">\(text(judged.reason, redactor))</td></tr>\n"
        return out
    }

    /// The attributes of a contract's comparison element: the JSON member's fields.
    func comparisonAttributes(_ comparison: EnvironmentComparison, contract: String, _ redactor: Redactor) -> String {
        var out = " data-contract=\"\(text(contract, redactor))\" data-status=\"\(comparison.status)\" data-baseline=\"\(text(comparison.baseline, redactor))\""
        out += " data-candidate=\"\(text(comparison.candidate, redactor))\" data-baseline-source=\"\(text(comparison.baselineSource, redactor))\""
        if case .notCompared(let reason, let unreachable) = comparison.outcome {
            out += " data-reason=\"\(text(reason, redactor))\" data-unreachable=\"\(unreachable)\""
        }
        return out + " data-breaking=\"\(comparison.breakingCount)\" data-warnings=\"\(comparison.warningCount)\""
    }

    /// ` 2 breaking, 1 warning` after a comparison's badge.
    func differenceCounts(_ comparison: EnvironmentComparison) -> String {
        var parts: [String] = []
        if comparison.breakingCount > 0 { parts.append("\(comparison.breakingCount) breaking") }
        if comparison.warningCount > 0 { parts.append("\(comparison.warningCount) warning\(comparison.warningCount == 1 ? "" : "s")") }
        return parts.isEmpty ? "" : " <span class=\"muted\">" + parts.joined(separator: ", ") + "</span>"
    }

    /// `bad` when a difference fails the run or the baseline did not answer, `warn` for
    /// differences that do not fail it, `good` when alike, `info` when not compared otherwise.
    func comparisonTone(of comparisons: [EnvironmentComparison], _ failOn: FailLevel) -> String {
        if comparisons.contains(where: { $0.isUnreachable || $0.differences.contains { failOn.fails($0.severity) } }) { return "bad" }
        if comparisons.contains(where: { !$0.differences.isEmpty }) { return "warn" }
        return comparisons.allSatisfy { $0.status == "same" } ? "good" : "info"
    }

    /// Under the summary line on top: the comparison's count line, and a link to its section.
    func comparisonHeadline(_ report: Report) -> String {
        guard let summary = report.comparisonSummary else { return "" }
        return "<p class=\"headline\">\(text(summary, report.redactor)) · <a href=\"#comparison\">the differences</a></p>\n"
    }

    /// In a result's block: how its answer compared with the baseline's, linking to the
    /// comparison's block; nothing when the run compared nothing.
    func comparisonNote(index: Int, report: Report) -> String {
        guard let comparison = report.comparison(at: index) else { return "" }
        let redactor = report.redactor
        let (link, after): (String, String)
        switch comparison.outcome {
        case .notCompared(let reason, _): (link, after) = ("not compared", " <span class=\"muted\">(\(text(reason, redactor)))</span>")
        case .compared(let differences) where differences.isEmpty: (link, after) = ("the same", "")
        case .compared(let differences): (link, after) = ("\(differences.count) difference\(differences.count == 1 ? "" : "s")", differenceCounts(comparison))
        }
        return "<p class=\"compared-note\">Compared with \(text(comparison.baseline, redactor)): <a href=\"#comparison-\(index)\">\(link)</a>\(after)</p>\n"
    }

    /// The verdict when the comparison decides it: a failing difference (exit 1) beside or
    /// instead of drift, or a baseline that did not answer (exit 3) with every answer judged.
    func comparisonVerdict(_ report: Report, drift: Bool) -> String? {
        guard let baseline = report.comparedEnvironment.map({ report.redactor.redact($0) }) else { return nil }
        if report.exitCode == 1, report.comparisonFails { return drift ? "failed: drift, differences from \(baseline)" : "failed: differences from \(baseline)" }
        if report.exitCode == 3, report.errorCount == 0, report.comparisonUnreachable { return "failed: \(baseline) did not answer" }
        return nil
    }

    /// Whether the comparison found differences that do not fail the run, for a passing
    /// verdict's tone.
    func comparisonWarns(_ report: Report) -> Bool {
        report.comparisons.contains { !($0?.differences.isEmpty ?? true) }
    }
}

extension HTML {
    /// The style of the comparison section, inside ``stylesheet``: its blocks are bordered
    /// like the results', its table's sides neutral for the baseline and toned for the
    /// candidate by severity.
    static let comparisonStylesheet = """
        /* check --compare-env: a block per contract that differs, a row per difference. */
        .compared { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 12px 18px; margin: 12px 0; }
        .compared.bad, .comparison-summary.bad { border-left: 5px solid var(--bad); }
        .compared.warn, .comparison-summary.warn { border-left: 5px solid var(--warn); }
        .compared.good, .comparison-summary.good { border-left: 5px solid var(--good); }
        .compared.info, .comparison-summary.info { border-left: 5px solid var(--info); }
        .compared > h3 { display: flex; gap: 10px; align-items: baseline; flex-wrap: wrap; font-size: 1.05rem; }
        .compared > h3 a { color: inherit; }
        .compared > h3 .muted { font-size: 0.9rem; font-weight: 400; }
        .compared-source { font-size: 0.86rem; overflow-wrap: anywhere; margin-bottom: 8px; }
        .not-compared { margin: 0; }
        .differences td { font-size: 0.9rem; }
        .differences td.where { white-space: nowrap; }
        .differences td.change { font-family: var(--mono); font-size: 0.86rem; overflow-wrap: anywhere; }
        .differences .value { border-radius: 5px; padding: 0 5px; background: var(--code-bg); white-space: pre-wrap; box-decoration-break: clone; -webkit-box-decoration-break: clone; }
        .differences tr.breaking .value.candidate { background: var(--bad-soft); color: var(--bad); }
        .differences tr.warning .value.candidate { background: var(--warn-soft); color: var(--warn); }
        .differences .arrow, .differences .adds { color: var(--muted); }
        .differences tr.breaking .severity-name { color: var(--bad); font-weight: 600; }
        .differences tr.warning .severity-name { color: var(--warn); font-weight: 600; }
        .differences .drift-kind { display: block; font-family: var(--mono); font-size: 0.78rem; color: var(--muted); white-space: nowrap; }
        .differences tr.difference { break-inside: avoid; }
        .compared-note { font-size: 0.9rem; margin: 2px 0 8px; }
        @media (max-width: 720px) {
          .differences, .differences tbody, .differences tr, .differences td { display: block; }
          .differences thead { display: none; }
          .differences tr { padding: 6px 0; border-bottom: 1px solid var(--line); }
          .differences tr:last-child { border-bottom: none; }
          .differences td { border: none; padding: 2px 0; }
          .differences td:nth-child(-n+3) { display: inline-block; margin-right: 8px; }
          .differences .drift-kind { display: inline-block; margin-left: 8px; }
          .differences td.where { white-space: normal; overflow-wrap: anywhere; }
        }

        """
}
