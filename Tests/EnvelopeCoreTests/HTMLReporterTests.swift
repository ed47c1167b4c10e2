import Testing
@testable import EnvelopeCore

/// The HTML report's escaping, marking and redaction, on reports built by hand (the page as
/// a browser reads it is tested end to end in envelopeTests' HTMLReportTests).
@Suite("HTML report")
struct HTMLReporterTests {
    /// A one-result report whose finding sits at `location` in `body`.
    func report(contract: String = "menu", finding: DriftFinding, body: String, secrets: [String] = []) -> Report {
        let result = ContractResult(contract: contract, file: "\(contract).json", source: "GET http://127.0.0.1:1/menu", valid: false,
                                    findings: [finding], duration: 0.0012, httpStatus: 200)
        return Report(results: [result], transfers: [TransferRecord(timings: RequestTimings(total: 0.0012), body: Array(body.utf8))],
                      contractsDirectory: "Contracts", redactor: Redactor(secrets: secrets))
    }

    func finding(actual: String, line: Int, column: Int, expected: String = "string") -> DriftFinding {
        DriftFinding(kind: .typeMismatch, pointer: "/list/*/name", severity: .breaking, count: 2, total: 5, indices: [1, 4],
                     expected: expected, actual: actual, keyword: "type",
                     locations: [SourceLocation(line: line, column: column, offset: 0)])
    }

