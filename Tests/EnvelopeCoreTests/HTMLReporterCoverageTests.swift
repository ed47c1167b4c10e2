import Testing
@testable import EnvelopeCore

/// A proxy's coverage on the HTML page, on reports built by hand (the page of a real proxy
/// run, in a browser, is tested in envelopeTests' HTMLReportTests).
@Suite("HTML report: a proxy's coverage")
struct HTMLReporterCoverageTests {
    /// A proxy's report: `menu` drifted, `news` went unanswered, `search` was never reached,
    /// and two request shapes no contract covers, one of which the upstream did not answer.
    func proxyReport(secrets: [String] = []) -> Report {
        let drift = DriftFinding(kind: .typeMismatch, pointer: "/items", severity: .breaking, expected: "array", actual: "object")
        let unanswered = DriftFinding(kind: .transportError, pointer: "", severity: .breaking, expected: "an answer from http://127.0.0.1:1",
                                      actual: "Connection reset; the app got a 502", keyword: "recv-error")
        let results = [
            ContractResult(contract: "menu<b>", file: "menu.json", source: "GET http://127.0.0.1:1/v1/menus/4", valid: false, findings: [drift],
                           httpStatus: 200),
            ContractResult(contract: "news", file: "news.json", source: "GET http://127.0.0.1:1/news", valid: false, findings: [unanswered]),
            ContractResult(contract: "GET /v1/gone/{id}", file: "", source: "GET http://127.0.0.1:1/v1/gone/7", valid: false, findings: [unanswered]),
        ]
        var report = Report(results: results, contractsDirectory: "Contracts", redactor: Redactor(secrets: secrets))
        report.coverage = Coverage(
            exercised: [
                Coverage.Exercised(contract: "menu<b>", file: "menu.json", method: "GET", path: "/v1/menus/{id}", requests: 5, drifted: 2, fallbacks: 1),
                Coverage.Exercised(contract: "news", file: "news.json", method: "GET", path: "/news", requests: 1, transportErrors: 1),
            ],
            unexercised: [Coverage.Unexercised(contract: "search", file: "search.json", method: "POST", path: "/v1/search")],
            uncovered: [
                Coverage.Uncovered(method: "GET", path: "/v1/unknown/{id}", requests: 3, statuses: [404: 2, 200: 1], fallbacks: 1),
                Coverage.Uncovered(method: "GET", path: "/v1/gone/{id}", requests: 1, statuses: [502: 1]),
            ])
        return report
    }

    @Test("the coverage section has the counts of the JSON coverage object, each in an element with the id coverage-FIELD")
    func counts() {
        let page = HTMLReporter().render(proxyReport())
        #expect(page.contains("<section class=\"coverage\" id=\"coverage\" data-requests=\"10\" data-uncovered-requests=\"4\" data-fallbacks=\"2\">"))
        #expect(page.contains("<dd id=\"coverage-requests\">10</dd>"))
        #expect(page.contains("<dd id=\"coverage-uncoveredRequests\">4</dd>"))
        #expect(page.contains("<dd id=\"coverage-fallbacks\">2</dd>"))
        #expect(page.contains("<dd id=\"coverage-exercisedCount\">2 of 3</dd>"))
        #expect(page.contains("<dd id=\"coverage-unexercisedCount\">1</dd>"))
    }

    @Test("each exercised contract is a row with every JSON field as data-*, a link to its result's block, its result's badge and its counts")
    func exercisedRows() {
        let page = HTMLReporter().render(proxyReport())
        #expect(page.contains("<tr class=\"exercised\" data-contract=\"menu&lt;b&gt;\" data-file=\"menu.json\" data-method=\"GET\" data-path=\"/v1/menus/{id}\" data-requests=\"5\" data-drifted=\"2\" data-fallbacks=\"1\" data-transport-errors=\"0\">"))
        #expect(page.contains("<td><a href=\"#result-0\"><code>menu&lt;b&gt;</code></a></td><td><span class=\"badge bad\">drift</span></td>"))
        #expect(page.contains("<td class=\"number\">5</td><td class=\"number warn\">2</td><td class=\"number info\">1</td><td class=\"number zero\">0</td></tr>"))
        #expect(page.contains("data-contract=\"news\" data-file=\"news.json\" data-method=\"GET\" data-path=\"/news\" data-requests=\"1\" data-drifted=\"0\" data-fallbacks=\"0\" data-transport-errors=\"1\">"))
        #expect(page.contains("<td><a href=\"#result-1\"><code>news</code></a></td><td><span class=\"badge bad\">unreachable</span></td>"))
        #expect(page.contains("<td class=\"number bad\">1</td></tr>"))
        #expect(page.contains("<details class=\"result bad\" id=\"result-1\" data-contract=\"news\""))
        #expect(!page.contains("<b>"))
    }

