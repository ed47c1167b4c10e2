import Foundation
import Testing

/// A contract for `GET /orders` whose `state` is an enum of strings, with `settings` (such
/// as `"enums": "open"`) at its top level.
private func orderContract(_ name: String, settings: String = "") -> String {
    #"{"contract": "\#(name)", \#(settings.isEmpty ? "" : settings + ", ")"request": {"path": "/orders"}, "response": {"status": 200, "body": {"type": "object", "required": ["state"], "properties": {"state": {"title": "OrderState", "type": "string", "enum": ["new", "paid"]}}}}}"#
}

/// A folder with `Contracts/NAME.json` for each contract and a mock answering `/orders` with
/// `{"state": "refunded"}`, a value neither contract lists.
private func project(_ contracts: [String: String]) throws -> URL {
    let root = try temporaryDirectory()
    let folder = root.appendingPathComponent("Contracts")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, text) in contracts { try text.write(to: folder.appendingPathComponent(name + ".json"), atomically: true, encoding: .utf8) }
    let mappings = root.appendingPathComponent("Mocks/mappings")
    try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
    try #"{"request": {"method": "GET", "url": "/orders"}, "response": {"status": 200, "jsonBody": {"state": "refunded"}}}"#
        .write(to: mappings.appendingPathComponent("orders.json"), atomically: true, encoding: .utf8)
    try #"{"state": "refunded"}"#.write(to: root.appendingPathComponent("answer.json"), atomically: true, encoding: .utf8)
    return root
}

/// The findings of a JSON report, as `contract kind severity pointer`.
private func findings(_ json: String) throws -> [String] {
    let report = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let results = try #require(report["results"] as? [[String: Any]])
    return results.flatMap { result in
        (result["findings"] as? [[String: Any]] ?? []).map { finding in
            "\(result["contract"] ?? "") \(finding["kind"] ?? "") \(finding["severity"] ?? "") \(finding["pointer"] ?? "")"
        }
    }
}