    @Test("text from the run is escaped: a contract name or value holding <, &, quotes becomes no markup; Korean stays UTF-8")
    func escapesEverything() {
        let body = "{\n  \"이름\": \"<b>&\\\"x\"\n}\n"
        let page = HTMLReporter().render(report(contract: "메뉴<script>", finding: finding(actual: "\"<b>&\\\"x\"", line: 2, column: 9), body: body))
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">"))
        #expect(!page.contains("<script"))
        #expect(!page.contains("<b>"))
        #expect(page.contains("메뉴&lt;script&gt;"))
        #expect(page.contains("&quot;&lt;b&gt;&amp;\\&quot;x&quot;"))
        #expect(page.contains("&quot;이름&quot;: <mark>&quot;</mark>&lt;b&gt;"))
    }

    @Test("the place's line is highlighted and the character at its column is in a <mark>, counting columns in characters")
    func marksTheColumn() {
        let body = "{\"list\": [\n  {\"name\": \"가나\", \"name\": 7}\n]}"
        let page = HTMLReporter().render(report(finding: finding(actual: "7", line: 2, column: 26), body: body))
        #expect(page.contains("<tr class=\"at\"><th>2</th><td>  {&quot;name&quot;: &quot;가나&quot;, &quot;name&quot;: <mark>7</mark>}</td></tr>"))
        #expect(page.contains("<tr><th>1</th><td>{&quot;list&quot;: [</td></tr>"))
        #expect(page.contains("<tr><th>3</th><td>]}</td></tr>"))
        // The caret under it: Hangul counts two columns in a monospaced font, as in the text report.
        #expect(page.contains("<td class=\"excerpt-note\">\(String(repeating: " ", count: 27))↑ type-mismatch, column 26</td>"))
    }

    @Test("a finding shows its place, kind, hits, indices, expected beside found, and its locations")
    func showsTheFinding() {
        var drift = finding(actual: "7", line: 2, column: 3)
        drift.locations.append(SourceLocation(line: 3, column: 3, offset: 9))
        let page = HTMLReporter().render(report(finding: drift, body: "[\n  1,\n  7\n]"))
        #expect(page.contains("<section class=\"place\" data-place=\"/list/*/name\">\n<h3><code>/list/*/name</code></h3>"))
        #expect(page.contains("data-kind=\"type-mismatch\" data-pointer=\"/list/*/name\" data-severity=\"breaking\" data-count=\"2\" data-total=\"5\" data-line=\"2\" data-column=\"3\""))
        #expect(page.contains("<span class=\"hits\">2 of 5</span>"))
        #expect(page.contains("<ul class=\"indices\" aria-label=\"indices\"><li>#1</li><li>#4</li></ul>"))
        #expect(page.contains("<span class=\"label\">expected</span><span class=\"value\">string</span></div><div class=\"actual\"><span class=\"label\">found</span><span class=\"value\">7</span>"))
        #expect(page.contains("at <span class=\"where\">2:3</span> of the body; also at <span class=\"where\">3:3</span>"))
        #expect(page.contains("<a href=\"#result-0\"><code>menu</code></a>"))
        #expect(page.contains("<dd id=\"summary-breaking\">1</dd>"))
    }

    @Test("inside nested arrays the whole index paths are shown, #2/0")
    func showsIndexPaths() {
        var drift = finding(actual: "7", line: 1, column: 1)
        drift.indexPaths = [[2, 0], [3, 1]]
        drift.indices = [0, 1]
        let page = HTMLReporter().render(report(finding: drift, body: "7"))
        #expect(page.contains("<li>#2/0</li><li>#3/1</li>"))
    }

    @Test("a secret holding & and < is hidden in the source, values and the body's lines, neither raw nor escaped")
    func redactsBeforeEscaping() {
        let secret = "k&y<9\"zz"
        let body = "{\n  \"token\": \"\(secret)\", \"n\": 7\n}"
        var report = report(finding: finding(actual: "7 (\(secret))", line: 2, column: 29), body: body, secrets: [secret])
        report.results[0].source = "GET http://127.0.0.1:1/menu?key=\(secret)"
        let page = HTMLReporter().render(report)
        #expect(!page.contains(secret))
        #expect(!page.contains(HTMLReporter.escaped(secret)))
        #expect(page.contains("?key=***"))
        #expect(page.contains("&quot;token&quot;: &quot;***&quot;, &quot;n&quot;: <mark>7</mark>"))
    }

    @Test("a secret across the marked column hides the whole line rather than show a piece of it")
    func redactsAcrossTheMark() {
        let secret = "abcdef-secret"
        let body = "{\"token\": \"\(secret)\"}"
        let page = HTMLReporter().render(report(finding: finding(actual: "x", line: 1, column: 15), body: body, secrets: [secret]))
        #expect(!page.contains("abcd"))
        #expect(!page.contains("secret"))
        #expect(page.contains("<tr class=\"at\"><th>1</th><td>{&quot;token&quot;: &quot;***&quot;}</td></tr>"))
    }

    @Test("files that did not load get a card each with every problem and its line:column; the summary counts them")
    func showsLoadErrors() {
        var report = Report(results: [])
        report.problems = [FileProblem(level: .error, file: "Contracts/broken.json", location: SourceLocation(line: 4, column: 3, offset: 40),
                                       message: "not valid JSON: expected ',' or '}', found '\"'")]
        let page = HTMLReporter().render(report)
        #expect(page.contains("<h2>Files that did not load</h2>"))
        #expect(page.contains("data-file=\"Contracts/broken.json\""))
        #expect(page.contains("<span class=\"where\">4:3</span> <span class=\"message\">not valid JSON: expected &#39;,&#39; or &#39;}&#39;, found &#39;&quot;&#39;</span>"))
        #expect(page.contains("<dd id=\"summary-loadErrors\">1</dd>"))
        #expect(page.contains("<code id=\"summary-exitCode\">2</code>"))
        #expect(page.contains("1 file did not load; nothing was checked"))
        #expect(!page.contains("id=\"results\""))
    }

    @Test("the page loads nothing from elsewhere and needs no script: inline style, no src, no external href, dark and print styles")
    func selfContained() {
        let page = HTMLReporter().render(report(finding: finding(actual: "7", line: 1, column: 1), body: "7"))
        #expect(!page.contains("<script"))
        #expect(!page.contains("<link"))
        #expect(!page.contains("src="))
        #expect(!page.contains("@import"))
        #expect(!page.contains("url("))
        #expect(!page.contains("href=\"http"))
        #expect(page.contains("@media (prefers-color-scheme: dark)"))
        #expect(page.contains("@media print"))
    }

    @Test("the verdict on top says why the run passed or failed, as the exit code does")
    func verdicts() {
        let ok = ContractResult(contract: "a", file: "a.json", source: "s", valid: true, findings: [])
        let down = ContractResult(contract: "b", file: "b.json", source: "s", valid: false, findings: [
            DriftFinding(kind: .transportError, pointer: "", severity: .breaking, expected: "an answer", actual: "connection refused", keyword: "couldnt-connect"),
        ])
        var warned = Report(results: [ok], failOn: .warning)
        warned.problems = [FileProblem(level: .warning, file: "Mocks/mappings/x.json", message: "no contract reaches this mapping")]
        let drifted = report(finding: finding(actual: "7", line: 1, column: 1), body: "7")
        let cases: [(Report, String)] = [(Report(results: [ok]), "passed"), (drifted, "failed: drift"),
                                         (Report(results: [down]), "failed: answers not judged"), (warned, "failed: warnings about files")]
        for (report, verdict) in cases {
            let page = HTMLReporter().render(report)
            #expect(page.contains("<h1>Envelope report</h1> <span class=\"badge \(report.exitCode == 0 ? "good" : "bad")\">\(verdict)</span>"), "\(verdict)")
        }
        #expect(HTMLReporter().render(warned).contains("<h2>Warnings about files</h2>"))
        let page = HTMLReporter().render(Report(results: [down]))
        #expect(page.contains("<span class=\"badge bad\">unreachable</span>"))
        #expect(page.contains("<span class=\"keyword muted\">curl <code>couldnt-connect</code></span>"))
        #expect(page.contains("<section class=\"place\" data-place=\"(request)\">"))
    }

    @Test("a saved answer's row has no time, a fetched one the request's")
    func times() {
        var saved = report(finding: finding(actual: "7", line: 1, column: 1), body: "7")
        saved.results[0].duration = nil
        saved.transfers = [TransferRecord(timings: RequestTimings(), body: Array("7".utf8))]
        #expect(HTMLReporter().render(saved).contains("<td class=\"number\">–</td></tr>"))
        #expect(HTMLReporter().render(report(finding: finding(actual: "7", line: 1, column: 1), body: "7")).contains("<td class=\"number\">1.2 ms</td></tr>"))
    }

    @Test("control characters in a body become visible symbols, never raw bytes in the page")
    func showsControlCharacters() {
        #expect(HTML.escape("a\u{0}b\u{1B}c\rd\u{7F}") == "a␀b␛c␍d␡")
    }

    @Test("diff's page: a row per change with kind, place, severity, old and new escaped; unchanged contracts listed")
    func diffPage() {
        let change = SchemaChange(kind: .enumValueAdded, pointer: "/orders/*/state", old: "enum \"paid\"", new: "adds \"<b>\"")
        let report = DiffReport(entries: [
            DiffReport.Entry(contract: "orders", file: "new/orders.json", status: .changed, changes: [change]),
            DiffReport.Entry(contract: "same", file: "new/same.json", status: .unchanged, changes: []),
        ])
        let page = report.renderHTML()
        #expect(page.contains("<tr class=\"change breaking\" data-kind=\"enum-value-added\" data-pointer=\"/orders/*/state\" data-severity=\"breaking\">"))
        #expect(page.contains("<td class=\"value old\">enum &quot;paid&quot;</td><td class=\"value new\">adds &quot;&lt;b&gt;&quot;</td>"))
        #expect(page.contains("data-contract=\"same\" data-status=\"unchanged\""))
        #expect(page.contains("<dd id=\"summary-breaking\">1</dd>"))
        #expect(page.contains("2 contracts compared: 1 changed (1 breaking, 0 compatible)"))
    }

    @Test("the excerpt's lines are the text report's: numbers, a cut long line with …, the column after the cut")
    func quotedLinesMatchTheTextExcerpt() {
        let long = "[" + String(repeating: "1,", count: 100) + "\"x\"]"
        let location = SourceLocation(line: 1, column: 202, offset: 201)
        let lines = BodyExcerpt(width: 20).quotedLines(of: Array(long.utf8), at: location)
        #expect(lines.count == 1)
        let line = lines[0]
        #expect(line.text.hasPrefix("…") && !line.text.hasSuffix("…"))
        #expect(Array(line.text.unicodeScalars)[(line.column ?? 0) - 1] == "\"")
        #expect(BodyExcerpt(width: 20).lines(of: Array(long.utf8), at: location, note: "n")
            == ["> 1 | " + line.text, "    | " + String(repeating: " ", count: (line.column ?? 1) - 1) + "^ n"])
    }
}
