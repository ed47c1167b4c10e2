/// A proxy's coverage on the HTML page (`envelope proxy --format html`): its counts, the
/// contracts the app exercised (each linked to its result's block), those it never reached,
/// and the requests no contract covers, by method and path shape. Every row carries the JSON
/// report's `coverage` fields as `data-` attributes, so a script reads the page as the JSON.
extension HTMLReporter {
    /// `Envelope proxy` for a proxy's run, `Envelope` otherwise: the start of the page's
    /// title and heading.
    func pageName(_ report: Report) -> String {
        report.coverage == nil ? "Envelope" : "Envelope proxy"
    }

    /// Under a proxy's summary line, the coverage headline; empty for other commands.
    func coverageHeadline(_ report: Report) -> String {
        guard let coverage = report.coverage else { return "" }
        return "<p class=\"headline coverage-headline\">\(text(coverage.headline, report.redactor))</p>\n"
    }

    /// A proxy's verdict where check's would mislead: exit 3 there means requests the
    /// upstream did not answer (the app got a 502). Nil to keep check's words.
    func coverageVerdict(_ report: Report) -> String? {
        guard report.coverage != nil, report.exitCode == 3 else { return nil }
        return report.results.contains { $0.blockingFinding?.kind == .transportError } ? "failed: requests got no answer" : nil
    }

    /// The coverage section (id `coverage`): its counts, then its three tables; empty for
    /// reports without coverage.
    func coverageSection(_ report: Report) -> String {
        guard let coverage = report.coverage else { return "" }
        var out = "<section class=\"coverage\" id=\"coverage\" data-requests=\"\(coverage.requests)\""
        out += " data-uncovered-requests=\"\(coverage.uncoveredRequests)\" data-fallbacks=\"\(coverage.fallbacks)\">\n<h2>Coverage</h2>\n"
        let contracts = coverage.exercised.count + coverage.unexercised.count
        let stats = [
            HTML.statistic("requests", String(coverage.requests), id: "coverage-requests"),
            HTML.statistic("contracts exercised", "\(coverage.exercised.count) of \(contracts)", id: "coverage-exercisedCount",
                           tone: contracts > 0 && coverage.unexercised.isEmpty ? "good" : nil),
            HTML.statistic("never exercised", String(coverage.unexercised.count), id: "coverage-unexercisedCount",
                           tone: coverage.unexercised.isEmpty ? nil : "warn"),
            HTML.statistic("no contract", String(coverage.uncoveredRequests), id: "coverage-uncoveredRequests",
                           tone: coverage.uncoveredRequests > 0 ? "warn" : nil),
            HTML.statistic("answered by mocks", String(coverage.fallbacks), id: "coverage-fallbacks"),
        ]
        out += "<div class=\"card coverage-counts\">\n<dl class=\"stats\">\n" + stats.joined(separator: "\n") + "\n</dl>\n</div>\n"
        out += exercisedTable(coverage.exercised, report: report)
        out += unexercisedTable(coverage.unexercised, report: report)
        out += uncoveredTable(coverage.uncovered, report: report)
        return out + "</section>\n"
    }

    /// The contracts requests reached: name (a link to its result), the result's badge,
    /// method, path and the counts.
    func exercisedTable(_ entries: [Coverage.Exercised], report: Report) -> String {
        let redactor = report.redactor
        var out = "<div class=\"card coverage-table\" id=\"coverage-exercised\">\n<h3>Exercised <span class=\"muted\">\(entries.count) "
        out += "contract\(entries.count == 1 ? "" : "s")</span></h3>\n"
        guard !entries.isEmpty else { return out + "<p class=\"muted\">No request reached a contract.</p>\n</div>\n" }
        out += "<table>\n<thead><tr><th>Contract</th><th>Result</th><th>Method</th><th>Path</th><th class=\"number\">Requests</th>"
        out += "<th class=\"number\">Drifted</th><th class=\"number\">Fallbacks</th><th class=\"number\">Transport errors</th></tr></thead>\n<tbody>\n"
        for entry in entries {
            let index = report.results.firstIndex { $0.contract == entry.contract && $0.file == entry.file }
            out += "<tr class=\"exercised\" data-contract=\"\(text(entry.contract, redactor))\" data-file=\"\(text(entry.file, redactor))\""
            out += " data-method=\"\(text(entry.method, redactor))\" data-path=\"\(text(entry.path, redactor))\" data-requests=\"\(entry.requests)\""
            out += " data-drifted=\"\(entry.drifted)\" data-fallbacks=\"\(entry.fallbacks)\" data-transport-errors=\"\(entry.transportErrors)\">"
            out += "<td>\(linked("<code>\(text(entry.contract, redactor))</code>", to: index))</td>"
            out += "<td>\(index.map { statusBadge(report.results[$0], report.failOn) } ?? "")</td>"
            out += "<td class=\"method\">\(text(entry.method, redactor))</td><td><code>\(text(entry.path, redactor))</code></td>"
            out += countCell(entry.requests, tone: nil) + countCell(entry.drifted, tone: "warn")
            out += countCell(entry.fallbacks, tone: "info") + countCell(entry.transportErrors, tone: "bad") + "</tr>\n"
        }
        return out + "</tbody>\n</table>\n</div>\n"
    }