    @Test("each contract never exercised is a row with its name, method, path and the file to open")
    func unexercisedRows() {
        let page = HTMLReporter().render(proxyReport())
        #expect(page.contains("<tr class=\"unexercised\" data-contract=\"search\" data-file=\"search.json\" data-method=\"POST\" data-path=\"/v1/search\">"
            + "<td><code>search</code></td><td class=\"method\">POST</td><td><code>/v1/search</code></td><td class=\"file\">Contracts/search.json</td></tr>"))
        #expect(page.contains("<h3>Never exercised <span class=\"muted\">1 contract</span></h3>"))
    }

    @Test("each request shape no contract covers is a row with its counts and its statuses by status, each with data-status and data-count; an unanswered shape links to its result")
    func uncoveredRows() {
        let page = HTMLReporter().render(proxyReport())
        #expect(page.contains("<tr class=\"uncovered\" data-method=\"GET\" data-path=\"/v1/unknown/{id}\" data-requests=\"3\" data-fallbacks=\"1\">"
            + "<td class=\"method\">GET</td><td><code>/v1/unknown/{id}</code></td><td class=\"number\">3</td>"
            + "<td><ul class=\"statuses\" aria-label=\"statuses\"><li class=\"good\" data-status=\"200\" data-count=\"1\">200 ×1</li>"
            + "<li class=\"warn\" data-status=\"404\" data-count=\"2\">404 ×2</li></ul></td><td class=\"number info\">1</td></tr>"))
        #expect(page.contains("<td><a href=\"#result-2\"><code>/v1/gone/{id}</code></a></td>"))
        #expect(page.contains("<li class=\"bad\" data-status=\"502\" data-count=\"1\">502 ×1</li>"))
        // Its result has no contract file to name.
        #expect(page.contains("<span class=\"result-meta\"><code class=\"source\">GET http://127.0.0.1:1/v1/gone/7</code></span>"))
        #expect(page.contains("<h3>Requests no contract covers <span class=\"muted\">4 requests, 2 shapes</span></h3>"))
    }

    @Test("a proxy's page is headed as one, with the coverage headline under the summary line; an unanswered request is the verdict of exit 3")
    func heading() {
        let report = proxyReport()
        let page = HTMLReporter().render(report)
        #expect(report.exitCode == 1)
        #expect(page.contains("<title>Envelope proxy: 3 contracts: "))
        #expect(page.contains("<h1>Envelope proxy report</h1> <span class=\"badge bad\">failed: drift</span>"))
        #expect(page.contains("<p class=\"headline coverage-headline\">2 of 3 contracts exercised (6 requests), 1 never; 4 requests no contract covers; 2 answered by mocks</p>"))
        var unanswered = report
        unanswered.results.removeFirst()
        #expect(unanswered.exitCode == 3)
        #expect(HTMLReporter().render(unanswered).contains("<h1>Envelope proxy report</h1> <span class=\"badge bad\">failed: requests got no answer</span>"))
        // The coverage section comes after the table of results and before their blocks.
        let order = ["id=\"summary\"", "id=\"overview\"", "id=\"coverage\"", "id=\"results\""].compactMap { page.range(of: $0)?.lowerBound }
        #expect(order.count == 4 && order == order.sorted())
    }

    @Test("a run no request reached says so in each table instead of an empty one")
    func noRequests() {
        var report = Report(results: [])
        report.coverage = Coverage(unexercised: [Coverage.Unexercised(contract: "menu", file: "menu.json", method: "GET", path: "/menu")])
        let page = HTMLReporter().render(report)
        #expect(page.contains("<h1>Envelope proxy report</h1> <span class=\"badge good\">passed</span>"))
        #expect(page.contains("<p class=\"muted\">No request reached a contract.</p>"))
        #expect(page.contains("<p class=\"ok-note\">Every request matched a contract.</p>"))
        #expect(page.contains("<dd id=\"coverage-exercisedCount\">0 of 1</dd>"))
        #expect(page.contains("0 of 1 contract exercised (0 requests), 1 never; 0 requests no contract covers"))
        report.coverage = Coverage()
        #expect(HTMLReporter().render(report).contains("<p class=\"muted\">There are no contracts.</p>"))
        report.coverage = Coverage(exercised: [Coverage.Exercised(contract: "menu", file: "menu.json", method: "GET", path: "/menu", requests: 1)])
        #expect(HTMLReporter().render(report).contains("<p class=\"ok-note\">Every contract was exercised.</p>"))
    }

    @Test("check's page has no coverage and keeps its heading and title")
    func notAProxy() {
        var report = proxyReport()
        report.coverage = nil
        let page = HTMLReporter().render(report)
        #expect(!page.contains("id=\"coverage"))
        #expect(!page.contains("class=\"headline coverage-headline\""))
        #expect(page.contains("<title>Envelope: 3 contracts: "))
        #expect(page.contains("<h1>Envelope report</h1> <span class=\"badge bad\">failed: drift</span>"))
    }

    @Test("a secret in a request's path is hidden in the coverage rows and their attributes, neither raw nor escaped")
    func redactsPaths() {
        let secret = "t&k<\"9"
        var report = proxyReport(secrets: [secret])
        report.coverage?.uncovered[0].path = "/v1/keys/\(secret)"
        let page = HTMLReporter().render(report)
        #expect(!page.contains(secret))
        #expect(!page.contains(HTMLReporter.escaped(secret)))
        #expect(page.contains("data-path=\"/v1/keys/***\""))
        #expect(page.contains("<code>/v1/keys/***</code>"))
    }
}
