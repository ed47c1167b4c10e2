import Foundation
import Testing

/// A copy of Fixtures/Record in a fresh folder (record writes into it), and a "live" API:
/// `envelope serve` on a free loopback port with one of the fixture's Live folders.
struct RecordProject {
    static let secret = "tok-PLANTED-SECRET-4242"
    let directory: URL

    init() throws {
        directory = try temporaryDirectory().appendingPathComponent("project")
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("Record"), to: directory)
    }

    /// Runs `envelope record --env live --base-url LIVE arguments...` with the token set.
    func record(_ live: ServeProcess, _ arguments: [String] = []) throws -> RunResult {
        try Envelope.run(["record", "--env", "live", "--base-url", live.url] + arguments, in: directory,
                         environment: ["ORDERS_TOKEN": Self.secret])
    }

    /// Runs `envelope record --url LIVE/v1/orders --name NAME arguments...`.
    func recordURL(_ live: ServeProcess, name: String, _ arguments: [String] = []) throws -> RunResult {
        try Envelope.run(["record", "--url", live.url + "/v1/orders", "--name", name] + arguments, in: directory)
    }

    /// Every file under the project's Mocks folder, with its text.
    func mockFiles() throws -> [String: String] {
        var files: [String: String] = [:]
        let mocks = directory.appendingPathComponent("Mocks")
        guard let enumerator = FileManager.default.enumerator(atPath: mocks.path) else { return files }
        while let name = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = mocks.appendingPathComponent(name).path
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[name] = try String(contentsOfFile: path, encoding: .utf8)
            }
        }
        return files
    }

    func mapping() throws -> String {
        try String(contentsOf: directory.appendingPathComponent("Mocks/mappings/orders.json"), encoding: .utf8)
    }
}