    /// The contracts no request reached, with the file to open.
    func unexercisedTable(_ entries: [Coverage.Unexercised], report: Report) -> String {
        let redactor = report.redactor
        var out = "<div class=\"card coverage-table\" id=\"coverage-unexercised\">\n<h3>Never exercised <span class=\"muted\">\(entries.count) "
        out += "contract\(entries.count == 1 ? "" : "s")</span></h3>\n"
        guard !entries.isEmpty else {
            let none = report.coverage?.exercised.isEmpty ?? true
            return out + (none ? "<p class=\"muted\">There are no contracts.</p>\n" : "<p class=\"ok-note\">Every contract was exercised.</p>\n") + "</div>\n"
        }
        out += "<table>\n<thead><tr><th>Contract</th><th>Method</th><th>Path</th><th>File</th></tr></thead>\n<tbody>\n"
        for entry in entries {
            out += "<tr class=\"unexercised\" data-contract=\"\(text(entry.contract, redactor))\" data-file=\"\(text(entry.file, redactor))\""
            out += " data-method=\"\(text(entry.method, redactor))\" data-path=\"\(text(entry.path, redactor))\">"
            out += "<td><code>\(text(entry.contract, redactor))</code></td><td class=\"method\">\(text(entry.method, redactor))</td>"
            out += "<td><code>\(text(entry.path, redactor))</code></td><td class=\"file\">\(text(contractFile(entry.file, report), redactor))</td></tr>\n"
        }
        return out + "</tbody>\n</table>\n</div>\n"
    }

    /// The requests no contract covers, by method and path shape, with the statuses the app
    /// got; a shape the upstream did not answer links to its result.
    func uncoveredTable(_ entries: [Coverage.Uncovered], report: Report) -> String {
        let redactor = report.redactor
        let requests = entries.reduce(0) { $0 + $1.requests }
        var out = "<div class=\"card coverage-table\" id=\"coverage-uncovered\">\n<h3>Requests no contract covers <span class=\"muted\">"
        out += "\(requests) request\(requests == 1 ? "" : "s"), \(entries.count) shape\(entries.count == 1 ? "" : "s")</span></h3>\n"
        guard !entries.isEmpty else { return out + "<p class=\"ok-note\">Every request matched a contract.</p>\n</div>\n" }
        out += "<table>\n<thead><tr><th>Method</th><th>Path</th><th class=\"number\">Requests</th><th>Statuses</th>"
        out += "<th class=\"number\">Fallbacks</th></tr></thead>\n<tbody>\n"
        for entry in entries {
            // A shape the upstream failed on has a result of its own, named `GET /path`.
            let index = report.results.firstIndex { $0.file.isEmpty && $0.contract == "\(entry.method) \(entry.path)" }
            out += "<tr class=\"uncovered\" data-method=\"\(text(entry.method, redactor))\" data-path=\"\(text(entry.path, redactor))\""
            out += " data-requests=\"\(entry.requests)\" data-fallbacks=\"\(entry.fallbacks)\">"
            out += "<td class=\"method\">\(text(entry.method, redactor))</td><td>\(linked("<code>\(text(entry.path, redactor))</code>", to: index))</td>"
            out += countCell(entry.requests, tone: nil) + "<td>\(statusList(entry.statuses))</td>" + countCell(entry.fallbacks, tone: "info") + "</tr>\n"
        }
        return out + "</tbody>\n</table>\n</div>\n"
    }

    /// `200 ×3  404 ×1`, by status, each item with `data-status` and `data-count` (the JSON
    /// report's `statuses` object) and coloured by its class: 2xx good, 4xx warn, 5xx bad.
    func statusList(_ statuses: [Int: Int]) -> String {
        let items = statuses.sorted { $0.key < $1.key }.map { status, count in
            let tone = switch status {
            case 200..<400: "good"
            case 400..<500: "warn"
            default: "bad"
            }
            return "<li class=\"\(tone)\" data-status=\"\(status)\" data-count=\"\(count)\">\(status) ×\(count)</li>"
        }
        return "<ul class=\"statuses\" aria-label=\"statuses\">" + items.joined() + "</ul>"
    }

    /// A number cell, muted at 0 and in `tone` above it, so the counts that matter stand out.
    func countCell(_ count: Int, tone: String?) -> String {
        let toneClass = count == 0 ? " zero" : tone.map { " \($0)" } ?? ""
        return "<td class=\"number\(toneClass)\">\(count)</td>"
    }

    /// `markup` inside a link to the result block at `index`, or alone without one.
    func linked(_ markup: String, to index: Int?) -> String {
        guard let index else { return markup }
        return "<a href=\"#result-\(index)\">\(markup)</a>"
    }

    /// A contract file as the user would open it, `Contracts/menu.json`, as the result blocks
    /// show theirs.
    func contractFile(_ file: String, _ report: Report) -> String {
        guard let directory = report.contractsDirectory, !directory.isEmpty, directory != "." else { return file }
        return directory.hasSuffix("/") ? directory + file : directory + "/" + file
    }
}
