import Foundation
import Testing

@Suite("envelope check: environments, selection and report formats", .temporaryFolders)
struct CheckEnvironmentTests {
    /// A project file in a fresh folder.
    func projectFile(_ text: String) throws -> String {
        let url = try temporaryDirectory().appendingPathComponent("envelope.json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test("a variable the environment needs but nobody set: exit 2 naming it and the contract, nothing sent")
    func missingVariable() throws {
        let config = try projectFile(#"{"environments": {"naver": {"baseURL": "http://127.0.0.1:9", "headers": {"X-Naver-Client-Id": "${ENVELOPE_TEST_UNSET_ID}"}}}}"#)
        let result = try Envelope.run(["check", "--config", config, "--env", "naver", "--only", "naver-blog"], environment: ["ENVELOPE_TEST_UNSET_ID": ""])
        #expect(result.exitCode == 2)
        #expect(result.standardOutput == "")
        #expect(result.standardError.contains("${ENVELOPE_TEST_UNSET_ID}"))
        #expect(result.standardError.contains("contract naver-blog (Contracts/naver-blog.json)"))
        #expect(result.standardError.contains("header X-Naver-Client-Id of environment naver"))
    }

    @Test("of many contracts planned at once, the first in order that needs an unset variable is the one named")
    func firstMissingVariableInOrder() throws {
        let folder = try temporaryDirectory()
        // Sixty contracts (several chunks for the cores); 25 and 45 use unset variables.
        for number in 0..<60 {
            let path = number == 25 ? "/a/${ENVELOPE_TEST_UNSET_A}" : number == 45 ? "/b/${ENVELOPE_TEST_UNSET_B}" : "/n/\(number)"
            let text = #"{"contract": "c\#(String(format: "%02d", number))", "request": {"path": "\#(path)"}, "response": {"status": 200}}"#
            try text.write(to: folder.appendingPathComponent(String(format: "c%02d.json", number)), atomically: true, encoding: .utf8)
        }
        let result = try Envelope.run(["check", "--contracts", folder.path, "--base-url", "http://127.0.0.1:9"],
                                      environment: ["ENVELOPE_TEST_UNSET_A": "", "ENVELOPE_TEST_UNSET_B": ""])
        #expect(result.exitCode == 2)
        #expect(result.standardOutput == "")
        #expect(result.standardError.contains("contract c25"), "\(result.standardError)")
        #expect(result.standardError.contains("${ENVELOPE_TEST_UNSET_A}"))
        #expect(!result.standardError.contains("c45"))
    }

    @Test("the bundled envelope.json has a naver environment taking the client id and secret from the environment")
    func bundledNaverEnvironment() throws {
        let result = try Envelope.run(["check", "--env", "naver"], environment: ["NAVER_CLIENT_ID": "", "NAVER_CLIENT_SECRET": ""])
        #expect(result.exitCode == 2)
        #expect(result.standardError.contains("${NAVER_CLIENT_ID}"))
        #expect(result.standardError.contains("contract naver-blog"))
    }

    @Test("an unknown environment is exit 2 with the names there are and a suggestion")
    func unknownEnvironment() throws {
        let result = try Envelope.run(["check", "--env", "nvaer"])
        #expect(result.exitCode == 2)
        #expect(result.standardError == "error: no environment named 'nvaer' in envelope.json (it defines 'naver'). Did you mean 'naver'?\n")
    }

    @Test("a mistake in the project file is exit 2 with file:line:column")
    func brokenProjectFile() throws {
        let config = try projectFile("{\"environments\": {\"x\": {\"baseURL\": \"http://a\", \"header\": {}}}}")
        let result = try Envelope.run(["check", "--config", config, "--env", "x"])
        #expect(result.exitCode == 2)
        #expect(result.standardError.hasPrefix("\(config):1:48: error: unknown key \"header\" in environment \"x\""))
        #expect(result.standardError.contains("Did you mean 'headers'?"))
    }

    @Test("--shard I/N splits the contracts deterministically: every contract exactly once over the shards")
    func shards() throws {
        var seen: [String] = []
        for index in 1...3 {
            let result = try Envelope.run(["check", "--shard", "\(index)/3", "--format", "json", "--fail-on", "never"])
            #expect(result.exitCode == 0)
            let names = (try jsonReport(result)["results"] as? [[String: Any]])?.compactMap { $0["contract"] as? String } ?? []
            seen += names
            let again = try Envelope.run(["check", "--shard", "\(index)/3", "--format", "json", "--fail-on", "never"])
            #expect((try jsonReport(again)["results"] as? [[String: Any]])?.compactMap { $0["contract"] as? String } == names)
        }
        #expect(seen.sorted() == ["hanyang-menu", "naver-blog", "naver-image", "naver-news"])
        let bad = try Envelope.run(["check", "--shard", "4/3"])
        #expect(bad.exitCode == 2)
        #expect(bad.standardError.contains("--shard expects I/N with 1 <= I <= N"))
    }

    @Test("--only takes several names, repeated or comma-separated")
    func onlySeveral() throws {
        let result = try Envelope.run(["check", "--only", "naver-news,naver-blog", "--only", "naver-image"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.hasSuffix("3 contracts: 3 ok, 0 with drift (0 breaking, 0 warnings)\n"))
    }

    @Test("--format json adds timings, attempts and the HTTP version to each result")
    func jsonTimings() throws {
        let result = try Envelope.run(["check", "--format", "json"])
        for entry in try #require(try jsonReport(result)["results"] as? [[String: Any]]) {
            let timings = try #require(entry["timings"] as? [String: Double])
            #expect(Set(timings.keys) == ["dns", "connect", "tls", "firstByte", "total"])
            #expect(entry["attempts"] as? Int == 1)
            #expect(entry["httpVersion"] as? String == "1.1")
            #expect(entry["duration"] != nil)
        }
    }

    @Test("--format github annotates the contract file at the line of its response")
    func githubAnnotations() throws {
        let result = try Envelope.run(["check", "--format", "github"])
        #expect(result.exitCode == 1)
        let contract = try String(contentsOf: packageRoot.appendingPathComponent("Contracts/hanyang-menu.json"), encoding: .utf8)
        let line = try #require(contract.components(separatedBy: "\n").firstIndex { $0.contains("\"response\"") }) + 1
        let lines = result.standardOutput.components(separatedBy: "\n")
        #expect(lines.filter { $0.hasPrefix("::") }.count == 2)
        #expect(lines[0].hasPrefix("::error file=Contracts/hanyang-menu.json,line=\(line),title=hanyang-menu%3A missing-key::/result/list/*/DEL_POSSIBLE_YN missing-key 9 of 9: expected string (required), found absent at 5:13 of the answer (GET http://127.0.0.1:"))
        #expect(lines[1].hasPrefix("::error file=Contracts/hanyang-menu.json,line=\(line),title=hanyang-menu%3A unexpected-null::/result/list/*/MENU_ID2 unexpected-null 4 of 9 (#3, #6, #7, #8)"))
        #expect(lines[2] == "4 contracts: 3 ok, 1 with drift (2 breaking, 0 warnings)")
    }

    @Test("--format markdown is a summary table with the findings folded away")
    func markdownSummary() throws {
        let result = try Envelope.run(["check", "--format", "markdown"])
        #expect(result.exitCode == 1)
        let text = result.standardOutput
        #expect(text.hasPrefix("### ❌ Envelope: 4 contracts: 3 ok, 1 with drift (2 breaking, 0 warnings)\n\n| Contract | Result | Breaking | Warnings | Time |\n|---|---|---:|---:|---:|\n"))
        #expect(text.contains("| `hanyang-menu` | ❌ drift | 2 | 0 | "))
        #expect(text.contains("| `naver-news` | ✅ ok | 0 | 0 | "))
        #expect(text.contains("<details><summary><code>hanyang-menu</code>: 2 findings</summary>"))
        #expect(text.contains("| ❌ | `/result/list/*/MENU_ID2` | unexpected-null | 4 of 9 (#3, #6, #7, #8) | string | null at 34:29 |"))
    }

    @Test("the JUnit report passes a real XML parser and the Surefire schema's required attributes")
    func junitValidates() throws {
        let directory = try temporaryDirectory()
        let path = directory.appendingPathComponent("junit.xml").path
        let run = try Envelope.run(["check", "--format", "junit", "--output", path])
        #expect(run.exitCode == 1)
        let checker = """
            import sys, xml.etree.ElementTree as ET
            root = ET.parse(sys.argv[1]).getroot()
            assert root.tag == "testsuites", root.tag
            suites = root.findall("testsuite")
            assert suites, "no testsuite"
            def number(element, name, kind):
                value = element.get(name)
                assert value is not None, f"{element.tag} lacks {name}"
                kind(value)
                return kind(value)
            for suite in suites:
                assert suite.get("name"), "testsuite lacks name"
                cases = suite.findall("testcase")
                assert number(suite, "tests", int) == len(cases)
                assert number(suite, "failures", int) == sum(len(c.findall("failure")) for c in cases)
                assert number(suite, "errors", int) == sum(len(c.findall("error")) for c in cases)
                assert number(suite, "skipped", int) == 0
                number(suite, "time", float)
                for case in cases:
                    assert case.get("name") and case.get("classname"), "testcase lacks name or classname"
                    assert number(case, "time", float) >= 0
                    for child in case:
                        assert child.tag in ("failure", "error", "skipped", "system-out", "system-err"), child.tag
                        if child.tag in ("failure", "error"):
                            assert child.get("message") and child.get("type"), f"{child.tag} lacks message or type"
            print("valid", sum(int(s.get("tests")) for s in suites), sum(int(s.get("failures")) for s in suites))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", checker, path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text == "valid 4 1\n")
    }
}
