/// The HTML form of a ``DiffReport`` (`diff --format html`): the same self-contained page as
/// the check report's (see ``HTMLReporter``), with a table of changes per changed contract.
extension DiffReport {
    /// The page, ending in a newline.
    public func renderHTML() -> String {
        HTML.document(title: "Envelope diff: " + summaryLine, sections: [
            htmlSummary,
            HTML.problemSection(problems, redactor: Redactor()),
            htmlEntries,
        ])
    }

    /// The verdict, what was compared, and the counts the JSON form's `summary` holds (each
    /// with the id `summary-FIELD`).
    var htmlSummary: String {
        let tone = exitCode == 0 ? (compatibleCount + breakingCount > 0 ? "warn" : "good") : "bad"
        let verdict = !problems.isEmpty ? "did not load" : breakingCount > 0 ? "breaking changes" : "nothing breaking"
        var out = "<header class=\"card summary \(tone)\" id=\"summary\">\n<div class=\"verdict\"><h1>\(unit.heading)</h1> "
        out += HTML.badge(verdict, tone: tone) + "</div>\n"
        if !title.isEmpty { out += "<p class=\"muted\">\(HTML.escape(title))</p>\n" }
        out += "<p class=\"headline\">\(HTML.escape(summaryLine))</p>\n<dl class=\"stats\">\n"
        let changed = entries.filter { $0.status != .unchanged }.count
        var stats = [
            HTML.statistic(unit.rawValue, String(entries.count), id: "summary-contracts"),
            HTML.statistic("changed", String(changed), id: "summary-changed"),
            HTML.statistic("breaking", String(breakingCount), id: "summary-breaking", tone: breakingCount > 0 ? "bad" : nil),
            HTML.statistic("compatible", String(compatibleCount), id: "summary-compatible", tone: compatibleCount > 0 ? "good" : nil),
        ]
        if !problems.isEmpty { stats.append(HTML.statistic("load errors", String(problems.count), id: "summary-loadErrors", tone: "bad")) }
        out += stats.joined(separator: "\n") + "\n</dl>\n"
        out += "<p class=\"muted\">Fails on: <code id=\"summary-failOn\">\(failOn.rawValue)</code> · exit code "
        out += "<code id=\"summary-exitCode\">\(exitCode)</code></p>\n</header>\n"
        return out
    }

    /// A block per changed, added or removed contract with its table of changes, then the
    /// unchanged contracts in one line.
    var htmlEntries: String {
        guard !entries.isEmpty else { return "" }
        var out = "<section id=\"results\">\n<h2>\(unit == .contracts ? "Contracts" : "Operations")</h2>\n"
        for (index, entry) in entries.enumerated() where entry.status != .unchanged {
            let tone = entry.breakingCount > 0 ? "bad" : "good"
            out += "<details class=\"result \(tone)\" id=\"result-\(index)\" data-contract=\"\(HTML.escape(entry.contract))\" data-status=\"\(entry.status.rawValue)\" open>\n"
            out += "<summary><span class=\"result-title\"><span class=\"result-name\">\(HTML.escape(entry.contract))</span> "
            out += HTML.badge(entry.status.rawValue, tone: entry.status == .removed || entry.breakingCount > 0 ? "bad" : "info")
            out += " <span class=\"muted\">\(entry.breakingCount) breaking, \(entry.compatibleCount) compatible</span></span>\n"
            out += "<span class=\"result-meta\"><span class=\"file\">\(HTML.escape(entry.file))</span></span></summary>\n<div class=\"result-body\">\n"
            out += changeTable(entry.changes)
            out += "</div>\n</details>\n"
        }
        let unchanged = entries.enumerated().filter { $0.element.status == .unchanged }
        if !unchanged.isEmpty {
            out += "<p class=\"unchanged\">Unchanged: " + unchanged.map { index, entry in
                "<code id=\"result-\(index)\" data-contract=\"\(HTML.escape(entry.contract))\" data-status=\"unchanged\" title=\"\(HTML.escape(entry.file))\">\(HTML.escape(entry.contract))</code>"
            }.joined(separator: ", ") + "</p>\n"
        }
        return out + "</section>\n"
    }

    /// One row per change: breaking or not, the place, the kind, old and new.
    func changeTable(_ changes: [SchemaChange]) -> String {
        guard !changes.isEmpty else { return "" }
        var out = "<table class=\"changes\">\n<thead><tr><th></th><th>Place</th><th>Change</th><th>Old</th><th>New</th></tr></thead>\n<tbody>\n"
        for change in changes {
            let severity = change.isBreaking ? "breaking" : "compatible"
            let mark = change.isBreaking ? "<span class=\"mark bad\" title=\"breaking\">✗</span>" : "<span class=\"mark good\" title=\"compatible\">✓</span>"
            let place = change.response == nil && change.pointer.isEmpty ? "<span class=\"muted\">\(unit.placeholder)</span>" : "<code>\(HTML.escape(change.place(or: "")))</code>"
            let response = change.response.map { " data-response=\"\(HTML.escape($0))\"" } ?? ""
            out += "<tr class=\"change \(severity)\" data-kind=\"\(change.kind.rawValue)\" data-pointer=\"\(HTML.escape(change.pointer))\"\(response) data-severity=\"\(severity)\">"
            out += "<td>\(mark)</td><td>\(place)</td><td>\(HTML.badge(change.kind.rawValue, tone: change.isBreaking ? "kind bad" : "kind good"))</td>"
            out += "<td class=\"value old\">\(HTML.escape(change.old))</td><td class=\"value new\">\(HTML.escape(change.new))</td></tr>\n"
        }
        return out + "</tbody>\n</table>\n"
    }
}
