import Foundation
import Testing

@Suite("envelope check --compare-mocks, end to end", .serialized, .temporaryFolders)
struct CompareMocksTests {
    @Test("a mock recorded from an older answer is reported stale, place by place")
    func staleMock() throws {
        let project = try RecordProject()
        let old = try ServeProcess(["--mocks", "Live1"], in: project.directory)
        #expect(try project.record(old).exitCode == 0)
        _ = old.stop()

        let live = try ServeProcess(["--mocks", "Live2"], in: project.directory)
        defer { _ = live.stop() }
        let result = try Envelope.run(["check", "--env", "live", "--base-url", live.url, "--compare-mocks", "--fail-on", "never"],
                                      in: project.directory, environment: ["ORDERS_TOKEN": RecordProject.secret])
        #expect(result.exitCode == 0)
        #expect(result.normalizedOutput.hasSuffix("""
            1 contract: 0 ok, 1 with drift (2 breaking, 2 warnings)

            Mock fidelity: live answers compared with the mocks in Mocks
              ! orders  Mocks/mappings/orders.json is stale: the live answer differs
                  /orders/*/coupon  key-added     the live answer has it (string, in 1 of 2 items), the mock does not
                  /orders/*/echo    key-removed   the mock has it (string, in 1 of 2 items), the live answer does not
                  /orders/*/state   null-added    mock string, live string or null
                  /total            type-changed  mock number, live string
            1 mock compared: 1 stale, 0 missing

            """))
        #expect(!result.standardOutput.contains(RecordProject.secret))
    }

    @Test("a mock that matches the live answer is reported fresh; stale ones fail only --fail-on warning")
    func freshMock() throws {
        let project = try RecordProject()
        let live = try ServeProcess(["--mocks", "Live1"], in: project.directory)
        defer { _ = live.stop() }
        #expect(try project.record(live).exitCode == 0)
        let result = try Envelope.run(["check", "--env", "live", "--base-url", live.url, "--compare-mocks", "--fail-on", "warning"],
                                      in: project.directory, environment: ["ORDERS_TOKEN": RecordProject.secret])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.hasSuffix("  ✓ orders  Mocks/mappings/orders.json\n1 mock compared: 0 stale, 0 missing\n"))
    }

    @Test("a key in every mock item but absent from some live items is stale, and the other way round, with counts")
    func keysAbsentFromSomeItems() throws {
        let project = try FidelityProject()
        // The mock's 4 items all have a price; 3 of the API's 102 do not.
        try project.contract("items", path: "/v1/items")
        try project.mock("items", in: "Mocks", path: "/v1/items", body: FidelityProject.list("items", count: 4) { _ in #"{"id": 1, "price": 2}"# })
        try project.mock("items", in: "Live", path: "/v1/items",
                         body: FidelityProject.list("items", count: 102) { [5, 40, 99].contains($0) ? #"{"id": 1}"# : #"{"id": 1, "price": 2.5}"# })
        // The mock leaves colour out of 1 of its 3 tags; the API sends it in all 7.
        try project.contract("tags", path: "/v1/tags")
        try project.mock("tags", in: "Mocks", path: "/v1/tags",
                         body: FidelityProject.list("tags", count: 3) { $0 == 1 ? #"{"name": "a"}"# : #"{"name": "a", "colour": "red"}"# })
        try project.mock("tags", in: "Live", path: "/v1/tags", body: FidelityProject.list("tags", count: 7) { _ in #"{"name": "b", "colour": "blue"}"# })

        let live = try ServeProcess(["--mocks", "Live"], in: project.directory)
        defer { _ = live.stop() }
        let result = try Envelope.run(["check", "--base-url", live.url, "--compare-mocks", "--fail-on", "warning"], in: project.directory)
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.hasSuffix("""
            Mock fidelity: live answers compared with the mocks in Mocks
              ! items  Mocks/mappings/items.json is stale: the live answer differs
                  /items/*/price  key-sometimes-absent  mock in all 4 items, live absent from 3 of 102 items
              ! tags  Mocks/mappings/tags.json is stale: the live answer differs
                  /tags/*/colour  key-always-present  mock absent from 1 of 3 items, live in all 7 items
            2 mocks compared: 2 stale, 0 missing

            """))
    }

    @Test("each mock that was not compared says why, and the count line sums the reasons")
    func notCompared() throws {
        let project = try FidelityProject()
        let mockBody = #"{"id": 1}"#
        for name in ["broken", "gone", "page", "same", "nomock"] { try project.contract(name, path: "/v1/\(name)") }
        for name in ["broken", "gone", "page", "same"] { try project.mock(name, in: "Mocks", path: "/v1/\(name)", body: mockBody) }
        try project.mock("gone", in: "Live", path: "/v1/gone", status: 404, body: #"{"error": "no such thing"}"#)
        try project.mock("page", in: "Live", path: "/v1/page", contentType: "text/html", body: "<!DOCTYPE html><p>down for maintenance</p>")
        try project.mock("same", in: "Live", path: "/v1/same", body: mockBody)
        try project.mock("nomock", in: "Live", path: "/v1/nomock", body: mockBody)
        try project.write("Live/mappings/broken.json", #"{"request": {"urlPath": "/v1/broken"}, "response": {"fault": "CONNECTION_RESET_BY_PEER"}}"#)

        let live = try ServeProcess(["--mocks", "Live"], in: project.directory)
        defer { _ = live.stop() }
        let result = try Envelope.run(["check", "--base-url", live.url, "--compare-mocks", "--fail-on", "never"], in: project.directory)
        // 3: one answer could not be fetched (the check report says so too).
        #expect(result.exitCode == 3)
        let section = try #require(result.standardOutput.range(of: "Mock fidelity:").map { String(result.standardOutput[$0.lowerBound...]) })
        let lines = section.split(separator: "\n").map(String.init)
        try #require(lines.count == 7, "\(section)")
        #expect(lines[1].hasPrefix("  - broken  not compared with Mocks/mappings/broken.json: no live answer ("))
        #expect(lines[2] == "  - gone  not compared with Mocks/mappings/gone.json: the live answer's status is 404, the mock's 200 (a mock is compared only with an answer of its own status)")
        #expect(lines[3] == "  ! nomock  no mock answers GET /v1/nomock (record one with envelope record --only nomock)")
        #expect(lines[4] == "  - page  not compared with Mocks/mappings/page.json: the live answer (200, text/html) is not JSON (expected a JSON value, found '<' at 1:1)")
        #expect(lines[5] == "  ✓ same  Mocks/mappings/same.json")
        #expect(lines[6] == "1 mock compared: 0 stale, 1 missing, 3 not compared (1 no live answer, 1 live status 404, 1 live answer not JSON)")
    }

    @Test("a proxyBaseUrl mock is not compared: it has no answer of its own")
    func proxyMockNotCompared() throws {
        let project = try FidelityProject()
        try project.contract("fwd", path: "/v1/fwd")
        try project.write("Mocks/mappings/fwd.json", #"{"request": {"urlPath": "/v1/fwd"}, "response": {"proxyBaseUrl": "http://127.0.0.1:9"}}"#)
        try project.mock("fwd", in: "Live", path: "/v1/fwd", body: #"{"id": 1}"#)
        let live = try ServeProcess(["--mocks", "Live"], in: project.directory)
        defer { _ = live.stop() }
        let result = try Envelope.run(["check", "--base-url", live.url, "--compare-mocks", "--fail-on", "never"], in: project.directory)
        #expect(result.standardOutput.contains(
            "  - fwd  not compared with Mocks/mappings/fwd.json: the mock forwards to http://127.0.0.1:9 (proxyBaseUrl), it has no answer of its own\n"),
            "\(result.standardOutput)")
        #expect(result.standardOutput.contains("1 not compared (1 mock is a proxy)"), "\(result.standardOutput)")
    }

    @Test("--compare-mocks without a live server is a usage error")
    func needsLive() throws {
        let result = try Envelope.run(["check", "--compare-mocks"])
        #expect(result.exitCode == 2)
        #expect(result.standardError.hasPrefix("error: --compare-mocks compares live answers with the mocks; give --env NAME or --base-url URL.\n"))
    }
}

/// A project for the fidelity tests, written file by file: contracts, the project's own mocks
/// (`Mocks`) and the "live" API's (`Live`, served by `envelope serve`).
struct FidelityProject {
    let directory: URL

    init() throws {
        directory = try temporaryDirectory()
    }

    func write(_ path: String, _ text: String) throws {
        let url = directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// A contract for `GET path` that accepts any JSON object.
    func contract(_ name: String, path: String) throws {
        try write("Contracts/\(name).json", #"{"contract": "\#(name)", "request": {"method": "GET", "path": "\#(path)"}, "response": {"status": 200}}"#)
    }

    /// A mapping in `folder` answering `GET path` with `body`.
    func mock(_ name: String, in folder: String, path: String, status: Int = 200, contentType: String = "application/json", body: String) throws {
        let escaped = body.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        try write("\(folder)/mappings/\(name).json", """
            {"request": {"method": "GET", "urlPath": "\(path)"},
             "response": {"status": \(status), "headers": {"Content-Type": "\(contentType)"}, "body": "\(escaped)"}}
            """)
    }

    /// `{"KEY": [item(0), item(1), ...]}`.
    static func list(_ key: String, count: Int, item: (Int) -> String) -> String {
        #"{"\#(key)": ["# + (0..<count).map(item).joined(separator: ", ") + "]}"
    }
}
