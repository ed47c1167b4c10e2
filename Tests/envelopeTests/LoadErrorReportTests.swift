import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// Files that do not load (contracts, mock mappings, the project file) are in every report
/// format, not only on standard error, and the run exits 2 without checking anything.
@Suite("Load errors in every report format", .temporaryFolders)
struct LoadErrorReportTests {
    /// A project with one good contract, one with a syntax error, and a mapping with an
    /// unsupported key; `brokenMapping` false leaves the mappings good.
    func project(brokenContract: Bool = true, brokenMapping: Bool = false) throws -> URL {
        let root = try temporaryDirectory()
        let contracts = root.appendingPathComponent("Contracts")
        let mappings = root.appendingPathComponent("Mocks/mappings")
        try FileManager.default.createDirectory(at: contracts, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        try #"{"contract": "good", "request": {"path": "/good"}, "response": {"status": 200}}"#
            .write(to: contracts.appendingPathComponent("good.json"), atomically: true, encoding: .utf8)
        if brokenContract {
            try "{\n  \"contract\": \"broken\",\n  \"request\": {\"path\": \"/x\"}\n  \"response\": {}\n}\n"
                .write(to: contracts.appendingPathComponent("broken.json"), atomically: true, encoding: .utf8)
        }
        let good = #"{"request": {"method": "GET", "url": "/good"}, "response": {"status": 200}}"#
        let bad = #"{"request": {"method": "GET", "url": "/good"}, "response": {"status": 200, "bodyy": "x"}}"#
        try (brokenMapping ? bad : good).write(to: mappings.appendingPathComponent("good.json"), atomically: true, encoding: .utf8)
        return root
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("check --format json prints the report with errors[] (file, line, column, message) and summary.exitCode 2")
    func checkJSON() throws {
        let root = try project()
        let result = try Envelope.run(["check", "--format", "json"], in: root)
        #expect(result.exitCode == 2)
        // Standard error still has the compiler-style line, for editors and logs.
        #expect(result.standardError == "Contracts/broken.json:4:3: error: not valid JSON: expected ',' or '}', found '\"'\n")
        let report = try json(result.standardOutput)
        let errors = try #require(report["errors"] as? [[String: Any]])
        #expect(errors.count == 1)
        #expect(errors.first?["file"] as? String == "Contracts/broken.json")
        #expect(errors.first?["line"] as? Int == 4)
        #expect(errors.first?["column"] as? Int == 3)
        #expect(errors.first?["message"] as? String == "not valid JSON: expected ',' or '}', found '\"'")
        #expect((report["results"] as? [Any])?.isEmpty == true)
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(summary["exitCode"] as? Int == 2)
        #expect(summary["loadErrors"] as? Int == 1)
    }

    @Test("every JSON report has errors[], empty when everything loaded")
    func emptyErrors() throws {
        let root = try project(brokenContract: false)
        let result = try Envelope.run(["check", "--format", "json"], in: root)
        #expect(result.exitCode == 0)
        let report = try json(result.standardOutput)
        #expect((report["errors"] as? [Any])?.isEmpty == true)
        #expect((report["summary"] as? [String: Any])?["loadErrors"] as? Int == 0)
    }

    @Test("check --format junit --output writes the file: an <error> test case for the broken file")
    func checkJUnitFile() throws {
        let root = try project()
        let path = root.appendingPathComponent("r.xml").path
        let result = try Envelope.run(["check", "--format", "junit", "--output", path], in: root)
        #expect(result.exitCode == 2)
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: path), options: [])
        let suites = try #require(document.rootElement())
        #expect(suites.attribute(forName: "tests")?.stringValue == "1")
        #expect(suites.attribute(forName: "errors")?.stringValue == "1")
        let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
        #expect(cases.map { $0.attribute(forName: "name")?.stringValue } == ["Contracts/broken.json"])
        let error = try #require(cases.first?.elements(forName: "error").first)
        #expect(error.attribute(forName: "type")?.stringValue == "load-error")
        #expect(error.attribute(forName: "message")?.stringValue == "4:3: not valid JSON: expected ',' or '}', found '\"'")
        // The log still gets the text report, which says what happened.
        #expect(result.standardOutput.hasSuffix("1 file did not load; nothing was checked\n"))
    }

