import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// A folder with `Contracts/` and `Mocks/mappings/`, each file given by name and text; `check`
/// run in it serves the mocks in process.
struct AnswerProject {
    let directory: URL

    init(contracts: [String: String], mappings: [String: String], config: String? = nil) throws {
        directory = try temporaryDirectory()
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: directory.appendingPathComponent("Contracts"), withIntermediateDirectories: true)
        try fileManager.createDirectory(at: directory.appendingPathComponent("Mocks/mappings"), withIntermediateDirectories: true)
        for (name, text) in contracts {
            try text.write(to: directory.appendingPathComponent("Contracts/\(name).json"), atomically: true, encoding: .utf8)
        }
        for (name, text) in mappings {
            try text.write(to: directory.appendingPathComponent("Mocks/mappings/\(name).json"), atomically: true, encoding: .utf8)
        }
        if let config { try config.write(to: directory.appendingPathComponent("envelope.json"), atomically: true, encoding: .utf8) }
    }

    /// Runs `envelope check arguments...` in the folder.
    func check(_ arguments: [String] = [], environment: [String: String] = [:]) throws -> RunResult {
        try Envelope.run(["check"] + arguments, in: directory, environment: environment)
    }

    /// A mapping answering GET `path` with `response` (a WireMock response object).
    static func mapping(_ path: String, _ response: String) -> String {
        #"{"request": {"method": "GET", "urlPath": "\#(path)"}, "response": \#(response)}"#
    }

    /// A contract asking GET `path` and expecting `response`.
    static func contract(_ name: String, _ path: String, _ response: String) -> String {
        #"{"contract": "\#(name)", "request": {"path": "\#(path)"}, "response": \#(response)}"#
    }

    static let objectWithID = #"{"status": 200, "headers": {"Content-Type": {"pattern": "^application/json"}}, "body": {"type": "object", "required": ["id"]}}"#
    static let errorPage = #"{"status": 500, "headers": {"Content-Type": "text/html"}, "body": "<!DOCTYPE html>\n<html><body>Internal Server Error</body></html>"}"#
}

