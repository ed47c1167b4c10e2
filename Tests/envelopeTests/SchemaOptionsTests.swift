import Foundation
import Testing

@Suite("Schema options of check and validate")
struct SchemaOptionsTests {
    let directory = fixtures.appendingPathComponent("RemoteRefs")
    var contract: String { directory.appendingPathComponent("contracts/events.json").path }
    var body: String { directory.appendingPathComponent("body.json").path }
    var mapping: String { "https://schemas.example.com/=\(directory.appendingPathComponent("mirror").path)" }

    @Test("a remote $ref without --map-ref is exit 2 naming the URL and the way out")
    func remoteRefRefused() throws {
        let result = try Envelope.run(["validate", contract, body])
        #expect(result.exitCode == 2)
        #expect(result.standardError == "\(directory.path)/contracts/events.json:8:26: error: cannot resolve $ref 'https://schemas.example.com/v1/event.json': remote references are not fetched; save the schema next to the contract and refer to it by a relative path, or map its URI to a folder with --map-ref https://schemas.example.com/v1/=DIR\n")
    }

    @Test("a URN $ref is refused with a --map-ref prefix up to its last colon, and that advice, followed, works", .temporaryFolders)
    func urnAdvice() throws {
        let folder = try temporaryDirectory()
        let contract = folder.appendingPathComponent("c.json")
        try Data(#"{"contract": "c", "request": {"path": "/x"}, "response": {"body": {"$ref": "urn:example:schemas:menu"}}}"#.utf8).write(to: contract)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("maps"), withIntermediateDirectories: true)
        try Data(#"{"type": "string"}"#.utf8).write(to: folder.appendingPathComponent("maps/menu"))
        let refused = try Envelope.run(["validate", contract.path, "-"], input: "5")
        #expect(refused.exitCode == 2)
        #expect(refused.standardError.hasSuffix("or map its URI to a folder with --map-ref urn:example:schemas:=DIR\n"), "\(refused.standardError)")
        let mapped = try Envelope.run(["validate", contract.path, "-", "--map-ref", "urn:example:schemas:=\(folder.appendingPathComponent("maps").path)"], input: "5")
        #expect(mapped.exitCode == 1, "\(mapped.standardError)")
        #expect(mapped.standardOutput.contains("expected string, found 5"), "\(mapped.standardOutput)")
    }

    @Test("--map-ref serves the URI from a folder; format is a note unless --assert-formats")
    func mappedReference() throws {
        let relaxed = try Envelope.run(["validate", contract, body, "--map-ref", mapping])
        #expect(relaxed.exitCode == 0)
        #expect(relaxed.standardOutput.contains("! /*/extra  unknown-key  1 of 2 (#1)  (warning)"))

        let strict = try Envelope.run(["validate", contract, body, "--map-ref", mapping, "--assert-formats", "--drift", "unknown-key=ignore"])
        #expect(strict.exitCode == 1)
        #expect(strict.standardOutput == """
            events  \(body)
              ✗ /*/id  constraint-violation  1 of 2 (#1)
                  expected a string in uuid format, found "not-a-uuid" at 3:10
              ✗ /*/at  constraint-violation  1 of 2 (#1)
                  expected a string in date-time format, found "yesterday" at 3:30

            1 answer: 0 ok, 1 with drift (2 breaking, 0 warnings)

            """)
    }

    @Test("--drift with an unknown kind suggests the close one; a bad --map-ref says the form")
    func badOptions() throws {
        let kind = try Envelope.run(["validate", contract, body, "--drift", "unknwn-key=ignore"])
        #expect(kind.exitCode == 2)
        #expect(kind.standardError.hasPrefix("error: "))
        #expect(kind.standardError.contains("unknown-key=ignore"))
        let map = try Envelope.run(["validate", contract, body, "--map-ref", "nowhere"])
        #expect(map.exitCode == 2)
        #expect(map.standardError.contains("PREFIX=DIR"))
    }
}

@Suite("Remote $refs over HTTP", .temporaryFolders)
struct RemoteReferenceTests {
    @Test("--allow-remote-refs fetches a $ref from a server (here the mock server on loopback)")
    func fetchesRemoteReference() throws {
        let mocks = try temporaryDirectory()
        try FileManager.default.createDirectory(at: mocks.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        let schema = #"{"type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}}}"#
        try Data(#"{"request": {"method": "GET", "urlPath": "/schemas/thing.json"}, "response": {"status": 200, "jsonBody": \#(schema)}}"#.utf8)
            .write(to: mocks.appendingPathComponent("mappings/schema.json"))
        let server = try ServeProcess(["--mocks", mocks.path])
        defer { _ = server.stop() }
        let base = server.url

        let contracts = try temporaryDirectory()
        try Data(#"{"contract": "thing", "request": {"path": "/thing"}, "response": {"body": {"$ref": "\#(base)/schemas/thing.json"}}}"#.utf8)
            .write(to: contracts.appendingPathComponent("thing.json"))
        let contract = contracts.appendingPathComponent("thing.json").path

        let refused = try Envelope.run(["validate", contract, "-"], input: #"{"id": 1}"#)
        #expect(refused.exitCode == 2)
        #expect(refused.standardError.contains("remote references are not fetched"))

        let fetched = try Envelope.run(["validate", contract, "-", "--allow-remote-refs"], input: #"{"id": "one"}"#)
        #expect(fetched.exitCode == 1)
        #expect(fetched.standardOutput.contains("✗ /id  type-mismatch\n      expected integer, found \"one\" at 1:8\n"))

        let missing = try Envelope.run(["validate", contract, "-", "--allow-remote-refs"], input: "{}")
        #expect(missing.exitCode == 1)
        #expect(missing.standardOutput.contains("✗ /id  missing-key"))
    }
}

@Suite("Project-wide schema settings", .temporaryFolders)
struct ProjectSchemaSettingsTests {
    @Test("refMap in envelope.json serves remote $refs for validate, like --map-ref")
    func refMapInProjectFile() throws {
        let project = try temporaryDirectory()
        let source = fixtures.appendingPathComponent("RemoteRefs")
        for item in ["contracts", "mirror", "body.json"] {
            try FileManager.default.copyItem(at: source.appendingPathComponent(item), to: project.appendingPathComponent(item))
        }
        try Data(#"{"refMap": {"https://schemas.example.com/": "mirror"}}"#.utf8).write(to: project.appendingPathComponent("envelope.json"))
        let result = try Envelope.run(["validate", "contracts/events.json", "body.json"], in: project)
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.contains("! /*/extra  unknown-key  1 of 2 (#1)  (warning)"))

        try Data(#"{"refMpa": {}}"#.utf8).write(to: project.appendingPathComponent("envelope.json"))
        let broken = try Envelope.run(["validate", "contracts/events.json", "body.json"], in: project)
        #expect(broken.exitCode == 2)
        #expect(broken.standardError == "envelope.json:1:2: error: unknown key \"refMpa\" (expected \"environments\", \"refMap\" or \"mocks\"). Did you mean 'refMap'?\n")
    }

    @Test("check --drift moves kinds to warning or ignore, and --fail-on follows")
    func driftOverridesOnCheck() throws {
        let result = try Envelope.run(["check", "--only", "hanyang-menu", "--drift", "missing-key=warning", "--drift", "unexpected-null=ignore"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.contains("! /result/list/*/DEL_POSSIBLE_YN  missing-key  9 of 9  (warning)"))
        #expect(!result.standardOutput.contains("MENU_ID2"))
        let strict = try Envelope.run(["check", "--only", "hanyang-menu", "--drift", "missing-key=warning", "--fail-on", "warning"])
        #expect(strict.exitCode == 1)
    }
}