@Suite("envelope record, end to end", .serialized, .temporaryFolders)
struct RecordCommandTests {
    @Test("a contract's answer becomes a mapping with the body inline, no secret on disk or in the output, and the drift is reported")
    func recordsContract() throws {
        let project = try RecordProject()
        let live = try ServeProcess(["--mocks", "Live1"], in: project.directory)
        defer { _ = live.stop() }
        let result = try project.record(live)
        #expect(result.exitCode == 0)
        #expect(result.normalizedOutput == """
            orders  wrote Mocks/mappings/orders.json

            orders  GET http://127.0.0.1:PORT/v1/orders?page=1  (TIME)
              ok

            1 contract: 1 ok, 0 with drift (0 breaking, 0 warnings)

            """)
        let mapping = try project.mapping().replacingOccurrences(of: #"127\.0\.0\.1:\d+"#, with: "127.0.0.1:PORT", options: .regularExpression)
        #expect(mapping == """
            {
              "name": "orders",
              "request": {
                "method": "GET",
                "urlPath": "/v1/orders",
                "queryParameters": {
                  "page": { "equalTo": "1" }
                }
              },
              "response": {
                "status": 200,
                "headers": { "Content-Type": "application/json" },
                "jsonBody": { "total": 2, "orders": [ { "id": 1, "state": "paid", "echo": "your token is ***" }, { "id": 2, "state": "shipped" } ] }
              },
              "metadata": {
                "recordedBy": "envelope record",
                "recordedFrom": "GET http://127.0.0.1:PORT/v1/orders?page=1",
                "requestHeaders": { "X-Api-Token": "***" }
              }
            }

            """)
        for (name, text) in try project.mockFiles() {
            #expect(!text.contains(RecordProject.secret), "secret written to \(name)")
        }
        #expect(!result.standardOutput.contains(RecordProject.secret) && !result.standardError.contains(RecordProject.secret))
        // The recording is a valid mock that meets its contract.
        let lint = try Envelope.run(["lint"], in: project.directory)
        #expect(lint.exitCode == 0)
    }

    @Test("an existing mock is not overwritten: the structural difference is printed and the exit code is 1; --force replaces it")
    // Live2's answer breaks the contract, so it is recorded with --allow-errors here.
    func refusesToOverwrite() throws {
        let project = try RecordProject()
        let first = try ServeProcess(["--mocks", "Live1"], in: project.directory)
        #expect(try project.record(first).exitCode == 0)
        _ = first.stop()
        let recorded = try project.mapping()

        let second = try ServeProcess(["--mocks", "Live2"], in: project.directory)
        defer { _ = second.stop() }
        let result = try project.record(second, ["--allow-errors"])
        #expect(result.exitCode == 1)
        #expect(result.normalizedOutput == """
            orders  Mocks/mappings/orders.json: the answer's structure changed; not overwritten (give --force to replace it)
                /orders/*/coupon  key-added     new key (string)
                /orders/*/echo    key-removed   key gone (was string)
                /orders/*/state   null-added    was string, now string or null
                /total            type-changed  was number, now string

            orders  GET http://127.0.0.1:PORT/v1/orders?page=1  (TIME)
              ✗ /total            type-mismatch
                  expected integer, found "2" at 1:12
                  > 1 | { "total": "2", "orders": [ { "id": 1, "state": null, "coupon": "X" }, { "id": 2, "state": "shipped"…
                      |            ^ type-mismatch
              ! /orders/*/echo    optional-never-present  2 of 2  (warning)
                  expected an optional key, present at least sometimes, found absent in all 2 at 1:29
              ✗ /orders/*/state   unexpected-null         1 of 2 (#0)
                  expected string, found null at 1:49
                  > 1 | { "total": "2", "orders": [ { "id": 1, "state": null, "coupon": "X" }, { "id": 2, "state": "shipped"…
                      |                                                 ^ unexpected-null
              ! /orders/*/coupon  unknown-key             1 of 2 (#0)  (warning)
                  expected no such key (the contract does not declare it), found "X" at 1:65

            1 contract: 0 ok, 1 with drift (2 breaking, 2 warnings)

            """)
        #expect(try project.mapping() == recorded)

        let forced = try project.record(second, ["--force", "--allow-errors", "--fail-on", "never"])
        #expect(forced.exitCode == 0)
        #expect(try project.mapping().contains(#""total": "2""#))
    }

    @Test("--body-files writes the body to __files and names it in the mapping")
    func bodyFiles() throws {
        let project = try RecordProject()
        let live = try ServeProcess(["--mocks", "Live1"], in: project.directory)
        defer { _ = live.stop() }
        #expect(try project.record(live, ["--body-files"]).exitCode == 0)
        let files = try project.mockFiles()
        #expect(files["__files/orders.json"]?.contains("your token is ***") == true)
        #expect(try project.mapping().contains(#""bodyFileName": "orders.json""#))
        #expect(!files.values.contains { $0.contains(RecordProject.secret) })
    }

    @Test("--url records an endpoint without a contract; its secret header is hidden")
    func recordsURL() throws {
        let project = try RecordProject()
        let live = try ServeProcess(["--mocks", "Live1"], in: project.directory)
        defer { _ = live.stop() }
        let result = try Envelope.run(["record", "--url", live.url + "/v1/orders", "--name", "adhoc", "-H", "X-Api-Token: ${ORDERS_TOKEN}"],
                                      in: project.directory, environment: ["ORDERS_TOKEN": RecordProject.secret])
        #expect(result.exitCode == 0)
        #expect(result.normalizedOutput == """
            adhoc  wrote Mocks/mappings/adhoc.json

            adhoc  GET http://127.0.0.1:PORT/v1/orders  (TIME)
              ok

            1 URL: 1 ok, 0 with drift (0 breaking, 0 warnings)

            """)
        let text = try String(contentsOf: project.directory.appendingPathComponent("Mocks/mappings/adhoc.json"), encoding: .utf8)
        #expect(text.contains(#""urlPath": "/v1/orders""#))
        #expect(text.contains(#""requestHeaders": { "X-Api-Token": "***" }"#))
        #expect(!text.contains(RecordProject.secret))
    }

    @Test("record without a server to record from is a usage error")
    func needsServer() throws {
        let result = try Envelope.run(["record"])
        #expect(result.exitCode == 2)
        #expect(result.standardError.hasPrefix("error: record needs a live server: --env NAME (from envelope.json) or --base-url URL, or --url URL --name NAME.\n"))
    }
}
