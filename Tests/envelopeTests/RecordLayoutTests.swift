import Foundation
import Testing

/// What `record --force` writes over a mock (the same layout, inline or a body file, and no
/// body file left behind), that bodies are written as received, and `--format`.
@Suite("envelope record: layout, bodies as received, report formats", .serialized, .temporaryFolders)
struct RecordLayoutTests {
    /// Live3's body, as the upstream sends it.
    static let upstreamBody = "Record/Live3/__files/orders.json"

    @Test("--force over a bodyFileName mapping writes a body file again; a replaced file whose name changes is removed")
    func forceKeepsBodyFileLayout() throws {
        let project = try RecordProject()
        let first = try ServeProcess(["--mocks", "Live1"], in: project.directory)
        #expect(try project.record(first, ["--body-files"]).exitCode == 0)
        _ = first.stop()

        let second = try ServeProcess(["--mocks", "Live3"], in: project.directory)
        let forced = try project.record(second, ["--force"])
        _ = second.stop()
        #expect(forced.exitCode == 0)
        #expect(forced.standardOutput.hasPrefix("orders  wrote Mocks/mappings/orders.json and Mocks/__files/orders.json\n"))
        var files = try project.mockFiles()
        #expect(Set(files.keys) == ["mappings/orders.json", "__files/orders.json"])
        #expect(files["mappings/orders.json"]?.contains(#""bodyFileName": "orders.json""#) == true)
        #expect(files["__files/orders.json"] == (try String(contentsOf: fixtures.appendingPathComponent(Self.upstreamBody), encoding: .utf8)))

        let down = try ServeProcess(["--mocks", "LiveDown"], in: project.directory)
        defer { _ = down.stop() }
        let page = try project.record(down, ["--force", "--allow-errors"])
        #expect(page.exitCode == 3)  // written on request, and the run still reports the outage
        #expect(page.standardOutput.hasPrefix(
            "orders  wrote Mocks/mappings/orders.json and Mocks/__files/orders.txt; removed Mocks/__files/orders.json\n"))
        files = try project.mockFiles()
        #expect(Set(files.keys) == ["mappings/orders.json", "__files/orders.txt"])
        #expect(files["mappings/orders.json"]?.contains(#""bodyFileName": "orders.txt""#) == true)
        #expect(files["__files/orders.txt"]?.hasPrefix("<!DOCTYPE html>\n") == true)
    }

    @Test("a replaced body file that another mapping names is kept")
    func sharedBodyFileIsKept() throws {
        let project = try RecordProject()
        let first = try ServeProcess(["--mocks", "Live1"], in: project.directory)
        #expect(try project.record(first, ["--body-files"]).exitCode == 0)
        _ = first.stop()
        let other = project.directory.appendingPathComponent("Mocks/mappings/other.json")
        try Data(#"{ "request": { "urlPath": "/other" }, "response": { "status": 200, "bodyFileName": "orders.json" } }"#.utf8).write(to: other)

        let down = try ServeProcess(["--mocks", "LiveDown"], in: project.directory)
        defer { _ = down.stop() }
        let page = try project.record(down, ["--force", "--allow-errors"])
        #expect(page.standardOutput.hasPrefix(
            "orders  wrote Mocks/mappings/orders.json and Mocks/__files/orders.txt; kept Mocks/__files/orders.json, which another mapping names\n"))
        #expect(try project.mockFiles()["__files/orders.json"] != nil)
    }

    @Test("--force over an inline mapping stays inline")
    func forceKeepsInlineLayout() throws {
        let project = try RecordProject()
        let first = try ServeProcess(["--mocks", "Live1"], in: project.directory)
        #expect(try project.record(first).exitCode == 0)
        _ = first.stop()
        let second = try ServeProcess(["--mocks", "Live3"], in: project.directory)
        defer { _ = second.stop() }
        let forced = try project.record(second, ["--force"])
        #expect(forced.standardOutput.hasPrefix("orders  wrote Mocks/mappings/orders.json\n"))
        let files = try project.mockFiles()
        #expect(Set(files.keys) == ["mappings/orders.json"])
        #expect(files["mappings/orders.json"]?.contains(#""jsonBody": {"#) == true)
    }

    @Test("the body is written as received: a later check of the mock reports the upstream's line:column", arguments: [[], ["--body-files"]])
    func bodyAsReceived(_ layout: [String]) throws {
        let project = try RecordProject()
        let live = try ServeProcess(["--mocks", "Live3"], in: project.directory)
        defer { _ = live.stop() }
        let recorded = try project.record(live, layout)
        #expect(recorded.exitCode == 0)
        let upstream = try Envelope.run(["check", "--base-url", live.url], in: project.directory)
        let mock = try Envelope.run(["check"], in: project.directory)
        // Where the findings are: "found absent in all 2 at 4:9", "found "SPRING" at 5:53".
        func places(_ output: String) -> [String] {
            output.split(separator: "\n").filter { $0.contains("found ") }.map { String($0.trimmingCharacters(in: .whitespaces)) }
        }
        #expect(places(upstream.standardOutput) == [
            "expected an optional key, present at least sometimes, found absent in all 2 at 4:9",
            #"expected no such key (the contract does not declare it), found "SPRING" at 5:53"#,
        ])
        #expect(places(mock.standardOutput) == places(upstream.standardOutput))
        #expect(places(recorded.standardOutput) == places(upstream.standardOutput))
    }

    @Test("--format json puts the report alone on standard output; what was written goes to standard error")
    func formatJSON() throws {
        let project = try RecordProject()
        let down = try ServeProcess(["--mocks", "LiveDown"], in: project.directory)
        defer { _ = down.stop() }
        let result = try project.record(down, ["--format", "json"])
        #expect(result.exitCode == 3)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let results = try #require(object["results"] as? [[String: Any]])
        let kinds = (results.first?["findings"] as? [[String: Any]])?.compactMap { $0["kind"] as? String }
        #expect(kinds == ["server-error"])
        #expect((object["summary"] as? [String: Any])?["exitCode"] as? Int == 3)
        #expect(result.standardError.hasPrefix("orders  not recorded: status 500, expected 200;"))
    }

    @Test("--format F --output FILE writes the file and keeps the text report on standard output", arguments: ["junit", "github", "markdown", "html"])
    func formatToFile(_ format: String) throws {
        let project = try RecordProject()
        let live = try ServeProcess(["--mocks", "Live1"], in: project.directory)
        defer { _ = live.stop() }
        let result = try project.record(live, ["--format", format, "--output", "report.out"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.hasPrefix("orders  wrote Mocks/mappings/orders.json\n\norders  GET http://127.0.0.1:"))
        let file = try String(contentsOf: project.directory.appendingPathComponent("report.out"), encoding: .utf8)
        #expect(file.contains("orders") || file.contains("1 contract: 1 ok"))
        #expect(!file.contains(RecordProject.secret))
    }
}
