import Foundation
import Testing

/// `--format html` opened in a real browser (Debian's headless `chromium`):
/// the DOM it builds holds what the JSON report of the same run holds, and the page loads
/// nothing from elsewhere. One browser run per command, since Chromium is slow to start.
@Suite("--format html in a headless browser", .temporaryFolders)
struct HTMLReportTests {
    @Test("check --format html of the bundled project: the DOM holds every contract, finding, index and count of the JSON report; the page loads nothing")
    func checkPage() throws {
        let scratch = try temporaryDirectory()
        let page = scratch.appendingPathComponent("check.html")
        let run = try Envelope.run(["check", "--format", "html", "--output", page.path])
        #expect(run.exitCode == 1)
        // With --output the text report still goes to standard output.
        #expect(run.standardOutput.contains("4 contracts: 3 ok, 1 with drift (2 breaking, 0 warnings)"))
        let report = try Self.object(try Envelope.run(["check", "--format", "json"]).standardOutput)
        Self.expectSelfContained(try String(contentsOf: page, encoding: .utf8))

        let dom = DOMText(html: try HeadlessChromium.dumpDOM(of: page, scratch: scratch))
        let body = packageRoot.appendingPathComponent("Mocks/__files/hanyang-menu.json")
        try Self.expectResults(of: report, in: dom, bodies: [0: body])
        try Self.expectSummary(of: report, in: dom)
        #expect(dom.elements("mark").map(\.text) == ["{", "n"])
    }

    @Test("validate --format html: each answer's findings with the body's lines, the character at each place marked, as the JSON report has them")
    func validatePage() throws {
        let scratch = try temporaryDirectory()
        let page = scratch.appendingPathComponent("validate.html")
        let body = packageRoot.appendingPathComponent("Mocks/__files/hanyang-menu.json")
        let retyped = fixtures.appendingPathComponent("Bodies/retyped.json")
        let arguments = ["validate", "Contracts/hanyang-menu.json", "Mocks/__files/hanyang-menu.json", retyped.path]
        #expect(try Envelope.run(arguments + ["--format", "html", "--output", page.path]).exitCode == 1)
        let report = try Self.object(try Envelope.run(arguments + ["--format", "json"]).standardOutput)
        Self.expectSelfContained(try String(contentsOf: page, encoding: .utf8))

        let dom = DOMText(html: try HeadlessChromium.dumpDOM(of: page, scratch: scratch))
        try Self.expectResults(of: report, in: dom, bodies: [0: body, 1: retyped])
        try Self.expectSummary(of: report, in: dom)
        // A warning's excerpt is folded, a breaking finding's open.
        let warning = try #require(dom.elements("article", class: "warning").first)
        #expect(DOMText(html: warning.inner).elements("details", class: "excerpt").first?.attributes["open"] == nil)
        let breaking = try #require(dom.elements("article", class: "breaking").first)
        #expect(DOMText(html: breaking.inner).elements("details", class: "excerpt").first?.attributes["open"] != nil)
    }

