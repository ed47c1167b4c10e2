import Foundation
import Testing

@Suite("envelope diff, end to end", .temporaryFolders)
struct DiffCommandTests {
    let diff = fixtures.appendingPathComponent("Diff")

    static let expectedText = """
        added  new/added.json  (added)
          ✓ (contract)  contract-added  absent → GET /v1/added

        gone  old/gone.json  (removed)
          ✗ (contract)  contract-removed  GET /v1/gone → absent

        orders  new/orders.json  (changed)
          ✗ /orders/*/amount      became-optional   required → optional
          ✗ /orders/*/amount      type-widened      integer → number
          ✓ /orders/*/currency    property-added    absent → string (required)
          ✗ /orders/*/legacyCode  property-removed  string → absent
          ✗ /orders/*/note        became-nullable   string → string or null
          ✗ /orders/*/state       enum-value-added  enum "paid", "shipped" → adds "refunded"

        4 contracts compared: 3 changed (6 breaking, 2 compatible)

        """

    @Test("two folders: every change classified, the refactor (allOf, $ref) is no change, exit 1 on breaking")
    func folders() throws {
        let result = try Envelope.run(["diff", "old", "new"], in: diff)
        #expect(result.exitCode == 1)
        #expect(result.standardOutput == Self.expectedText)
        #expect(result.standardError == "")
    }

    @Test("--fail-on decides the exit code")
    func failOn() throws {
        #expect(try Envelope.run(["diff", "old", "new", "--fail-on", "never"], in: diff).exitCode == 0)
        #expect(try Envelope.run(["diff", "old/refactor.json", "new/refactor.json", "--fail-on", "any"], in: diff).exitCode == 0)
        #expect(try Envelope.run(["diff", "old/gone.json", "new/added.json", "--fail-on", "any"], in: diff).exitCode == 1)
    }

    @Test("--format json has the documented fields")
    func json() throws {
        let result = try Envelope.run(["diff", "old/orders.json", "new/orders.json", "--format", "json"], in: diff)
        #expect(result.exitCode == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["breaking"] as? Int == 5)
        #expect(summary["compatible"] as? Int == 1)
        #expect(summary["exitCode"] as? Int == 1)
        let contracts = try #require(object["contracts"] as? [[String: Any]])
        let first = try #require((contracts.first?["changes"] as? [[String: Any]])?.first)
        #expect(first["kind"] as? String == "became-optional")
        #expect(first["pointer"] as? String == "/orders/*/amount")
        #expect(first["severity"] as? String == "breaking")
    }

    @Test("--format markdown is a table for a pull request")
    func markdown() throws {
        let result = try Envelope.run(["diff", "old/orders.json", "new/orders.json", "--format", "markdown"], in: diff)
        #expect(result.standardOutput.hasPrefix("### ✗ Contract changes: 5 breaking\n\n**orders** (`new/orders.json`, changed)\n\n| | place | change | old | new |\n"))
        #expect(result.standardOutput.contains("| ✗ | `/orders/*/note` | became-nullable | string | string or null |\n"))
    }