    @Test("check --format github annotates the broken file at its line and column")
    func checkGitHub() throws {
        let root = try project()
        let result = try Envelope.run(["check", "--format", "github"], in: root)
        #expect(result.exitCode == 2)
        #expect(result.standardOutput == """
            ::error file=Contracts/broken.json,line=4,col=3,title=did not load::not valid JSON: expected ',' or '}', found '"'
            1 file did not load; nothing was checked

            """)
    }

    @Test("check --format markdown has a row per problem and no empty contracts table")
    func checkMarkdown() throws {
        let root = try project()
        let result = try Envelope.run(["check", "--format", "markdown"], in: root)
        #expect(result.exitCode == 2)
        #expect(result.standardOutput == """
            ### ❌ Envelope: 1 file did not load; nothing was checked

            | | File | Where | Problem |
            |---|---|---|---|
            | ❌ | `Contracts/broken.json` | 4:3 | not valid JSON: expected ',' or '}', found '"' |

            """)
    }

    @Test("check --format html has a card for the broken file with its problem at line:column, the counts, and no results")
    func checkHTML() throws {
        let root = try project()
        let result = try Envelope.run(["check", "--format", "html"], in: root)
        #expect(result.exitCode == 2)
        let page = result.standardOutput
        #expect(page.contains("<h2>Files that did not load</h2>"))
        #expect(page.contains("data-file=\"Contracts/broken.json\""))
        #expect(page.contains("<span class=\"where\">4:3</span> <span class=\"message\">not valid JSON: expected &#39;,&#39; or &#39;}&#39;, found &#39;&quot;&#39;</span>"))
        #expect(page.contains("<dd id=\"summary-loadErrors\">1</dd>"))
        #expect(page.contains("<code id=\"summary-exitCode\">2</code>"))
        #expect(!page.contains("id=\"results\""))
    }

    @Test("lint --format markdown: one blank line between the problems and the contracts table")
    func lintMarkdown() throws {
        let root = try project(brokenContract: false)
        try #"{"request": {"method": "GET", "url": "/orphan"}, "response": {"status": 200}}"#
            .write(to: root.appendingPathComponent("Mocks/mappings/orphan.json"), atomically: true, encoding: .utf8)
        let both = try Envelope.run(["lint", "--format", "markdown"], in: root)
        #expect(both.standardOutput.contains("reached by any contract's request; write a contract for it, or remove it |\n\n| Contract |"), "\(both.standardOutput)")
        #expect(both.standardOutput.hasSuffix(" |\n"), "\(both.standardOutput)")
    }

    @Test("on a terminal each problem shows once: standard error has the compiler line, the text report on standard output counts it")
    func checkText() throws {
        let root = try project()
        let result = try Envelope.run(["check"], in: root)
        #expect(result.exitCode == 2)
        #expect(result.standardError == "Contracts/broken.json:4:3: error: not valid JSON: expected ',' or '}', found '\"'\n")
        #expect(result.standardOutput == "1 file did not load; nothing was checked\n")
    }

    @Test("a text report written with --output lists each file that did not load and its problems")
    func checkTextFile() throws {
        let root = try project()
        let path = root.appendingPathComponent("report.txt")
        let result = try Envelope.run(["check", "--output", path.path], in: root)
        #expect(result.exitCode == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(try String(contentsOf: path, encoding: .utf8) == """
            Contracts/broken.json  did not load
              ✗ 4:3  not valid JSON: expected ',' or '}', found '"'

            1 file did not load; nothing was checked

            """)
    }

    @Test("a broken mock mapping is a load error in the report too, with its line and column")
    func brokenMapping() throws {
        let root = try project(brokenContract: false, brokenMapping: true)
        let result = try Envelope.run(["check", "--format", "json"], in: root)
        #expect(result.exitCode == 2)
        let errors = try #require(try json(result.standardOutput)["errors"] as? [[String: Any]])
        #expect(errors.map { $0["file"] as? String } == ["Mocks/mappings/good.json"])
        #expect(errors.first?["line"] as? Int == 1)
        #expect((errors.first?["message"] as? String)?.contains("'bodyy'") == true)
    }

    @Test("a broken contract and a broken mapping are both reported by one run")
    func contractAndMapping() throws {
        let root = try project(brokenMapping: true)
        let result = try Envelope.run(["check", "--format", "json"], in: root)
        #expect(result.exitCode == 2)
        let errors = try #require(try json(result.standardOutput)["errors"] as? [[String: Any]])
        #expect(errors.map { $0["file"] as? String } == ["Contracts/broken.json", "Mocks/mappings/good.json"])
        #expect(result.standardError.components(separatedBy: "\n").filter { $0.contains(": error: ") }.count == 2)
    }

    @Test("a broken project file is a load error in the JSON report")
    func brokenProjectFile() throws {
        let root = try project(brokenContract: false)
        try #"{"environmentz": {}}"#.write(to: root.appendingPathComponent("envelope.json"), atomically: true, encoding: .utf8)
        let result = try Envelope.run(["check", "--format", "json"], in: root)
        #expect(result.exitCode == 2)
        let errors = try #require(try json(result.standardOutput)["errors"] as? [[String: Any]])
        #expect(errors.map { $0["file"] as? String } == ["envelope.json"])
        #expect(errors.first?["line"] as? Int == 1)
        #expect(errors.first?["column"] as? Int == 2)
    }

    @Test("record with a contract that does not load gives check's report in every format, exit 2, before any request")
    func recordBrokenContract() throws {
        let root = try project()
        // Nothing listens on port 1: a request sent would be a transport error, not exit 2.
        for format in ["text", "json", "junit", "github", "markdown"] {
            let check = try Envelope.run(["check", "--base-url", "http://127.0.0.1:1", "--format", format], in: root)
            let record = try Envelope.run(["record", "--base-url", "http://127.0.0.1:1", "--format", format], in: root)
            #expect(record.exitCode == 2, "\(format)")
            #expect(record.standardOutput == check.standardOutput, "\(format)")
            #expect(record.standardError == check.standardError, "\(format)")
        }
        let record = try Envelope.run(["record", "--base-url", "http://127.0.0.1:1", "--format", "json"], in: root)
        let report = try json(record.standardOutput)
        #expect((report["errors"] as? [[String: Any]])?.map { $0["file"] as? String } == ["Contracts/broken.json"])
        #expect((report["summary"] as? [String: Any])?["exitCode"] as? Int == 2)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Mocks/mappings/broken.json").path))
    }

    @Test("record with a broken project file gives check's report, exit 2")
    func recordBrokenProjectFile() throws {
        let root = try project(brokenContract: false)
        let config = root.appendingPathComponent("settings.json")
        try #"{"environmentz": {}}"#.write(to: config, atomically: true, encoding: .utf8)
        for format in ["text", "json", "markdown"] {
            let arguments = ["--env", "live", "--config", "settings.json", "--format", format]
            let check = try Envelope.run(["check"] + arguments, in: root)
            let record = try Envelope.run(["record"] + arguments, in: root)
            #expect(record.exitCode == 2, "\(format)")
            #expect(record.standardOutput == check.standardOutput, "\(format)")
            #expect(record.standardError == check.standardError, "\(format)")
        }
        let record = try Envelope.run(["record", "--env", "live", "--config", "settings.json", "--format", "json"], in: root)
        let errors = try #require(try json(record.standardOutput)["errors"] as? [[String: Any]])
        #expect(errors.map { $0["file"] as? String } == ["settings.json"])
    }

    @Test("validate --format json reports a contract that does not load, exit 2")
    func validateJSON() throws {
        let root = try project()
        try "{}".write(to: root.appendingPathComponent("body.json"), atomically: true, encoding: .utf8)
        let result = try Envelope.run(["validate", "Contracts/broken.json", "body.json", "--format", "json"], in: root)
        #expect(result.exitCode == 2)
        #expect(result.standardError == "Contracts/broken.json:4:3: error: not valid JSON: expected ',' or '}', found '\"'\n")
        let report = try json(result.standardOutput)
        let errors = try #require(report["errors"] as? [[String: Any]])
        #expect(errors.map { $0["file"] as? String } == ["Contracts/broken.json"])
        #expect((report["summary"] as? [String: Any])?["exitCode"] as? Int == 2)
    }

    @Test("validate --format junit --output writes the file for a contract that does not load")
    func validateJUnitFile() throws {
        let root = try project()
        try "{}".write(to: root.appendingPathComponent("body.json"), atomically: true, encoding: .utf8)
        let path = root.appendingPathComponent("v.xml").path
        let result = try Envelope.run(["validate", "Contracts/broken.json", "body.json", "--format", "junit", "--output", path], in: root)
        #expect(result.exitCode == 2)
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: path), options: [])
        let errors = try document.nodes(forXPath: "//testcase/error").compactMap { $0 as? XMLElement }
        #expect(errors.map { $0.attribute(forName: "type")?.stringValue } == ["load-error"])
    }
}

@Suite("--config naming a file that is not there", .temporaryFolders)
struct MissingConfigTests {
    @Test("check and record say so and exit 2, also without --env, instead of running as if there were no project file")
    func missingConfig() throws {
        let root = try temporaryDirectory()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Contracts"), withIntermediateDirectories: true)
        try #"{"contract": "good", "request": {"path": "/good"}, "response": {"status": 200}}"#
            .write(to: root.appendingPathComponent("Contracts/good.json"), atomically: true, encoding: .utf8)
        let message = "error: no such file: ci.json (--config names the project file, with the environments and refMap)\n"
        for command in ["check", "record"] {
            let result = try Envelope.run([command, "--base-url", "http://127.0.0.1:1", "--config", "ci.json"], in: root)
            #expect(result.exitCode == 2, "\(command)")
            #expect(result.standardError == message, "\(command)")
            #expect(result.standardOutput == "1 file did not load; nothing was checked\n", "\(command)")
        }
        // Without --config a missing envelope.json is no project file, as before.
        let plain = try Envelope.run(["record", "--base-url", "http://127.0.0.1:1"], in: root)
        #expect(plain.exitCode == 3, "\(plain.standardOutput)\(plain.standardError)")
    }
}
