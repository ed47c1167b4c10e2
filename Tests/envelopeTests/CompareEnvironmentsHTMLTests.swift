import Foundation
import Testing

/// `check --env staging --compare-env prod --format html` against two `envelope serve`
/// upstreams, opened in headless Chromium (one run): the DOM holds every comparison and
/// difference of the JSON report of the same run, with its fields, and the verdict counts the
/// differences as the exit code does.
@Suite("--compare-env's comparison in the HTML report, in a headless browser", .serialized, .temporaryFolders)
struct CompareEnvironmentsHTMLTests {
    @Test("every difference of the JSON report is a row of its contract's block, with kind, place, sides, severity and reason; the same and not compared too")
    func comparisonInTheDOM() throws {
        let project = try TwoEnvironments()
        try Self.writeProject(project)
        try project.environments(prodOnly: ["moved", "orders", "same", "tags"])
        let scratch = try temporaryDirectory()
        let page = scratch.appendingPathComponent("compare.html")
        let arguments = ["--env", "staging", "--compare-env", "prod"]
        let html = try project.check(arguments + ["--format", "html", "--output", page.path])
        #expect(html.exitCode == 1)
        let json = try project.check(arguments + ["--format", "json"])
        #expect(json.exitCode == 1)
        let report = try HTMLReportTests.object(json.standardOutput)
        let markup = try String(contentsOf: page, encoding: .utf8)
        HTMLReportTests.expectSelfContained(markup)
        #expect(!markup.contains("<&>"))

        let dom = DOMText(html: try HeadlessChromium.dumpDOM(of: page, scratch: scratch))
        try HTMLReportTests.expectResults(of: report, in: dom, bodies: [:])
        try HTMLReportTests.expectSummary(of: report, in: dom)
        #expect(dom.element(id: "summary")?.text.contains("failed: drift, differences from prod") == true)

        let results = try #require(report["results"] as? [[String: Any]])
        var differenceCount = 0
        var statuses: Set<String> = []
        for (index, result) in results.enumerated() {
            let comparison = try #require(result["comparison"] as? [String: Any], "no comparison for result \(index)")
            let element = try Self.comparisonElement(index, in: dom)
            #expect(element.attributes["data-contract"] == result["contract"] as? String)
            for (key, attribute) in [("status", "status"), ("baseline", "baseline"), ("candidate", "candidate"), ("baselineSource", "baseline-source"),
                                     ("reason", "reason")] {
                #expect(element.attributes["data-\(attribute)"] == comparison[key] as? String, "comparison \(index) \(key)")
            }
            for key in ["breaking", "warnings"] { #expect(element.attributes["data-\(key)"] == (comparison[key] as? Int).map(String.init)) }
            #expect(element.attributes["data-unreachable"] == (comparison["unreachable"] as? Bool).map { "\($0)" })
            if let reason = comparison["reason"] as? String { #expect(element.text.contains(reason)) }
            statuses.insert(comparison["status"] as? String ?? "")
            let differences = comparison["differences"] as? [[String: Any]] ?? []
            let rows = DOMText(html: element.inner).elements("tr", class: "difference")
            #expect(rows.count == differences.count, "comparison \(index): \(rows.count) rows, \(differences.count) differences")
            for difference in differences {
                try Self.expectRow(for: difference, in: rows)
                differenceCount += 1
            }
        }
        #expect(statuses == ["breaking", "warnings", "same", "not-compared"])
        #expect(differenceCount == 11)
        #expect(dom.elements("tr", class: "difference").count == differenceCount)
    }

    /// Contracts for every outcome: `orders` with breaking and warning differences (a new
    /// Korean key, a new enum string holding `<&>`), `tags` with a warning, `moved` a changed
    /// status, `same` alike, and `skipped`, which prod's `only` leaves out.
    static func writeProject(_ project: TwoEnvironments) throws {
        try project.write("Contracts/orders.json", #"""
            {"contract": "orders", "request": {"method": "GET", "path": "/v1/orders"}, "response": {"status": 200, "body": {
              "type": "object", "required": ["owner"], "properties": {"owner": {"type": "string"}, "total": {"type": "number"},
              "orders": {"type": "array", "items": {"type": "object", "required": ["id", "state"], "properties": {
                "id": {"type": "integer"}, "state": {"type": "string", "enum": ["new", "paid"]}, "note": {"type": "string"},
                "coupon": {"type": "string"}}}}}}}}
            """#)
        try project.mock("orders", in: "Prod", path: "/v1/orders", body: #"""
            {"owner": "o", "extra": 1, "total": 3, "orders": [{"id": 1, "state": "new", "note": "a", "coupon": "X"}, {"id": 2, "state": "new", "note": "b", "coupon": "Y"}]}
            """#)
        try project.mock("orders", in: "Staging", path: "/v1/orders", body: #"""
            {"total": "3", "orders": [{"state": "배송<&>", "coupon": null, "메모": "가"}, {"id": 2, "state": "new", "coupon": "Z", "fresh": true}]}
            """#)
        try project.write("Contracts/tags.json", #"""
            {"contract": "tags", "enums": "open", "request": {"method": "GET", "path": "/v1/tags"}, "response": {"status": 200, "body": {
              "properties": {"tags": {"items": {"properties": {"colour": {"type": "string", "enum": ["red", "blue"]}}}}}}}}
            """#)
        try project.mock("tags", in: "Prod", path: "/v1/tags", body: #"{"tags": [{"colour": "red"}, {"colour": "red"}]}"#)
        try project.mock("tags", in: "Staging", path: "/v1/tags", body: #"{"tags": [{"colour": "teal"}]}"#)
        try project.contract("moved", path: "/v1/moved")
        try project.mock("moved", in: "Prod", path: "/v1/moved", body: #"{"a": 1}"#)
        try project.mock("moved", in: "Staging", path: "/v1/moved", status: 404, body: #"{"error": "gone"}"#)
        for name in ["same", "skipped"] {
            try project.contract(name, path: "/v1/\(name)")
            try project.both(name, path: "/v1/\(name)", body: #"{"x": [1, 2]}"#)
        }
    }

    /// A contract's comparison element: a block when it differs or was not compared, its
    /// name in the line of the same ones otherwise.
    static func comparisonElement(_ index: Int, in dom: DOMText) throws -> DOMText.Element {
        try #require((dom.elements("article", class: "compared") + dom.elements("code")).first { $0.attributes["id"] == "comparison-\(index)" },
                     "no element comparison-\(index)")
    }

    /// The difference's row, found by kind and place: its attributes are the JSON fields, and
    /// the reader sees both sides, the severity and the reason.
    static func expectRow(for difference: [String: Any], in rows: [DOMText.Element]) throws {
        let kind = try #require(difference["kind"] as? String), pointer = try #require(difference["pointer"] as? String)
        let row = try #require(rows.first { $0.attributes["data-kind"] == kind && $0.attributes["data-pointer"] == pointer }, "no row for \(kind) at \(pointer)")
        let cells = DOMText(html: row.inner)
        for (key, attribute) in [("severity", "severity"), ("baseline", "baseline"), ("candidate", "candidate"), ("reason", "reason"), ("driftKind", "drift-kind")] {
            #expect(row.attributes["data-\(attribute)"] == difference[key] as? String, "\(kind) at \(pointer): \(key)")
        }
        #expect(cells.elements("span", class: "baseline").map(\.text) == [difference["baseline"] as? String].compactMap { $0 })
        #expect(cells.elements("span", class: "candidate").map(\.text) == [difference["candidate"] as? String].compactMap { $0 })
        #expect(cells.elements("td", class: "reason").map(\.text) == [difference["reason"] as? String].compactMap { $0 })
        #expect(cells.elements("span", class: "severity-name").map(\.text) == [difference["severity"] as? String].compactMap { $0 })
        #expect(row.text.contains(kind))
        if let added = difference["addedValues"] as? [String] {
            let attribute = try #require(row.attributes["data-added-values"])
            #expect(try JSONSerialization.jsonObject(with: Data(attribute.utf8)) as? [String] == added)
        }
        for side in ["baseline", "candidate"] {
            let presence = difference["\(side)Presence"] as? [String: Int]
            #expect(row.attributes["data-\(side)-count"] == presence?["count"].map(String.init))
            #expect(row.attributes["data-\(side)-total"] == presence?["total"].map(String.init))
        }
    }
}