    @Test("diff --format html: every contract with its status, every change with kind, place, severity, old and new, as diff's JSON has them")
    func diffPage() throws {
        let scratch = try temporaryDirectory()
        let page = scratch.appendingPathComponent("diff.html")
        let diff = fixtures.appendingPathComponent("Diff")
        #expect(try Envelope.run(["diff", "old", "new", "--format", "html", "--output", page.path], in: diff).exitCode == 1)
        let report = try Self.object(try Envelope.run(["diff", "old", "new", "--format", "json"], in: diff).standardOutput)
        Self.expectSelfContained(try String(contentsOf: page, encoding: .utf8))

        let dom = DOMText(html: try HeadlessChromium.dumpDOM(of: page, scratch: scratch))
        let contracts = try #require(report["contracts"] as? [[String: Any]])
        let rows = dom.elements("tr", class: "change")
        var changeCount = 0
        for (index, contract) in contracts.enumerated() {
            let name = try #require(contract["contract"] as? String)
            let element = try #require(dom.elements("details").first { $0.attributes["id"] == "result-\(index)" }
                ?? dom.elements("code").first { $0.attributes["id"] == "result-\(index)" }, "no element for \(name)")
            #expect(element.attributes["data-contract"] == name)
            #expect(element.attributes["data-status"] == contract["status"] as? String)
            for change in contract["changes"] as? [[String: Any]] ?? [] {
                changeCount += 1
                let kind = change["kind"] as? String, pointer = change["pointer"] as? String, old = change["old"] as? String
                let row = try #require(DOMText(html: element.inner).elements("tr", class: "change").first { row in
                    row.attributes["data-kind"] == kind && row.attributes["data-pointer"] == pointer
                        && DOMText(html: row.inner).elements("td", class: "old").first?.text == old
                }, "no row for \(name) \(kind ?? "") \(pointer ?? "")")
                #expect(row.attributes["data-severity"] == change["severity"] as? String)
                #expect(DOMText(html: row.inner).elements("td", class: "new").first?.text == change["new"] as? String)
                #expect(row.text.contains(kind ?? "-"))
            }
        }
        #expect(rows.count == changeCount)
        try Self.expectSummary(of: report, in: dom)
    }

    // MARK: - What every page must hold

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// One file, nothing fetched: no script, no stylesheet link, no `src`/`href` elsewhere.
    static func expectSelfContained(_ page: String) {
        #expect(page.contains("<meta charset=\"utf-8\">"))
        for forbidden in ["<script", "<link", "<iframe", "<img", "url(", "@import"] {
            #expect(!page.contains(forbidden), "the page holds \(forbidden)")
        }
        let external = #"(?i)\b(src|href|srcset|action|poster|data)\s*=\s*["']?\s*(https?:)?//"#
        #expect(page.range(of: external, options: .regularExpression) == nil, "the page refers to another site")
    }

    /// Each of the JSON report's `summary` counts is in the element `summary-FIELD`; the
    /// counts of things that did not happen may be left out.
    static func expectSummary(of report: [String: Any], in dom: DOMText) throws {
        let summary = try #require(report["summary"] as? [String: Any])
        for (key, value) in summary {
            let shown = dom.element(id: "summary-\(key)")?.text
            if let number = value as? Int, number == 0, ["serverErrors", "cutOff", "loadErrors"].contains(key) {
                #expect(shown == nil || shown == "0")
            } else {
                #expect(shown == "\(value)", "summary.\(key) is \(value), the page shows \(shown ?? "nothing")")
            }
        }
    }

    /// Each result is a block with its contract, status and source; each finding is in it
    /// with its kind, pointer, severity, count of total, indices, expected and found, and
    /// line:column; and where `bodies` has the result's body, the line of each place is
    /// quoted with the character at its column marked.
    static func expectResults(of report: [String: Any], in dom: DOMText, bodies: [Int: URL]) throws {
        let results = try #require(report["results"] as? [[String: Any]])
        let blocks = dom.elements("details", class: "result")
        #expect(blocks.count == results.count)
        for (index, result) in results.enumerated() {
            let contract = try #require(result["contract"] as? String)
            let block = try #require(blocks.first { $0.attributes["id"] == "result-\(index)" }, "no block for \(contract)")
            #expect(block.attributes["data-contract"] == contract)
            #expect(block.attributes["data-status"] == result["status"] as? String)
            #expect(withoutPorts(block.text).contains(withoutPorts(try #require(result["source"] as? String))))
            let findings = result["findings"] as? [[String: Any]] ?? []
            let articles = DOMText(html: block.inner).elements("article", class: "finding")
            #expect(articles.count == findings.count, "\(contract): \(articles.count) findings on the page, \(findings.count) in the JSON report")
            let lines = try bodies[index].map { try String(contentsOf: $0, encoding: .utf8).components(separatedBy: "\n") }
            for finding in findings {
                try expectFinding(finding, in: articles, bodyLines: lines, contract: contract)
            }
        }
    }

    static func expectFinding(_ finding: [String: Any], in articles: [DOMText.Element], bodyLines: [String]?, contract: String) throws {
        let kind = try #require(finding["kind"] as? String), pointer = try #require(finding["pointer"] as? String)
        let article = try #require(articles.first { $0.attributes["data-kind"] == kind && $0.attributes["data-pointer"] == pointer },
                                   "\(contract): no \(kind) at \(pointer)")
        let inner = DOMText(html: article.inner)
        let count = finding["count"] as? Int ?? -1, total = finding["total"] as? Int ?? -1
        #expect(article.attributes["data-severity"] == finding["severity"] as? String)
        #expect(article.attributes["data-count"] == "\(count)")
        #expect(article.attributes["data-total"] == "\(total)")
        let indices = finding["indices"] as? [Int] ?? []
        if total > 1 || !indices.isEmpty { #expect(article.text.contains("\(count) of \(total)")) }
        let paths = (finding["indexPaths"] as? [[Int]]) ?? indices.map { [$0] }
        #expect(inner.elements("li").map(\.text) == paths.map { "#" + $0.map(String.init).joined(separator: "/") })
        #expect(inner.elements("span", class: "value").map(\.text) == [finding["expected"] as? String, finding["actual"] as? String].compactMap { $0 })
        if let keyword = finding["keyword"] as? String { #expect(article.text.contains(keyword)) }
        guard let line = finding["line"] as? Int, let column = finding["column"] as? Int else { return }
        #expect(article.text.contains("at \(line):\(column) of the body"))
        for location in (finding["locations"] as? [[String: Int]] ?? []).dropFirst() {
            #expect(article.text.contains("\(location["line"] ?? 0):\(location["column"] ?? 0)"))
        }
        guard let bodyLines else { return }
        // The place's row: its number, and the character at the column in the one <mark>.
        let row = try #require(inner.elements("tr", class: "at").first, "\(contract) \(kind): no quoted line")
        #expect(DOMText(html: row.inner).elements("th").first?.text == "\(line)")
        let scalars = Array(bodyLines[line - 1].unicodeScalars)
        let character = column <= scalars.count ? String(scalars[column - 1]) : " "
        #expect(DOMText(html: row.inner).elements("mark").map(\.text) == [character], "\(contract) \(kind) at \(line):\(column)")
    }

    static func withoutPorts(_ text: String) -> String {
        text.replacingOccurrences(of: #"127\.0\.0\.1:\d+"#, with: "127.0.0.1:PORT", options: .regularExpression)
    }
}
