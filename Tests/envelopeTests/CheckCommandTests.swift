import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

@Suite("envelope check, end to end", .temporaryFolders)
struct CheckCommandTests {
    @Test("the bundled contracts against the bundled mocks: exactly the seed's two findings, exit 1")
    func reportsTheSeedDrift() throws {
        let result = try Envelope.run(["check"])
        #expect(result.exitCode == 1)
        #expect(result.standardError == "")
        #expect(result.normalizedOutput == """
            hanyang-menu  GET http://127.0.0.1:PORT/COMM/A202100004  (TIME)
              ✗ /result/list/*/DEL_POSSIBLE_YN  missing-key      9 of 9
                  expected string (required), found absent at 5:13
                    4 |         "list": [
                  > 5 |             {
                      |             ^ missing-key
                    6 |                 "ACT_URL": null,
              ✗ /result/list/*/MENU_ID2         unexpected-null  4 of 9 (#3, #6, #7, #8)
                  expected string, found null at 34:29
                    33 |                 "ACT_URL": "https://go.hanyang.ac.kr/new/mobile/main.html",
                  > 34 |                 "MENU_ID2": null,
                       |                             ^ unexpected-null
                    35 |                 "MENU_SEQ": 4,

            naver-blog  GET http://127.0.0.1:PORT/v1/search/blog.json?query=swift  (TIME)
              ok

            naver-image  GET http://127.0.0.1:PORT/v1/search/image?query=swift  (TIME)
              ok

            naver-news  GET http://127.0.0.1:PORT/v1/search/news.json?query=swift  (TIME)
              ok

            4 contracts: 3 ok, 1 with drift (2 breaking, 0 warnings)

            """)
    }

    @Test("--fail-on never reports the same drift and exits 0")
    func failOnNever() throws {
        let result = try Envelope.run(["check", "--fail-on", "never"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.contains("unexpected-null  4 of 9 (#3, #6, #7, #8)"))
    }

    @Test("--format json has the documented report shape")
    func jsonReport() throws {
        let result = try Envelope.run(["check", "--format", "json"])
        #expect(result.exitCode == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(results.map { $0["contract"] as? String } == ["hanyang-menu", "naver-blog", "naver-image", "naver-news"])
        let hanyang = results[0]
        #expect(hanyang["valid"] as? Bool == false)
        #expect(hanyang["status"] as? String == "drift")
        #expect((hanyang["source"] as? String)?.hasPrefix("GET http://127.0.0.1:") == true)
        let findings = try #require(hanyang["findings"] as? [[String: Any]])
        #expect(findings.count == 2)
        let null = findings[1]
        #expect(null["kind"] as? String == "unexpected-null")
        #expect(null["pointer"] as? String == "/result/list/*/MENU_ID2")
        #expect(null["severity"] as? String == "breaking")
        #expect(null["count"] as? Int == 4)
        #expect(null["total"] as? Int == 9)
        #expect(null["indices"] as? [Int] == [3, 6, 7, 8])
        #expect(null["expected"] as? String == "string")
        #expect(null["actual"] as? String == "null")
        #expect(null["line"] as? Int == 34)
        #expect(null["column"] as? Int == 29)
        for other in results.dropFirst() {
            #expect(other["valid"] as? Bool == true)
            #expect((other["findings"] as? [Any])?.isEmpty == true)
        }
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["contracts"] as? Int == 4)
        #expect(summary["breaking"] as? Int == 2)
        #expect(summary["warnings"] as? Int == 0)
        #expect(summary["exitCode"] as? Int == 1)
    }

    @Test("--format junit --output writes well-formed JUnit XML: a testcase per contract, a failure for hanyang-menu")
    func junitReport() throws {
        let directory = try temporaryDirectory()
        let path = directory.appendingPathComponent("r.xml").path
        let result = try Envelope.run(["check", "--format", "junit", "--output", path])
        #expect(result.exitCode == 1)
        // The text report still goes to the log.
        #expect(result.standardOutput.contains("4 contracts: 3 ok, 1 with drift"))
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: path), options: [])
        let suites = try #require(document.rootElement())
        #expect(suites.name == "testsuites")
        #expect(suites.attribute(forName: "tests")?.stringValue == "4")
        #expect(suites.attribute(forName: "failures")?.stringValue == "1")
        let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
        #expect(cases.map { $0.attribute(forName: "name")?.stringValue } == ["hanyang-menu", "naver-blog", "naver-image", "naver-news"])
        for testcase in cases {
            #expect(testcase.attribute(forName: "classname")?.stringValue == "contracts")
            #expect(testcase.attribute(forName: "time")?.stringValue.flatMap(Double.init) != nil)
        }
        let failures = cases.map { $0.elements(forName: "failure").count }
        #expect(failures == [1, 0, 0, 0])
        let failure = try #require(cases[0].elements(forName: "failure").first)
        #expect(failure.attribute(forName: "message")?.stringValue == "2 findings: /result/list/*/DEL_POSSIBLE_YN missing-key; /result/list/*/MENU_ID2 unexpected-null")
        #expect(failure.stringValue?.contains("4 of 9 (#3, #6, #7, #8)") == true)
    }

    @Test("a JUnit failure names each finding's kind once, also for findings without a pointer (status, headers)")
    func junitNamesKindsOnce() throws {
        let root = try temporaryDirectory()
        let contracts = root.appendingPathComponent("Contracts")
        try FileManager.default.createDirectory(at: contracts, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Mocks/mappings"), withIntermediateDirectories: true)
        // No mapping answers /gone: the mock's 404 is a status mismatch, with no pointer.
        try #"{"contract": "gone", "request": {"path": "/gone"}, "response": {"status": 200}}"#
            .write(to: contracts.appendingPathComponent("gone.json"), atomically: true, encoding: .utf8)
        let path = root.appendingPathComponent("r.xml").path
        let result = try Envelope.run(["check", "--format", "junit", "--output", path], in: root)
        #expect(result.exitCode == 1)
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: path), options: [])
        let failure = try #require(try document.nodes(forXPath: "//failure").first as? XMLElement)
        let message = try #require(failure.attribute(forName: "message")?.stringValue)
        #expect(message.hasPrefix("1 finding: status-mismatch"), "\(message)")
        #expect(message.components(separatedBy: "status-mismatch").count == 2, "\(message)")
    }

    @Test("a contract with a syntax error: exit 2 naming its file:line:column")
    func brokenContract() throws {
        let directory = fixtures.appendingPathComponent("BrokenContracts").path
        let result = try Envelope.run(["check", "--contracts", directory])
        #expect(result.exitCode == 2)
        #expect(result.standardOutput == "1 file did not load; nothing was checked\n")
        #expect(result.standardError == "\(directory)/broken.json:4:3: error: not valid JSON: expected ',' or '}', found '\"'\n")
    }

    @Test("--base-url at a closed port: exit 3 and a readable transport error")
    func closedPort() throws {
        let port = try closedLoopbackPort()
        let result = try Envelope.run(["check", "--base-url", "http://127.0.0.1:\(port)", "--only", "naver-news"])
        #expect(result.exitCode == 3)
        #expect(result.standardOutput.contains("naver-news  GET http://127.0.0.1:\(port)/v1/search/news.json?query=swift"))
        #expect(result.standardOutput.contains("✗ (request)  transport-error  couldnt-connect"))
        #expect(result.standardOutput.contains("Connection refused"))
        #expect(result.standardOutput.hasSuffix("1 contract: 0 ok, 0 with drift, 1 unreachable (0 breaking, 0 warnings)\n"))
    }

    @Test("a mistyped option is a usage error with a suggestion, exit 2")
    func mistypedOption() throws {
        let result = try Envelope.run(["check", "--formt", "json"])
        #expect(result.exitCode == 2)
        #expect(result.standardOutput == "")
        #expect(result.standardError == "error: Unknown option '--formt'. Did you mean '--format'?\nSee 'envelope check --help'.\n")
    }

    @Test("an unknown --only name suggests the close one")
    func unknownContractName() throws {
        let result = try Envelope.run(["check", "--only", "naver-blgo"])
        #expect(result.exitCode == 2)
        #expect(result.standardError == "error: no contract named 'naver-blgo' in Contracts. Did you mean 'naver-blog'?\n")
    }

    @Test("help has OVERVIEW, USAGE and OPTIONS sections")
    func help() throws {
        let root = try Envelope.run(["--help"])
        #expect(root.exitCode == 0)
        for section in ["OVERVIEW:", "USAGE:", "OPTIONS:", "SUBCOMMANDS:", "check", "validate", "serve"] {
            #expect(root.standardOutput.contains(section), "missing \(section)")
        }
        let check = try Envelope.run(["check", "--help"])
        #expect(check.exitCode == 0)
        for section in ["OVERVIEW: Fetch every contract's request, validate the answers, report drift.", "USAGE: envelope check", "OPTIONS:", "--contracts <dir>", "--fail-on <level>", "--base-url <url>", "-h, --help"] {
            #expect(check.standardOutput.contains(section), "missing \(section)")
        }
    }
}

/// A loopback port that nothing listens on: bind port 0, read the port, close.
func closedLoopbackPort() throws -> UInt16 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
    }
    try #require(bound)
    return UInt16(bigEndian: address.sin_port)
}