@Suite("envelope check: outages, cut-off answers, redirects, times and --verbose", .temporaryFolders)
struct CheckAnswersTests {
    @Test("a 500 with an HTML body is one server-error finding, not status + header + not-json; exit 3; the summary says '1 answered 500'")
    func serverErrorIsItsOwnFinding() throws {
        let project = try AnswerProject(contracts: ["down": AnswerProject.contract("down", "/down", AnswerProject.objectWithID)],
                                        mappings: ["down": AnswerProject.mapping("/down", AnswerProject.errorPage)])
        let result = try project.check()
        #expect(result.exitCode == 3)
        #expect(result.normalizedOutput == """
            down  GET http://127.0.0.1:PORT/down  (TIME)
              ✗ (status)  server-error
                  expected status 200, found status 500, "<!DOCTYPE html>" (text/html)

            1 contract: 0 ok, 0 with drift, 1 answered 500 (0 breaking, 0 warnings)

            """)
    }

    @Test("server errors are counted by status, drift elsewhere still exits 1, and a contract expecting its 5xx gets none")
    func serverErrorsBesideDrift() throws {
        let project = try AnswerProject(
            contracts: [
                "a-down": AnswerProject.contract("a-down", "/down", AnswerProject.objectWithID),
                "b-busy": AnswerProject.contract("b-busy", "/busy", #"{"status": 200}"#),
                "c-drifted": AnswerProject.contract("c-drifted", "/drifted", AnswerProject.objectWithID),
                "d-maintenance": AnswerProject.contract("d-maintenance", "/maintenance", #"{"status": 503}"#),
            ],
            mappings: [
                "down": AnswerProject.mapping("/down", AnswerProject.errorPage),
                "busy": AnswerProject.mapping("/busy", #"{"status": 503, "body": "busy"}"#),
                "drifted": AnswerProject.mapping("/drifted", #"{"status": 200, "headers": {"Content-Type": "application/json"}, "jsonBody": {"name": "x"}}"#),
                "maintenance": AnswerProject.mapping("/maintenance", #"{"status": 503}"#),
            ])
        let result = try project.check()
        #expect(result.exitCode == 1)
        #expect(result.normalizedOutput.hasSuffix("""
            d-maintenance  GET http://127.0.0.1:PORT/maintenance  (TIME)
              ok

            4 contracts: 1 ok, 1 with drift, 1 answered 500, 1 answered 503 (1 breaking, 0 warnings)

            """))

        let json = try jsonReport(try project.check(["--format", "json"]))
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(results.map { $0["status"] as? String } == ["error", "error", "drift", "ok"])
        #expect(results.map { $0["httpStatus"] as? Int } == [500, 503, 200, 503])
        #expect(results[0]["findings"].flatMap { $0 as? [[String: Any]] }?.map { $0["kind"] as? String } == ["server-error"])
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["errors"] as? Int == 2)
        #expect(summary["serverErrors"] as? Int == 2)
        #expect(summary["breaking"] as? Int == 1)
        #expect(summary["exitCode"] as? Int == 1)

        let path = project.directory.appendingPathComponent("r.xml").path
        _ = try project.check(["--format", "junit", "--output", path])
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: path), options: [])
        let errors = try document.nodes(forXPath: "//error").compactMap { $0 as? XMLElement }
        #expect(errors.map { $0.attribute(forName: "type")?.stringValue } == ["server-error", "server-error"])

        let markdown = try project.check(["--format", "markdown"]).standardOutput
        #expect(markdown.contains("| `a-down` | ❌ answered 500 | 0 | 0 | "), "\(markdown)")
        #expect(markdown.contains("| `b-busy` | ❌ answered 503 | 0 | 0 | "), "\(markdown)")
        let github = try project.check(["--format", "github"]).standardOutput
        #expect(github.contains("title=a-down%3A server-error::(status) server-error: expected status 200, found status 500, \"<!DOCTYPE html>\" (text/html) (GET http://127.0.0.1:"),
                "\(github)")
    }

    @Test("an answer cut off at --max-body is body-too-large with its status, not unreachable; a cut-off 500 is still a server error")
    func cutOffIsNotUnreachable() throws {
        let big = #"{"status": 200, "headers": {"Content-Type": "application/json"}, "jsonBody": {"id": 1, "text": "\#(String(repeating: "x", count: 4000))"}}"#
        let project = try AnswerProject(
            contracts: ["big": AnswerProject.contract("big", "/big", AnswerProject.objectWithID),
                        "down": AnswerProject.contract("down", "/down", AnswerProject.objectWithID)],
            mappings: ["big": AnswerProject.mapping("/big", big), "down": AnswerProject.mapping("/down", AnswerProject.errorPage)])
        let result = try project.check(["--max-body", "1K"])
        #expect(result.exitCode == 3)
        #expect(result.normalizedOutput == """
            big  GET http://127.0.0.1:PORT/big  (TIME)
              ✗ (body)  body-too-large
                  status 200, but the body is larger than --max-body (1024 bytes) and was cut off there; raise --max-body if answers this large are expected

            down  GET http://127.0.0.1:PORT/down  (TIME)
              ✗ (status)  server-error
                  expected status 200, found status 500, "<!DOCTYPE html>" (text/html)

            2 contracts: 0 ok, 0 with drift, 1 answered 500, 1 cut off at --max-body (0 breaking, 0 warnings)

            """)
        let json = try jsonReport(try project.check(["--max-body", "1K", "--format", "json"]))
        let first = try firstResult(json)
        #expect(first["status"] as? String == "error")
        #expect(first["httpStatus"] as? Int == 200)
        #expect((json["summary"] as? [String: Any])?["cutOff"] as? Int == 1)
    }

    @Test("a finding inside nested arrays shows the whole path of indices (#2/1 is moves[2][1]), in text and JSON")
    func nestedIndexPaths() throws {
        let body = #"{"type": "object", "properties": {"moves": {"type": "array", "items": {"type": "array", "items": {"type": "integer"}}}}}"#
        let project = try AnswerProject(
            contracts: ["nested": AnswerProject.contract("nested", "/nested", #"{"status": 200, "body": \#(body)}"#)],
            mappings: ["nested": AnswerProject.mapping("/nested", #"{"status": 200, "jsonBody": {"moves": [[1, 2], [3], [4, "x", 5], [6, "y"]]}}"#)])
        let result = try project.check()
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.contains("  ✗ /moves/*/*  type-mismatch  2 of 8 (#2/1, #3/1)\n"), "\(result.standardOutput)")
        let finding = try #require((try firstResult(try jsonReport(try project.check(["--format", "json"])))["findings"] as? [[String: Any]])?.first)
        #expect(finding["indices"] as? [Int] == [1])
        #expect(finding["indexPaths"] as? [[Int]] == [[2, 1], [3, 1]])
    }

    @Test("a followed redirect shows its final URL and hop count in text and JSON; --max-redirects 0 shows the 302's Location and names the option")
    func redirects() throws {
        let project = try AnswerProject(
            contracts: ["account": AnswerProject.contract("account", "/account", #"{"status": 200, "body": {"type": "object"}}"#)],
            mappings: ["account": AnswerProject.mapping("/account", #"{"status": 302, "headers": {"Location": "/login.html"}}"#),
                       "login": AnswerProject.mapping("/login.html", #"{"status": 200, "headers": {"Content-Type": "text/html"}, "body": "<html>login</html>"}"#)])
        let followed = try project.check()
        #expect(followed.exitCode == 1)
        #expect(followed.normalizedOutput.hasPrefix("""
            account  GET http://127.0.0.1:PORT/account  (TIME)
              after 1 redirect: http://127.0.0.1:PORT/login.html
              ✗ (body)  not-json
                  expected a JSON body, found "<html>login</html>"
            """))
        let entry = try firstResult(try jsonReport(try project.check(["--format", "json"])))
        #expect(entry["redirects"] as? Int == 1)
        #expect((entry["finalURL"] as? String)?.hasSuffix("/login.html") == true)
        #expect((entry["source"] as? String)?.hasSuffix("/account") == true)

        let unfollowed = try project.check(["--max-redirects", "0"])
        #expect(unfollowed.exitCode == 1)
        #expect(unfollowed.standardOutput.contains("      expected status 200, found status 302 (Location: /login.html), not followed with --max-redirects 0\n"))
        #expect(!unfollowed.standardOutput.contains("after 1 redirect"))
    }

    @Test("each answer's time shows in the text report; over the contract's budget (response.slow) or --slow it is a slow-answer warning")
    func answerTimes() throws {
        let project = try AnswerProject(
            contracts: ["slow": AnswerProject.contract("slow", "/slow", #"{"status": 200, "slow": 100}"#),
                        "fast": AnswerProject.contract("fast", "/fast", #"{"status": 200}"#)],
            mappings: ["slow": AnswerProject.mapping("/slow", #"{"status": 200, "fixedDelayMilliseconds": 300}"#),
                       "fast": AnswerProject.mapping("/fast", #"{"status": 200}"#)])
        let result = try project.check()
        #expect(result.exitCode == 0)
        let lines = result.standardOutput.components(separatedBy: "\n")
        for name in ["fast", "slow"] {
            let line = try #require(lines.first { $0.hasPrefix(name + "  GET ") })
            #expect(line.range(of: #"  \(\d+(\.\d)? ms\)$"#, options: .regularExpression) != nil, "\(line)")
        }
        #expect(result.normalizedOutput.contains("""
            slow  GET http://127.0.0.1:PORT/slow  (TIME)
              ! (time)  slow-answer  (warning)
                  expected an answer within 100 ms, found an answer after 
            """))
        #expect(result.standardOutput.hasSuffix("2 contracts: 1 ok, 1 with drift (0 breaking, 1 warning)\n"))
        #expect(try project.check(["--fail-on", "warning"]).exitCode == 1)

        // --slow overrides the contracts' budgets, both ways.
        let generous = try project.check(["--slow", "60000"])
        #expect(generous.standardOutput.hasSuffix("2 contracts: 2 ok, 0 with drift (0 breaking, 0 warnings)\n"))
        let strict = try project.check(["--slow", "200", "--format", "json"])
        let findings = (try jsonReport(strict)["results"] as? [[String: Any]])?.map { ($0["findings"] as? [[String: Any]])?.map { $0["kind"] as? String } }
        #expect(findings == [[], ["slow-answer"]])
    }

    @Test("validate fetches nothing, so it shows no times; a bad response.slow is a load error that says what it wants")
    func noTimesWithoutAFetch() throws {
        let project = try AnswerProject(contracts: ["x": AnswerProject.contract("x", "/x", #"{"body": {"type": "object"}}"#),
                                                   "bad": AnswerProject.contract("bad", "/bad", #"{"slow": "fast"}"#)], mappings: [:])
        let body = project.directory.appendingPathComponent("body.json")
        try "{}".write(to: body, atomically: true, encoding: .utf8)
        let validated = try Envelope.run(["validate", "Contracts/x.json", body.path], in: project.directory)
        #expect(validated.exitCode == 0)
        #expect(validated.standardOutput == "x  \(body.path)\n  ok\n\n1 answer: 1 ok, 0 with drift (0 breaking, 0 warnings)\n")
        let broken = try project.check()
        #expect(broken.exitCode == 2)
        #expect(broken.standardError.hasPrefix(#"Contracts/bad.json:1:71: error: response.slow must be a number of milliseconds above 0 (an answer slower than that is a slow-answer finding), found "fast""#),
                "\(broken.standardError)")
    }

    @Test("record reports an outage as a server-error too, counted '1 answered 500'")
    func recordReportsServerErrors() throws {
        let project = try AnswerProject(contracts: ["down": AnswerProject.contract("down", "/down", AnswerProject.objectWithID)],
                                        mappings: ["down": AnswerProject.mapping("/down", AnswerProject.errorPage)])
        let live = try ServeProcess(["--mocks", "Mocks"], in: project.directory)
        defer { _ = live.stop() }
        let result = try Envelope.run(["record", "--base-url", live.url, "--mocks", "Recorded"], in: project.directory)
        #expect(result.exitCode != 0)
        #expect(result.normalizedOutput.contains("""
            down  GET http://127.0.0.1:PORT/down  (TIME)
              ✗ (status)  server-error
                  expected status 200, found status 500, "<!DOCTYPE html>" (text/html)

            1 contract: 0 ok, 0 with drift, 1 answered 500 (0 breaking, 0 warnings)
            """), "\(result.standardOutput)")
    }

    @Test("--verbose writes the request line, headers sent and received (secrets as ***) and timings to standard error, against envelope serve")
    func verboseExchange() throws {
        let secret = "tok-VERBOSE-SECRET-77"
        let project = try AnswerProject(
            contracts: ["orders": #"{"contract": "orders", "request": {"path": "/v1/orders", "query": {"key": "${ORDERS_KEY}"}, "headers": {"Authorization": "Bearer literal-credential"}}, "response": {"status": 200}}"#],
            mappings: ["orders": AnswerProject.mapping("/v1/orders", #"{"status": 200, "headers": {"Content-Type": "application/json", "Set-Cookie": "session=abcdef"}, "jsonBody": {"id": 1}}"#)],
            config: #"{"environments": {"live": {"baseURL": "http://127.0.0.1:1", "headers": {"X-Trace": "${ORDERS_KEY}"}}}}"#)
        let live = try ServeProcess(["--mocks", "Mocks"], in: project.directory)
        defer { _ = live.stop() }
        let result = try project.check(["--env", "live", "--base-url", live.url, "--verbose"], environment: ["ORDERS_KEY": secret])
        #expect(result.exitCode == 0, "\(result.standardOutput)")
        let log = result.standardError
        let host = String(live.url.dropFirst("http://".count))
        for line in ["* orders: GET \(live.url)/v1/orders?key=***", "> GET /v1/orders?key=*** HTTP/1.1", "> Host: \(host)",
                     "> User-Agent: envelope/", "> Authorization: ***", "> X-Trace: ***",
                     "< HTTP/1.1 200", "< Content-Type: application/json", "< Set-Cookie: ***", "* timings: dns "] {
            #expect(log.contains("\n" + line) || log.hasPrefix(line), "missing \(line) in \(log)")
        }
        for leaked in [secret, "literal-credential", "session=abcdef"] { #expect(!log.contains(leaked), "\(leaked) in \(log)") }
        #expect(!result.standardOutput.contains("> GET"))
        // Without --verbose, nothing of the exchange.
        let quiet = try project.check(["--env", "live", "--base-url", live.url], environment: ["ORDERS_KEY": secret])
        #expect(!quiet.standardError.contains("> GET"))
    }
}