@Suite("Open and closed enums, end to end", .temporaryFolders)
struct EnumPolicyTests {
    @Test("codegen: a closed enum (the default) has no .unknown case; an open contract's has one")
    func codegenFollowsThePolicy() throws {
        let root = try project(["closed": orderContract("closed"), "open": orderContract("open", settings: #""enums": "open""#)])
        let closed = try Envelope.run(["codegen", "Contracts/closed.json"], in: root)
        #expect(closed.exitCode == 0, "\(closed.standardError)")
        #expect(closed.standardOutput.contains("public enum OrderState: String, Codable, Sendable, Hashable, CaseIterable {\n"))
        #expect(!closed.standardOutput.contains("unknown"))
        let open = try Envelope.run(["codegen", "Contracts/open.json"], in: root)
        #expect(open.exitCode == 0, "\(open.standardError)")
        #expect(open.standardOutput.contains("public enum OrderState: Codable, Sendable, Hashable, RawRepresentable {\n"))
        #expect(open.standardOutput.contains("    case unknown(String)\n"))
        #expect(open.standardOutput.contains("        default: self = .unknown(rawValue)\n"))
    }

    @Test("validate: a new value is breaking for a closed enum (exit 1) and a warning for an open one (exit 0 with --fail-on breaking)")
    func validateFollowsThePolicy() throws {
        let root = try project(["closed": orderContract("closed"), "open": orderContract("open", settings: #""enums": "open""#)])
        let closed = try Envelope.run(["validate", "Contracts/closed.json", "answer.json"], in: root)
        #expect(closed.exitCode == 1)
        #expect(closed.standardOutput == """
            closed  answer.json
              ✗ /state  enum-violation
                  expected one of "new", "paid", found "refunded" at 1:11

            1 answer: 0 ok, 1 with drift (1 breaking, 0 warnings)

            """)
        let open = try Envelope.run(["validate", "Contracts/open.json", "answer.json", "--fail-on", "breaking"], in: root)
        #expect(open.exitCode == 0)
        #expect(open.standardOutput == """
            open  answer.json
              ! /state  unknown-enum-value  (warning)
                  expected one of "new", "paid" (an open enum), found "refunded" at 1:11

            1 answer: 0 ok, 1 with drift (0 breaking, 1 warning)

            """)
        let strict = try Envelope.run(["validate", "Contracts/open.json", "answer.json", "--fail-on", "warning"], in: root)
        #expect(strict.exitCode == 1)
    }

    @Test("validate and check --format json say severity warning for an open enum's new value and breaking for a closed one")
    func jsonReportsSayTheSeverity() throws {
        let root = try project(["closed": orderContract("closed"), "open": orderContract("open", settings: #""enums": "open""#)])
        let validated = try Envelope.run(["validate", "Contracts/open.json", "answer.json", "--format", "json"], in: root)
        #expect(validated.exitCode == 0)
        #expect(try findings(validated.standardOutput) == ["open unknown-enum-value warning /state"])
        let checked = try Envelope.run(["check", "--format", "json"], in: root)
        #expect(checked.exitCode == 1, "\(checked.standardError)")
        #expect(try findings(checked.standardOutput) == ["closed enum-violation breaking /state", "open unknown-enum-value warning /state"])
        let openOnly = try Envelope.run(["check", "--only", "open", "--format", "json"], in: root)
        #expect(openOnly.exitCode == 0, "\(openOnly.standardError)")
        #expect(try findings(openOnly.standardOutput) == ["open unknown-enum-value warning /state"])
    }

    @Test("--drift and the contract's drift still move the open enum's kind, the command line last")
    func severitySettingsWin() throws {
        let root = try project(["open": orderContract("open", settings: #""enums": "open""#),
                                "loud": orderContract("loud", settings: #""enums": "open", "drift": {"unknown-enum-value": "breaking"}"#)])
        let moved = try Envelope.run(["validate", "Contracts/open.json", "answer.json", "--drift", "unknown-enum-value=breaking", "--format", "json"], in: root)
        #expect(moved.exitCode == 1)
        #expect(try findings(moved.standardOutput) == ["open unknown-enum-value breaking /state"])
        let loud = try Envelope.run(["validate", "Contracts/loud.json", "answer.json", "--format", "json"], in: root)
        #expect(loud.exitCode == 1)
        #expect(try findings(loud.standardOutput) == ["loud unknown-enum-value breaking /state"])
        let quieted = try Envelope.run(["validate", "Contracts/loud.json", "answer.json", "--drift", "unknown-enum-value=ignore"], in: root)
        #expect(quieted.exitCode == 0)
        #expect(quieted.standardOutput.contains("  ok (invalid)\n"))
    }

    @Test("diff: a value added to an open enum is compatible (exit 0); opening a closed enum is breaking (exit 1)")
    func diffFollowsThePolicy() throws {
        let root = try temporaryDirectory()
        func write(_ folder: String, _ text: String) throws {
            let directory = root.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try text.write(to: directory.appendingPathComponent("orders.json"), atomically: true, encoding: .utf8)
        }
        let open = #""enums": "open""#
        try write("closed", orderContract("orders"))
        try write("open", orderContract("orders", settings: open))
        try write("open-more", orderContract("orders", settings: open).replacingOccurrences(of: #"["new", "paid"]"#, with: #"["new", "paid", "refunded"]"#))
        let added = try Envelope.run(["diff", "open", "open-more"], in: root)
        #expect(added.exitCode == 0, "\(added.standardError)")
        #expect(added.standardOutput.contains(#"  ✓ /state  open-enum-value-added  enum "new", "paid" → adds "refunded""#), "\(added.standardOutput)")
        let opened = try Envelope.run(["diff", "closed", "open"], in: root)
        #expect(opened.exitCode == 1)
        #expect(opened.standardOutput.contains("  ✗ /state  enum-opened  closed enum → open enum"), "\(opened.standardOutput)")
        let closed = try Envelope.run(["diff", "open", "closed"], in: root)
        #expect(closed.exitCode == 0)
        #expect(closed.standardOutput.contains("  ✓ /state  enum-closed  open enum → closed enum"), "\(closed.standardOutput)")
    }

    @Test("a URL contract's enums follow the same setting: a new query value of an open enum is a warning")
    func urlContracts() throws {
        let root = try temporaryDirectory()
        func link(_ settings: String) -> String {
            #"{"contract": "link", \#(settings)"url": {"scheme": "abc", "host": "host", "query": {"type": "object", "properties": {"sort": {"type": "string", "enum": ["recent", "popular"]}}}}}"#
        }
        try link("").write(to: root.appendingPathComponent("closed.json"), atomically: true, encoding: .utf8)
        try link(#""enums": "open", "#).write(to: root.appendingPathComponent("open.json"), atomically: true, encoding: .utf8)
        let closed = try Envelope.run(["validate", "closed.json", "abc://host?sort=oldest"], in: root)
        #expect(closed.exitCode == 1)
        #expect(closed.standardOutput.contains("  ✗ /query/sort  enum-violation\n"), "\(closed.standardOutput)")
        let open = try Envelope.run(["validate", "open.json", "abc://host?sort=oldest"], in: root)
        #expect(open.exitCode == 0)
        #expect(open.standardOutput.contains("  ! /query/sort  unknown-enum-value  (warning)\n"), "\(open.standardOutput)")
        let model = try Envelope.run(["codegen", "open.json"], in: root)
        #expect(model.standardOutput.contains("    case unknown(String)\n"))
    }

    @Test("a bad enums value stops the run with exit 2 naming file:line:column")
    func badSetting() throws {
        let root = try project(["odd": orderContract("odd", settings: #""enums": "sometimes""#)])
        let result = try Envelope.run(["validate", "Contracts/odd.json", "answer.json"], in: root)
        #expect(result.exitCode == 2)
        #expect(result.standardError.contains(#"odd.json:1:30: error: 'enums' must be "open" or "closed", found "sometimes""#), "\(result.standardError)")
    }
}
