import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

@Suite("envelope lint, end to end", .temporaryFolders)
struct LintCommandTests {
    @Test("every broken file is listed with file:line:column, warnings too, and the mocks are validated: exit 2")
    func brokenProject() throws {
        let result = try Envelope.run(["lint"], in: fixtures.appendingPathComponent("Lint"))
        #expect(result.exitCode == 2)
        #expect(result.standardOutput == """
            Contracts/badref.json:4:35: error: cannot resolve $ref 'schemas/missing.json': cannot read schemas/missing.json: no such file: Contracts/schemas/missing.json
            Contracts/typo.json:4:3: error: unknown key 'reponse' in the contract (did you mean 'response'?); expected one of: \(Self.contractKeys)
            Mocks/mappings/missing-body.json:3:48: error: bodyFileName 'typo.json' not found (looked for Mocks/__files/typo.json); add the file under __files/ or fix the name
            Contracts/nomock.json:4:15: warning: no mock answers GET /v1/nomock; record one from the live server with envelope record, giving it the server's address (--base-url) or an environment of envelope.json that serves 'nomock' (--env), and --only nomock
            Mocks/mappings/orphan.json:1:1: warning: mapping 'orphan' is not reached by the request of any contract that loaded; write a contract for it, or remove it

            drifts  mock Mocks/mappings/drifts.json
              ✗ /id  type-mismatch
                  expected integer, found "1" at 1:9

            good  mock Mocks/mappings/good.json
              ok

            2 contracts: 1 ok, 1 with drift (1 breaking, 0 warnings)
            lint: 5 contracts, 3 mappings: 3 errors, 2 warnings, 1 mock with drift

            """)
    }

    /// The keys a contract may have, as the loader lists them.
    static let contractKeys = "assertFormats, contract, drift, enums, openapi, request, response, summary"

    @Test("a mock that breaks its contract is exit 1 with the drift")
    func mockDrift() throws {
        let result = try Envelope.run(["lint"])
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.hasPrefix("hanyang-menu  mock Mocks/mappings/hanyang-menu.json\n  ✗ /result/list/*/DEL_POSSIBLE_YN  missing-key      9 of 9\n"))
        #expect(result.standardOutput.hasSuffix("4 contracts: 3 ok, 1 with drift (2 breaking, 0 warnings)\nlint: 5 contracts, 4 mappings: 0 errors, 0 warnings, 1 mock with drift\n"))
    }

    @Test("a clean project exits 0")
    func clean() throws {
        let directory = try temporaryDirectory()
        let lint = fixtures.appendingPathComponent("Lint")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("Contracts"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("Mocks/mappings"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: lint.appendingPathComponent("Contracts/good.json"), to: directory.appendingPathComponent("Contracts/good.json"))
        try FileManager.default.copyItem(at: lint.appendingPathComponent("Mocks/mappings/good.json"), to: directory.appendingPathComponent("Mocks/mappings/good.json"))
        let result = try Envelope.run(["lint"], in: directory)
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.hasSuffix("lint: 1 contract, 1 mapping: 0 errors, 0 warnings, 0 mocks with drift\n"))
    }

    @Test("a proxyBaseUrl mapping has no answer of its own to validate: it reaches its contract and drifts from nothing")
    func proxyMappingIsNotValidated() throws {
        let directory = try emptyProject()
        let lint = fixtures.appendingPathComponent("Lint")
        try FileManager.default.copyItem(at: lint.appendingPathComponent("Contracts/good.json"), to: directory.appendingPathComponent("Contracts/good.json"))
        try Data(#"{"request": {"urlPath": "/v1/good"}, "response": {"proxyBaseUrl": "http://127.0.0.1:9"}}"#.utf8)
            .write(to: directory.appendingPathComponent("Mocks/mappings/proxy.json"))
        let result = try Envelope.run(["lint"], in: directory)
        #expect(result.exitCode == 0, "\(result.standardOutput)")
        #expect(result.standardOutput.hasSuffix("lint: 1 contract, 1 mapping: 0 errors, 0 warnings, 0 mocks with drift\n"))
    }

    /// A folder with `Contracts/` and `Mocks/mappings/` (both empty) to build a project in.
    func emptyProject() throws -> URL {
        let directory = try temporaryDirectory()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("Contracts"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("Mocks/mappings"), withIntermediateDirectories: true)
        return directory
    }

    /// A contract with four problems of different kinds, none of which hides the others.
    static let manyProblems = """
        {
          "contract": "many",
          "summry": "a typo",
          "request": {"method": 5, "path": "/many"},
          "response": {
            "body": {
              "type": "object",
              "properties": {
                "a": {"$ref": "schemas/nowhere.json"},
                "b": {"minLenght": 3}
              }
            }
          }
        }

        """

    @Test("a contract with several problems lists every one with its line:column, in file order")
    func everyProblemOfAFile() throws {
        let directory = try emptyProject()
        try Self.manyProblems.write(to: directory.appendingPathComponent("Contracts/many.json"), atomically: true, encoding: .utf8)
        let result = try Envelope.run(["lint"], in: directory)
        #expect(result.exitCode == 2)
        #expect(result.standardOutput == """
            Contracts/many.json:3:3: error: unknown key 'summry' in the contract (did you mean 'summary'?); expected one of: \(Self.contractKeys)
            Contracts/many.json:4:25: error: 'method' must be a string, found number
            Contracts/many.json:9:23: error: cannot resolve $ref 'schemas/nowhere.json': cannot read schemas/nowhere.json: no such file: Contracts/schemas/nowhere.json
            Contracts/many.json:10:15: error: unknown schema keyword 'minLenght'; did you mean 'minLength'? (see docs/contracts.md for the keywords Envelope supports)

            lint: 1 contract, 0 mappings: 4 errors, 0 warnings, 0 mocks with drift

            """)
    }

    @Test("a URL contract with several problems lists every one too")
    func everyProblemOfAURLContract() throws {
        let directory = try emptyProject()
        try #"{"contract": "link", "url": {"scheme": 1, "keyStrategy": "odd", "plusAsSpace": 3, "query": {"type": "objekt"}}}"#
            .write(to: directory.appendingPathComponent("Contracts/link.json"), atomically: true, encoding: .utf8)
        let result = try Envelope.run(["lint"], in: directory)
        #expect(result.exitCode == 2)
        let places = result.standardOutput.split(separator: "\n").filter { $0.contains(": error: ") }.map { $0.split(separator: " ").first ?? "" }
        #expect(places == ["Contracts/link.json:1:40:", "Contracts/link.json:1:58:", "Contracts/link.json:1:80:", "Contracts/link.json:1:101:"])
    }

    @Test("check lists every problem of a broken contract too, in its JSON report")
    func checkListsEveryProblem() throws {
        let directory = try emptyProject()
        try Self.manyProblems.write(to: directory.appendingPathComponent("Contracts/many.json"), atomically: true, encoding: .utf8)
        let result = try Envelope.run(["check", "--format", "json"], in: directory)
        #expect(result.exitCode == 2)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let errors = try #require(report["errors"] as? [[String: Any]])
        #expect(errors.map { "\($0["line"] ?? ""):\($0["column"] ?? "")" } == ["3:3", "4:25", "9:23", "10:15"])
    }

    @Test("--format json carries the errors, the warnings and the mocks' drift; exit 2")
    func jsonReport() throws {
        let result = try Envelope.run(["lint", "--format", "json"], in: fixtures.appendingPathComponent("Lint"))
        #expect(result.exitCode == 2)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let errors = try #require(report["errors"] as? [[String: Any]])
        #expect(errors.map { $0["file"] as? String } == ["Contracts/badref.json", "Contracts/typo.json", "Mocks/mappings/missing-body.json"])
        #expect(errors.first?["line"] as? Int == 4)
        #expect(errors.first?["column"] as? Int == 35)
        let warnings = try #require(report["warnings"] as? [[String: Any]])
        #expect(warnings.map { $0["file"] as? String } == ["Contracts/nomock.json", "Mocks/mappings/orphan.json"])
        let results = try #require(report["results"] as? [[String: Any]])
        #expect(results.map { $0["contract"] as? String } == ["drifts", "good"])
        #expect((report["summary"] as? [String: Any])?["exitCode"] as? Int == 2)
    }

    @Test("--format junit --output writes the file, the text report goes to the log")
    func junitReport() throws {
        let path = try temporaryDirectory().appendingPathComponent("lint.xml").path
        let result = try Envelope.run(["lint", "--format", "junit", "--output", path], in: fixtures.appendingPathComponent("Lint"))
        #expect(result.exitCode == 2)
        #expect(result.standardOutput.hasSuffix("lint: 5 contracts, 3 mappings: 3 errors, 2 warnings, 1 mock with drift\n"))
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: path), options: [])
        let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
        #expect(cases.map { $0.attribute(forName: "name")?.stringValue } == [
            "drifts", "good", "Contracts/badref.json", "Contracts/typo.json", "Mocks/mappings/missing-body.json",
            "Contracts/nomock.json", "Mocks/mappings/orphan.json",
        ])
        #expect(cases.map { $0.elements(forName: "error").count } == [0, 0, 1, 1, 1, 0, 0])
        #expect(cases.map { $0.elements(forName: "failure").count } == [1, 0, 0, 0, 0, 0, 0])
        #expect(document.rootElement()?.attribute(forName: "errors")?.stringValue == "3")
    }

    @Test("--format github annotates each problem at its file, line and column")
    func githubReport() throws {
        let result = try Envelope.run(["lint", "--format", "github"], in: fixtures.appendingPathComponent("Lint"))
        #expect(result.exitCode == 2)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("::error file=Contracts/typo.json,line=4,col=3,title=did not load::unknown key 'reponse' in the contract (did you mean 'response'?); expected one of: \(Self.contractKeys)"))
        #expect(lines.contains { $0.hasPrefix("::warning file=Mocks/mappings/orphan.json,line=1,col=1,title=lint warning::mapping 'orphan'") })
    }

    @Test("the advice for a contract without a mock is a command that runs as printed, with the variables it needs")
    func recordAdviceRuns() throws {
        let directory = try emptyProject()
        try #"{"contract": "nomock", "request": {"path": "/v1/nomock"}, "response": {"status": 200}}"#
            .write(to: directory.appendingPathComponent("Contracts/nomock.json"), atomically: true, encoding: .utf8)
        // The live server: another Mocks folder, served.
        let live = directory.appendingPathComponent("Live/mappings")
        try FileManager.default.createDirectory(at: live, withIntermediateDirectories: true)
        try #"{"request": {"method": "GET", "url": "/v1/nomock"}, "response": {"status": 200, "jsonBody": {"a": 1}}}"#
            .write(to: live.appendingPathComponent("nomock.json"), atomically: true, encoding: .utf8)
        let server = try ServeProcess(["--mocks", "Live"], in: directory)
        defer { _ = server.stop() }
        try #"{"environments": {"local": {"baseURL": "\#(server.url)", "headers": {"X-Api-Key": "${LINT_ADVICE_KEY}"}}}}"#
            .write(to: directory.appendingPathComponent("envelope.json"), atomically: true, encoding: .utf8)

        let unset = try Envelope.run(["lint"], in: directory, environment: ["LINT_ADVICE_KEY": ""])
        #expect(unset.standardOutput.hasPrefix("Contracts/nomock.json:1:71: warning: no mock answers GET /v1/nomock; record one (with LINT_ADVICE_KEY set) with: envelope record --env local --only nomock\n"))

        let environment = ["LINT_ADVICE_KEY": "k"]
        let lint = try Envelope.run(["lint"], in: directory, environment: environment)
        #expect(lint.exitCode == 0)
        let warning = try #require(lint.standardOutput.split(separator: "\n").first.map(String.init))
        let command = try #require(warning.components(separatedBy: "with: ").last)
        #expect(command == "envelope record --env local --only nomock")
        // Run it exactly as printed: it records the mock, and lint has nothing left to say.
        let words = command.split(separator: " ").map(String.init)
        let record = try Envelope.run(Array(words.dropFirst()), in: directory, environment: environment)
        #expect(record.exitCode == 0, "\(record.standardError)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("Mocks/mappings/nomock.json").path))
        let again = try Envelope.run(["lint"], in: directory, environment: environment)
        #expect(again.exitCode == 0)
        #expect(again.standardOutput.hasSuffix("lint: 1 contract, 1 mapping: 0 errors, 0 warnings, 0 mocks with drift\n"))
    }

    @Test("without an environment that serves the contract, the advice says how in words and prints no command that cannot run")
    func recordAdviceInWords() throws {
        let directory = try emptyProject()
        try #"{"contract": "nomock", "request": {"path": "/v1/nomock"}, "response": {"status": 200}}"#
            .write(to: directory.appendingPathComponent("Contracts/nomock.json"), atomically: true, encoding: .utf8)
        try #"{"environments": {"other": {"baseURL": "http://127.0.0.1:9", "only": ["something-else"]}}}"#
            .write(to: directory.appendingPathComponent("envelope.json"), atomically: true, encoding: .utf8)
        let result = try Envelope.run(["lint"], in: directory)
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.hasPrefix("Contracts/nomock.json:1:71: warning: no mock answers GET /v1/nomock; record one from the live server with envelope record, giving it the server's address (--base-url) or an environment of envelope.json that serves 'nomock' (--env), and --only nomock\n"))
        // The command the old advice printed fails as written: record needs a server.
        let old = try Envelope.run(["record", "--only", "nomock"], in: directory)
        #expect(old.exitCode == 2)
    }
}

@Suite("envelope lint --config", .temporaryFolders)
struct LintConfigTests {
    /// A project whose contract's $ref is served by the refMap of `settings.json` only.
    func project() throws -> URL {
        let directory = try temporaryDirectory()
        for folder in ["Contracts", "Mocks/mappings", "vendor"] {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try #"{"type": "object", "required": ["a"]}"#.write(to: directory.appendingPathComponent("vendor/thing.json"), atomically: true, encoding: .utf8)
        try #"{"contract": "thing", "request": {"path": "/thing"}, "response": {"status": 200, "body": {"$ref": "https://schemas.example.com/thing.json"}}}"#
            .write(to: directory.appendingPathComponent("Contracts/thing.json"), atomically: true, encoding: .utf8)
        return directory
    }

    @Test("lint resolves $refs with the refMap of the --config file")
    func refMapFromConfig() throws {
        let directory = try project()
        try #"{"refMap": {"https://schemas.example.com/": "vendor"}}"#
            .write(to: directory.appendingPathComponent("settings.json"), atomically: true, encoding: .utf8)
        let without = try Envelope.run(["lint"], in: directory)
        #expect(without.exitCode == 2)
        let with = try Envelope.run(["lint", "--config", "settings.json"], in: directory)
        #expect(with.exitCode == 0, "\(with.standardOutput)")
        #expect(with.standardOutput.hasSuffix("lint: 1 contract, 0 mappings: 0 errors, 1 warning, 0 mocks with drift\n"), "\(with.standardOutput)")
    }

    @Test("the record advice names --config when it is not the default, and runs as printed")
    func adviceRunsWithConfig() throws {
        let directory = try project()
        let live = directory.appendingPathComponent("Live/mappings")
        try FileManager.default.createDirectory(at: live, withIntermediateDirectories: true)
        try #"{"request": {"method": "GET", "url": "/thing"}, "response": {"status": 200, "jsonBody": {"a": 1}}}"#
            .write(to: live.appendingPathComponent("thing.json"), atomically: true, encoding: .utf8)
        let server = try ServeProcess(["--mocks", "Live"], in: directory)
        defer { _ = server.stop() }
        try #"{"refMap": {"https://schemas.example.com/": "vendor"}, "environments": {"local": {"baseURL": "\#(server.url)"}}}"#
            .write(to: directory.appendingPathComponent("my settings.json"), atomically: true, encoding: .utf8)

        let lint = try Envelope.run(["lint", "--config", "my settings.json"], in: directory)
        let warning = try #require(lint.standardOutput.split(separator: "\n").first.map(String.init))
        let command = try #require(warning.components(separatedBy: "with: ").last)
        #expect(command == "envelope record --env local --only thing --config 'my settings.json'")
        // Run as a shell reads it: the quoted file name is one word.
        let record = try Envelope.run(["record", "--env", "local", "--only", "thing", "--config", "my settings.json"], in: directory)
        #expect(record.exitCode == 0, "\(record.standardOutput)\(record.standardError)")
        let again = try Envelope.run(["lint", "--config", "my settings.json"], in: directory)
        #expect(again.exitCode == 0)
        #expect(again.standardOutput.hasSuffix("lint: 1 contract, 1 mapping: 0 errors, 0 warnings, 0 mocks with drift\n"), "\(again.standardOutput)")
    }

    @Test("the advice in words names --config too")
    func adviceInWordsNamesConfig() throws {
        let directory = try project()
        try #"{"refMap": {"https://schemas.example.com/": "vendor"}}"#
            .write(to: directory.appendingPathComponent("settings.json"), atomically: true, encoding: .utf8)
        let lint = try Envelope.run(["lint", "--config", "settings.json"], in: directory)
        #expect(lint.standardOutput.contains("or an environment of settings.json that serves 'thing' (--env with --config settings.json), and --only thing\n"),
                "\(lint.standardOutput)")
    }

    @Test("a --config file that does not exist is an error, not silently no project file")
    func missingConfig() throws {
        let directory = try project()
        let lint = try Envelope.run(["lint", "--config", "nowhere.json", "--format", "json"], in: directory)
        #expect(lint.exitCode == 2)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(lint.standardOutput.utf8)) as? [String: Any])
        let errors = try #require(report["errors"] as? [[String: Any]])
        #expect(errors.contains { $0["file"] as? String == "nowhere.json" && $0["message"] as? String == "no such file: nowhere.json (--config names the project file, with the environments and refMap)" })
    }
}
