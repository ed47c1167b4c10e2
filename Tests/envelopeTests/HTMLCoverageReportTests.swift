import Foundation
import Testing

/// `envelope proxy --format html` opened in headless Chromium: the DOM holds everything the
/// JSON report's `coverage` holds for the same requests, row by row, and the results as
/// check's page has them. One browser run, since Chromium is slow to start.
@Suite("proxy --format html in a headless browser", .temporaryFolders)
struct HTMLCoverageReportTests {
    /// `echo` drifts (its answer lacks `missing`), `reason` fits, `reset` goes unanswered,
    /// `menu` is answered by a mock after the upstream's 404, `orders` is never asked for.
    static let contracts: [String: String] = [
        "echo": #"{"contract": "echo", "request": {"method": "GET", "path": "/echo"}, "response": {"status": 200, "body": {"type": "object", "required": ["missing"]}}}"#,
        "reason": #"{"contract": "reason", "request": {"path": "/reason"}, "response": {"status": 200, "body": {"type": "object"}}}"#,
        "reset": #"{"contract": "reset", "request": {"path": "/reset"}, "response": {"status": 200}}"#,
        "menu": #"{"contract": "menu", "request": {"path": "/v1/menu"}, "response": {"status": 200, "body": {"type": "object", "required": ["menu"]}}}"#,
        "orders": #"{"contract": "orders", "request": {"method": "POST", "path": "/v1/orders/{id}"}, "response": {"status": 201}}"#,
    ]

    /// What the app asks for: two drifting answers, one that fits, one reset, one a mock
    /// answers, and four no contract covers (two 404s of one shape, garbage the upstream
    /// sends, and one a mock answers).
    static let paths = ["/echo", "/echo", "/reason", "/reset", "/v1/menu", "/v1/unknown/42", "/v1/unknown/43", "/garbage", "/v1/extra/7"]