    @Test("--git compares the contracts folder with a revision")
    func git() throws {
        let repository = try temporaryDirectory()
        let contracts = repository.appendingPathComponent("Contracts")
        try FileManager.default.copyItem(at: diff.appendingPathComponent("old"), to: contracts)
        for arguments in [["init", "-q"], ["add", "."], ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "old"]] {
            #expect(try run("/usr/bin/git", arguments, in: repository) == 0)
        }
        try FileManager.default.removeItem(at: contracts)
        try FileManager.default.copyItem(at: diff.appendingPathComponent("new"), to: contracts)
        let result = try Envelope.run(["diff", "--git", "HEAD"], in: repository)
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.hasPrefix("Contracts/ at HEAD → working tree\n\nadded  Contracts/added.json  (added)\n"))
        #expect(result.standardOutput.contains("gone  HEAD:Contracts/gone.json  (removed)\n"))
        #expect(result.standardOutput.hasSuffix("  ✗ /orders/*/state       enum-value-added  enum \"paid\", \"shipped\" → adds \"refunded\"\n\n4 contracts compared: 3 changed (6 breaking, 2 compatible)\n"))
        let unknown = try Envelope.run(["diff", "--git", "no-such-rev"], in: repository)
        #expect(unknown.exitCode == 2)
        #expect(unknown.standardError == "error: unknown git revision 'no-such-rev'\n")
    }

    @Test("a broken contract is exit 2 with its file:line:column")
    func broken() throws {
        let directory = try temporaryDirectory()
        let bad = directory.appendingPathComponent("bad.json")
        try Data(#"{"contract": "x", "request": {"path": "/x"}, "response": {"body": {"type": "text"}}}"#.utf8).write(to: bad)
        let result = try Envelope.run(["diff", diff.appendingPathComponent("old/gone.json").path, bad.path])
        #expect(result.exitCode == 2)
        let message = "invalid schema at /response/body/type: 'type' expects one of object, array, string, number, integer, boolean, null (or a list of them), found \"text\""
        #expect(result.standardError == "\(directory.path)/bad.json:1:76: error: \(message)\n")
        // The text report counts it (standard error named it) and says that nothing was compared;
        // a text file given with --output lists it.
        #expect(result.standardOutput == "1 file did not load; nothing was compared\n")
        let file = directory.appendingPathComponent("diff.txt")
        let written = try Envelope.run(["diff", diff.appendingPathComponent("old/gone.json").path, bad.path, "--output", file.path])
        #expect(written.exitCode == 2)
        #expect(try String(contentsOf: file, encoding: .utf8) == "\(directory.path)/bad.json  did not load\n  ✗ 1:76  \(message)\n\n1 file did not load; nothing was compared\n")
    }

    @Test("a broken contract is in the JSON report: errors[] with file, line, column, message; summary.exitCode 2")
    func brokenJSON() throws {
        let directory = try temporaryDirectory()
        let bad = directory.appendingPathComponent("bad.json")
        try Data(#"{"contract": "x", "request": {"path": "/x"}, "respons": {}, "drift": {"unknown-key": "loud"}}"#.utf8).write(to: bad)
        let output = directory.appendingPathComponent("diff.json")
        let result = try Envelope.run(["diff", diff.appendingPathComponent("old/gone.json").path, bad.path, "--format", "json", "--output", output.path])
        #expect(result.exitCode == 2)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any])
        let errors = try #require(report["errors"] as? [[String: Any]])
        // Every problem of the file, not only the first.
        #expect(errors.map { $0["column"] as? Int } == [46, 86])
        #expect(errors.allSatisfy { $0["file"] as? String == bad.path && $0["line"] as? Int == 1 })
        #expect((report["summary"] as? [String: Any])?["exitCode"] as? Int == 2)
        #expect(result.standardOutput.hasSuffix("1 file did not load (2 errors); nothing was compared\n"))
    }

    @Test("a broken contract is in the Markdown report")
    func brokenMarkdown() throws {
        let directory = try temporaryDirectory()
        let bad = directory.appendingPathComponent("bad.json")
        try Data(#"{"contract": "x", "request": {"path": "x"}, "response": {}}"#.utf8).write(to: bad)
        let result = try Envelope.run(["diff", diff.appendingPathComponent("old/gone.json").path, bad.path, "--format", "markdown"])
        #expect(result.exitCode == 2)
        #expect(result.standardOutput.hasPrefix("### ✗ Contract changes: 1 file did not load; nothing was compared\n\n| | file | where | problem |\n|---|---|---|---|\n| ✗ | `\(bad.path)` | 1:39 | request.path must start with '/'"))
    }

    private func run(_ tool: String, _ arguments: [String], in directory: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