    @Test("proxy --format html: the counts, every exercised, never exercised and uncovered row with the JSON coverage's fields, links to the results, and the results themselves")
    func proxyPage() throws {
        let scratch = try temporaryDirectory()
        let upstream = try MisbehavingUpstream()
        let contracts = try contractsFolder(Self.contracts)
        let mocks = try Self.mocksFolder(in: scratch)
        let page = scratch.appendingPathComponent("proxy.html")
        let json = scratch.appendingPathComponent("proxy.json")
        let html = try Self.proxyRun(format: "html", output: page, upstream: upstream, contracts: contracts, mocks: mocks, scratch: scratch)
        #expect(html.status == 1)
        #expect(try Self.proxyRun(format: "json", output: json, upstream: upstream, contracts: contracts, mocks: mocks, scratch: scratch).status == 1)
        let report = try HTMLReportTests.object(try String(contentsOf: json, encoding: .utf8))
        HTMLReportTests.expectSelfContained(try String(contentsOf: page, encoding: .utf8))

        let dom = DOMText(html: try HeadlessChromium.dumpDOM(of: page, scratch: scratch))
        #expect(dom.elements("h1").map(\.text) == ["Envelope proxy report"])
        let headline = try #require(html.output.split(separator: "\n").first { $0.hasPrefix("Coverage: ") })
        #expect(dom.elements("p", class: "coverage-headline").map(\.text) == [String(headline.dropFirst("Coverage: ".count))])
        try HTMLReportTests.expectResults(of: report, in: dom, bodies: [:])
        try HTMLReportTests.expectSummary(of: report, in: dom)

        let coverage = try #require(report["coverage"] as? [String: Any])
        let section = try #require(dom.elements("section", class: "coverage").first)
        for (key, attribute) in [("requests", "data-requests"), ("uncoveredRequests", "data-uncovered-requests"), ("fallbacks", "data-fallbacks")] {
            let value = try #require(coverage[key] as? Int)
            #expect(dom.element(id: "coverage-\(key)")?.text == "\(value)", "coverage.\(key)")
            #expect(section.attributes[attribute] == "\(value)", "coverage.\(key)")
        }
        #expect(coverage["requests"] as? Int == Self.paths.count)
        try Self.expectExercised(try #require(coverage["exercised"] as? [[String: Any]]), report: report, in: dom)
        try Self.expectUnexercised(try #require(coverage["unexercised"] as? [[String: Any]]), contracts: contracts, in: dom)
        try Self.expectUncovered(try #require(coverage["uncovered"] as? [[String: Any]]), report: report, in: dom)
    }

    /// A row per exercised contract in the JSON's order, its `data-` attributes and cells
    /// the entry's fields, its name a link to the block of its result.
    static func expectExercised(_ entries: [[String: Any]], report: [String: Any], in dom: DOMText) throws {
        let results = try #require(report["results"] as? [[String: Any]])
        let rows = dom.elements("tr", class: "exercised")
        #expect(rows.map { $0.attributes["data-contract"] } == entries.map { $0["contract"] as? String })
        #expect(entries.map { $0["contract"] as? String } == ["echo", "menu", "reason", "reset"])
        for (row, entry) in zip(rows, entries) {
            let name = try #require(entry["contract"] as? String)
            for (key, attribute) in [("file", "data-file"), ("method", "data-method"), ("path", "data-path"), ("requests", "data-requests"),
                                     ("drifted", "data-drifted"), ("fallbacks", "data-fallbacks"), ("transportErrors", "data-transport-errors")] {
                #expect(row.attributes[attribute] == entry[key].map { "\($0)" }, "\(name).\(key)")
            }
            let cells = DOMText(html: row.inner).elements("td").map(\.text)
            let fields = ["requests", "drifted", "fallbacks", "transportErrors"].map { entry[$0].map { "\($0)" } ?? "" }
            try #require(cells.count == 8, "\(name): \(cells)")
            #expect([cells[0], cells[2], cells[3]] == [name, entry["method"] as? String, entry["path"] as? String])
            #expect(Array(cells.dropFirst(4)) == fields, "\(name)")
            let link = try #require(DOMText(html: row.inner).elements("a").first?.attributes["href"], "\(name) links nowhere")
            let index = try #require(Int(link.dropFirst("#result-".count)), "\(name) links to \(link)")
            #expect(results.indices.contains(index) && results[index]["contract"] as? String == name)
            #expect(dom.elements("details", class: "result").first { $0.attributes["id"] == "result-\(index)" }?.attributes["data-contract"] == name)
            #expect(cells[1] == (results[index]["status"] as? String == "error" ? "unreachable" : results[index]["status"] as? String))
        }
        let counts = Dictionary(uniqueKeysWithValues: entries.compactMap { entry in (entry["contract"] as? String).map { ($0, entry) } })
        #expect(counts["echo"]?["drifted"] as? Int == 2)
        #expect(counts["menu"]?["fallbacks"] as? Int == 1)
        #expect(counts["reset"]?["transportErrors"] as? Int == 1)
    }

    /// A row per contract never exercised, with the file to open.
    static func expectUnexercised(_ entries: [[String: Any]], contracts: URL, in dom: DOMText) throws {
        let rows = dom.elements("tr", class: "unexercised")
        #expect(rows.map { $0.attributes["data-contract"] } == entries.map { $0["contract"] as? String })
        #expect(entries.map { $0["contract"] as? String } == ["orders"])
        for (row, entry) in zip(rows, entries) {
            let file = try #require(entry["file"] as? String)
            for key in ["file", "method", "path"] { #expect(row.attributes["data-\(key)"] == entry[key] as? String, "\(key)") }
            #expect(DOMText(html: row.inner).elements("td").map(\.text)
                == [entry["contract"] as? String, entry["method"] as? String, entry["path"] as? String, contracts.path + "/" + file])
        }
    }

    /// A row per request shape no contract covers, with its statuses as the JSON's object; a
    /// shape the upstream did not answer links to its result. The order of shapes with as
    /// many requests follows the order their answers were judged in, so it is not compared
    /// across the two runs.
    static func expectUncovered(_ entries: [[String: Any]], report: [String: Any], in dom: DOMText) throws {
        let results = try #require(report["results"] as? [[String: Any]])
        let rows = dom.elements("tr", class: "uncovered")
        #expect(rows.count == entries.count)
        #expect(rows.first?.attributes["data-path"] == "/v1/unknown/{id}")
        #expect(entries.compactMap { $0["path"] as? String }.sorted() == ["/garbage", "/v1/extra/{id}", "/v1/unknown/{id}"])
        for entry in entries {
            let method = try #require(entry["method"] as? String), path = try #require(entry["path"] as? String)
            let row = try #require(rows.first { $0.attributes["data-method"] == method && $0.attributes["data-path"] == path }, "no row for \(method) \(path)")
            #expect(row.attributes["data-requests"] == entry["requests"].map { "\($0)" })
            #expect(row.attributes["data-fallbacks"] == entry["fallbacks"].map { "\($0)" })
            let inner = DOMText(html: row.inner)
            let items = inner.elements("li")
            let statuses = Dictionary(uniqueKeysWithValues: items.compactMap { item in
                item.attributes["data-status"].map { ($0, Int(item.attributes["data-count"] ?? "") ?? -1) }
            })
            #expect(statuses == entry["statuses"] as? [String: Int], "\(method) \(path)")
            #expect(items.map(\.text) == statuses.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" })
            let cells = inner.elements("td").map(\.text)
            try #require(cells.count == 5, "\(method) \(path): \(cells)")
            #expect([cells[0], cells[1], cells[2], cells[4]] == [method, path, "\(entry["requests"] ?? "")", "\(entry["fallbacks"] ?? "")"])
            let failed = results.firstIndex { $0["contract"] as? String == "\(method) \(path)" && $0["file"] as? String == "" }
            #expect(inner.elements("a").first?.attributes["href"] == failed.map { "#result-\($0)" }, "\(method) \(path)")
        }
        #expect(entries.first { $0["path"] as? String == "/garbage" }?["statuses"] as? [String: Int] == ["502": 1])
        #expect(entries.first { $0["path"] as? String == "/v1/extra/{id}" }?["fallbacks"] as? Int == 1)
    }

    /// Runs the proxy in front of `upstream` until it has answered `paths`, sent in order with
    /// curl, with the report in `format` written to `output`.
    static func proxyRun(format: String, output: URL, upstream: MisbehavingUpstream, contracts: URL, mocks: URL,
                         scratch: URL) throws -> (status: Int32, output: String, error: String) {
        let proxy = try ProxyProcess(["--upstream", upstream.url, "--contracts", contracts.path, "--fallback-to-mocks", mocks.path,
                                      "--requests", String(paths.count), "--format", format, "--output", output.path])
        for path in paths { _ = try curlAnswer(proxy.url + path, in: scratch) }
        return proxy.waitForExit()
    }

    /// Mocks for `/v1/menu` (a contract's) and `/v1/extra/7` (no contract's), which answer
    /// when the upstream says 404.
    static func mocksFolder(in directory: URL) throws -> URL {
        let mocks = directory.appendingPathComponent("Mocks")
        let mappings = mocks.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        try Data(#"{"name": "menu-mock", "request": {"method": "GET", "urlPath": "/v1/menu"}, "response": {"status": 200, "jsonBody": {"menu": []}}}"#.utf8)
            .write(to: mappings.appendingPathComponent("menu.json"))
        try Data(#"{"name": "extra-mock", "request": {"method": "GET", "urlPath": "/v1/extra/7"}, "response": {"status": 200, "jsonBody": {}}}"#.utf8)
            .write(to: mappings.appendingPathComponent("extra.json"))
        return mocks
    }
}
