import EnvelopeHTTP
import Foundation
import Testing

@Suite("envelope check --compare-env, end to end with two local upstreams", .serialized, .temporaryFolders)
struct CompareEnvironmentsTests {
    @Test("answers of the same structure from both environments are no difference, and exit 0")
    func identicalAnswers() throws {
        let project = try TwoEnvironments()
        try project.contract("same", path: "/v1/same")
        try project.both("same", path: "/v1/same", body: #"{"items": [{"id": 1, "state": "new"}, {"id": 2, "state": "new"}]}"#)
        let result = try project.check(["--env", "staging", "--compare-env", "prod"])
        #expect(result.exitCode == 0)
        #expect(result.normalizedOutput.hasSuffix("""
            Compared with prod, the baseline: how the answers of staging differ
            same  the same as prod

            1 contract compared with prod: 1 the same, 0 with breaking differences, 0 with warnings only, 0 not compared (0 breaking, 0 warnings)

            1 contract: 1 ok, 0 with drift (0 breaking, 0 warnings)

            """))
    }

    @Test("each structural difference is marked breaking or a warning by the contract's rules")
    func differencesJudged() throws {
        let project = try TwoEnvironments()
        try project.write("Contracts/orders.json", #"""
            {"contract": "orders", "request": {"method": "GET", "path": "/v1/orders"}, "response": {"status": 200, "body": {
              "type": "object", "required": ["owner"], "properties": {"owner": {"type": "string"}, "total": {"type": "number"},
              "orders": {"type": "array", "items": {"type": "object", "required": ["id", "state"], "properties": {
                "id": {"type": "integer"}, "state": {"type": "string", "enum": ["new", "paid"]}, "note": {"type": "string"},
                "coupon": {"type": "string"}}}}}}}}
            """#)
        try project.mock("orders", in: "Prod", path: "/v1/orders", body: #"""
            {"owner": "o", "extra": 1, "total": 3, "orders": [{"id": 1, "state": "new", "note": "a", "coupon": "X"}, {"id": 2, "state": "new", "note": "b", "coupon": "Y"}]}
            """#)
        try project.mock("orders", in: "Staging", path: "/v1/orders", body: #"""
            {"total": "3", "orders": [{"state": "shipped", "coupon": null}, {"id": 2, "state": "new", "coupon": "Z", "fresh": true}]}
            """#)
        try project.write("Contracts/tags.json", #"""
            {"contract": "tags", "enums": "open", "request": {"method": "GET", "path": "/v1/tags"}, "response": {"status": 200, "body": {
              "properties": {"tags": {"items": {"properties": {"colour": {"type": "string", "enum": ["red", "blue"]}}}}}}}}
            """#)
        try project.mock("tags", in: "Prod", path: "/v1/tags", body: #"{"tags": [{"colour": "red"}, {"colour": "red"}]}"#)
        try project.mock("tags", in: "Staging", path: "/v1/tags", body: #"{"tags": [{"colour": "teal"}]}"#)
        try project.contract("moved", path: "/v1/moved")
        try project.mock("moved", in: "Prod", path: "/v1/moved", body: #"{"a": 1}"#)
        try project.mock("moved", in: "Staging", path: "/v1/moved", status: 404, body: #"{"error": "gone"}"#)
        try project.write("Contracts/typed.json", #"""
            {"contract": "typed", "request": {"method": "GET", "path": "/v1/typed"},
             "response": {"status": 200, "headers": {"Content-Type": {"pattern": "^application/json"}}, "body": {}}}
            """#)
        try project.mock("typed", in: "Prod", path: "/v1/typed", body: "{}")
        try project.mock("typed", in: "Staging", path: "/v1/typed", contentType: "text/plain", body: "{}")

        let result = try project.check(["--env", "staging", "--compare-env", "prod"])
        #expect(result.exitCode == 1)
        let section = try #require(result.normalizedOutput.range(of: "Compared with prod").map { String(result.normalizedOutput[$0.lowerBound...]) })
        #expect(section == """
            Compared with prod, the baseline: how the answers of staging differ
            moved  prod: GET http://127.0.0.1:PORT/v1/moved
              ✗ (status)  status-changed  prod 200 → staging 404  a changed status; the contract expects status 200
            orders  prod: GET http://127.0.0.1:PORT/v1/orders
              ! /extra            key-removed           prod number → staging absent                            not in the contract  (warning)
              ✗ /orders/*/coupon  null-added            prod string → staging string or null                    the contract does not allow null (string)
              ! /orders/*/fresh   key-added             prod absent → staging boolean                           not in the contract  (warning)
              ✗ /orders/*/id      key-sometimes-absent  prod in all 2 items → staging absent from 1 of 2 items  required by the contract
              ! /orders/*/note    key-removed           prod string → staging absent                            optional in the contract  (warning)
              ✗ /orders/*/state   enum-value-added      prod "new" → staging adds "shipped"                     a closed enum in the contract
              ✗ /owner            key-removed           prod string → staging absent                            required by the contract
              ✗ /total            type-changed          prod number → staging string                            the contract expects number
            tags  prod: GET http://127.0.0.1:PORT/v1/tags
              ! /tags/*/colour  enum-value-added  prod "red" → staging adds "teal"  an open enum in the contract  (warning)
            typed  prod: GET http://127.0.0.1:PORT/v1/typed
              ✗ (headers)  content-type-changed  prod application/json → staging text/plain  the contract expects Content-Type matching /^application/json/

            4 contracts compared with prod: 0 the same, 3 with breaking differences, 1 with warnings only, 0 not compared (7 breaking, 4 warnings)

            4 contracts: 0 ok, 4 with drift (7 breaking, 3 warnings)

            """)
    }

    @Test("warnings alone exit 0, and 1 with --fail-on warning; --fail-on never ignores breaking differences")
    func failOn() throws {
        let project = try TwoEnvironments()
        try project.contract("items", path: "/v1/items")
        try project.mock("items", in: "Prod", path: "/v1/items", body: #"{"a": 1}"#)
        try project.mock("items", in: "Staging", path: "/v1/items", body: #"{"a": 1, "b": 2}"#)
        #expect(try project.check(["--env", "staging", "--compare-env", "prod"]).exitCode == 0)
        #expect(try project.check(["--env", "staging", "--compare-env", "prod", "--fail-on", "warning"]).exitCode == 1)
        // A contract that names no status: the check passes, the changed status alone fails.
        try project.write("Contracts/items.json", #"{"contract": "items", "request": {"path": "/v1/items"}, "response": {"body": {}}}"#)
        try project.mock("items", in: "Staging", path: "/v1/items", status: 201, body: #"{"a": 1}"#)
        let staging = try ServeProcess(["--mocks", "Staging"], in: project.directory)
        defer { _ = staging.stop() }
        let arguments = ["--env", "staging", "--base-url", staging.url, "--compare-env", "prod"]
        #expect(try project.check(arguments).exitCode == 1)
        #expect(try project.check(arguments + ["--fail-on", "never"]).exitCode == 0)
    }

    @Test("a baseline that cannot be reached is not compared and exits 3; drift elsewhere still makes it 1")
    func unreachableBaseline() throws {
        let project = try TwoEnvironments()
        try project.contract("items", path: "/v1/items")
        try project.both("items", path: "/v1/items", body: #"{"a": 1}"#)
        let gone = try ServeProcess(["--mocks", "Prod"], in: project.directory)
        let closedURL = gone.url
        _ = gone.stop()
        try project.environments(prod: closedURL)
        let result = try project.check(["--env", "staging", "--compare-env", "prod"])
        #expect(result.exitCode == 3)
        #expect(result.normalizedOutput.contains("\nitems  not compared: prod did not answer (couldnt-connect: "))
        #expect(result.normalizedOutput.contains("1 contract compared with prod: 0 the same, 0 with breaking differences, 0 with warnings only, 1 not compared (0 breaking, 0 warnings)\n"))

        try project.write("Contracts/items.json", #"{"contract": "items", "request": {"path": "/v1/items"}, "response": {"status": 200, "body": {"required": ["b"]}}}"#)
        #expect(try project.check(["--env", "staging", "--compare-env", "prod"]).exitCode == 1)
    }

    @Test("the JSON report has a comparison member per result and comparison counts in the summary")
    func jsonReport() throws {
        let project = try TwoEnvironments()
        try project.write("Contracts/items.json", #"""
            {"contract": "items", "request": {"path": "/v1/items"}, "response": {"status": 200, "body": {
              "properties": {"list": {"items": {"required": ["id"]}}}}}}
            """#)
        try project.mock("items", in: "Prod", path: "/v1/items", body: #"{"list": [{"id": 1}, {"id": 2}, {"id": 3}]}"#)
        try project.mock("items", in: "Staging", path: "/v1/items", body: #"{"list": [{"id": 1}, {}, {"id": 3}]}"#)
        let result = try project.check(["--env", "staging", "--compare-env", "prod", "--format", "json"])
        #expect(result.exitCode == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let results = try #require(report["results"] as? [[String: Any]])
        let comparison = try #require(results.first?["comparison"] as? [String: Any])
        #expect(comparison["baseline"] as? String == "prod")
        #expect(comparison["candidate"] as? String == "staging")
        #expect((comparison["baselineSource"] as? String)?.hasSuffix("/v1/items") == true)
        #expect(comparison["status"] as? String == "breaking")
        #expect(comparison["breaking"] as? Int == 1)
        #expect(comparison["warnings"] as? Int == 0)
        let differences = try #require(comparison["differences"] as? [[String: Any]])
        try #require(differences.count == 1)
        let difference = differences[0]
        #expect(difference["kind"] as? String == "key-sometimes-absent")
        #expect(difference["pointer"] as? String == "/list/*/id")
        #expect(difference["severity"] as? String == "breaking")
        #expect(difference["baseline"] as? String == "in all 3 items")
        #expect(difference["candidate"] as? String == "absent from 1 of 3 items")
        #expect(difference["reason"] as? String == "required by the contract")
        #expect(difference["driftKind"] as? String == "missing-key")
        #expect((difference["candidatePresence"] as? [String: Any])?["count"] as? Int == 2)
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(summary["comparedWith"] as? String == "prod")
        #expect(summary["comparisonBreaking"] as? Int == 1)
        #expect(summary["comparisonWarnings"] as? Int == 0)
        #expect(summary["notCompared"] as? Int == 0)
        #expect(summary["exitCode"] as? Int == 1)
    }

    @Test("junit, github and markdown carry the differences too")
    func otherFormats() throws {
        let project = try TwoEnvironments()
        try project.write("Contracts/items.json", #"{"contract": "items", "request": {"path": "/v1/items"}, "response": {"status": 200, "body": {"required": ["id"]}}}"#)
        try project.mock("items", in: "Prod", path: "/v1/items", body: #"{"id": 1}"#)
        try project.mock("items", in: "Staging", path: "/v1/items", body: #"{}"#)
        let junit = try project.check(["--env", "staging", "--compare-env", "prod", "--format", "junit"])
        #expect(junit.exitCode == 1)
        #expect(junit.standardOutput.contains(#"<testsuite name="envelope" tests="2" failures="2" errors="0""#))
        #expect(junit.standardOutput.contains(#"<testcase classname="comparison" name="items (staging vs prod)" file="items.json" time="0.000">"#))
        #expect(junit.standardOutput.contains(#"<failure message="1 difference from prod: /id key-removed" type="environment-difference">"#))
        let github = try project.check(["--env", "staging", "--compare-env", "prod", "--format", "github"])
        #expect(github.standardOutput.contains("::error file=Contracts/items.json,line=1,title=items%3A key-removed (staging vs prod)::/id prod number → staging absent (required by the contract)\n"))
        let markdown = try project.check(["--env", "staging", "--compare-env", "prod", "--format", "markdown"])
        #expect(markdown.standardOutput.contains("#### Compared with prod, the baseline: how the answers of staging differ\n"))
        #expect(markdown.standardOutput.contains("| `items` | ❌ breaking | 1 | 0 |\n"))
        #expect(markdown.standardOutput.contains("| ❌ | `/id` | key-removed | number | absent | required by the contract |\n"))
    }

    @Test("--only and --shard choose the contracts for both environments; the baseline is asked only for those")
    func onlyAndShard() throws {
        let project = try TwoEnvironments()
        for name in ["a", "b", "c"] {
            try project.contract(name, path: "/v1/\(name)")
            try project.both(name, path: "/v1/\(name)", body: #"{"x": 1}"#)
        }
        let result = try project.check(["--env", "staging", "--compare-env", "prod", "--only", "b"])
        #expect(result.exitCode == 0)
        #expect(result.normalizedOutput.contains("\nb  the same as prod\n\n1 contract compared with prod: 1 the same,"))
        #expect(try project.prodPaths() == ["/v1/b"])
        let shard = try project.check(["--env", "staging", "--compare-env", "prod", "--shard", "3/3"])
        #expect(shard.normalizedOutput.contains("\nc  the same as prod\n\n1 contract compared with prod: 1 the same,"))
        #expect(try project.prodPaths() == ["/v1/b", "/v1/c"])
    }

    @Test("a contract the baseline's only leaves out is not compared, and does not fail the run")
    func baselineOnly() throws {
        let project = try TwoEnvironments()
        for name in ["a", "b"] {
            try project.contract(name, path: "/v1/\(name)")
            try project.both(name, path: "/v1/\(name)", body: #"{"x": 1}"#)
        }
        try project.environments(prodOnly: ["a"])
        let result = try project.check(["--env", "staging", "--compare-env", "prod"])
        #expect(result.exitCode == 0)
        #expect(result.normalizedOutput.contains("\nb  not compared: prod does not serve it (\"only\" of environment prod in envelope.json)\n"))
        #expect(try project.prodPaths() == ["/v1/a"])
    }

    @Test("the baseline's own headers and ${VAR} secrets are sent to it and hidden everywhere, --verbose included")
    func baselineSecrets() throws {
        let project = try TwoEnvironments()
        try project.contract("items", path: "/v1/items")
        let secret = "prod-secret-4417"
        // Only a request with prod's token is answered by prod's server.
        try project.write("Prod/mappings/items.json", #"""
            {"request": {"method": "GET", "urlPath": "/v1/items", "headers": {"X-Api-Token": {"equalTo": "\#(secret)"}}},
             "response": {"status": 200, "headers": {"Content-Type": "application/json"}, "body": "{\"a\": \"\#(secret)\"}"}}
            """#)
        try project.mock("items", in: "Staging", path: "/v1/items", body: #"{"a": 1}"#)
        let prod = try project.server("Prod").url, staging = try project.server("Staging").url
        try project.write("envelope.json", #"""
            {"environments": {"prod": {"baseURL": "\#(prod)", "headers": {"X-Api-Token": "${PROD_TOKEN}"}}, "staging": {"baseURL": "\#(staging)"}}}
            """#)
        let result = try Envelope.run(["check", "--env", "staging", "--compare-env", "prod", "--verbose"], in: project.directory,
                                      environment: ["PROD_TOKEN": secret])
        #expect(result.normalizedOutput.contains("  ! /a  type-changed  prod string → staging number  not in the contract  (warning)\n"))
        #expect(result.standardError.contains("> X-Api-Token: ***\n"))
        #expect(!result.standardOutput.contains(secret))
        #expect(!result.standardError.contains(secret))
        let json = try Envelope.run(["check", "--env", "staging", "--compare-env", "prod", "--format", "json"], in: project.directory,
                                    environment: ["PROD_TOKEN": secret])
        #expect(json.standardOutput.contains(#""kind": "type-changed""#))
        #expect(!json.standardOutput.contains(secret))
    }

    @Test("--compare-env needs an environment to check, another one, and a name the project file defines")
    func usage() throws {
        let project = try TwoEnvironments()
        try project.contract("a", path: "/v1/a")
        try project.both("a", path: "/v1/a", body: "{}")
        let bare = try project.check(["--compare-env", "prod"])
        #expect(bare.exitCode == 2)
        #expect(bare.standardError.hasPrefix("error: --compare-env compares two environments; give --env NAME (or --base-url URL) for the one to check against prod.\n"))
        let same = try project.check(["--env", "prod", "--compare-env", "prod"])
        #expect(same.exitCode == 2)
        #expect(same.standardError.hasPrefix("error: --compare-env prod is the environment --env checks; name another one, the baseline to compare it with.\n"))
        let unknown = try project.check(["--env", "staging", "--compare-env", "prdo"])
        #expect(unknown.exitCode == 2)
        #expect(unknown.standardError.contains("Did you mean 'prod'?"))
    }
}

/// A project with two environments in envelope.json, `prod` and `staging`, each an
/// `envelope serve` of its own mocks folder (`Prod`, `Staging`), started on first use.
final class TwoEnvironments {
    let project: FidelityProject
    private var servers: [String: ServeProcess] = [:]
    private var configured = false

    init() throws {
        project = try FidelityProject()
    }

    deinit { for server in servers.values { _ = server.stop() } }

    var directory: URL { project.directory }

    func write(_ path: String, _ text: String) throws { try project.write(path, text) }
    func contract(_ name: String, path: String) throws { try project.contract(name, path: path) }
    func mock(_ name: String, in folder: String, path: String, status: Int = 200, contentType: String = "application/json", body: String) throws {
        try project.mock(name, in: folder, path: path, status: status, contentType: contentType, body: body)
    }

    /// The same answer in both environments.
    func both(_ name: String, path: String, body: String) throws {
        try mock(name, in: "Prod", path: path, body: body)
        try mock(name, in: "Staging", path: path, body: body)
    }

    /// The server of `folder`, started with the mocks as they are now.
    func server(_ folder: String) throws -> ServeProcess {
        if let server = servers[folder] { return server }
        let server = try ServeProcess(["--mocks", folder], in: directory)
        servers[folder] = server
        return server
    }

    /// Writes envelope.json: prod at `prod` (default its server), staging at its server.
    func environments(prod: String? = nil, prodOnly: [String] = []) throws {
        let prodURL = try prod ?? server("Prod").url
        let only = prodOnly.isEmpty ? "" : #", "only": [\#(prodOnly.map { "\"\($0)\"" }.joined(separator: ", "))]"#
        try write("envelope.json", #"{"environments": {"prod": {"baseURL": "\#(prodURL)"\#(only)}, "staging": {"baseURL": "\#(try server("Staging").url)"}}}"#)
        configured = true
    }

    /// `envelope check ARGUMENTS` in the project (envelope.json written first if it is not yet).
    func check(_ arguments: [String]) throws -> RunResult {
        if !configured { try environments() }
        return try Envelope.run(["check"] + arguments, in: directory)
    }

    /// The paths prod's server has been asked for, in order of arrival.
    func prodPaths() throws -> [String] {
        let journal = try HTTPClient().send(HTTPRequest(url: try server("Prod").url + "/__admin/requests"))
        let object = try JSONSerialization.jsonObject(with: Data(journal.body)) as? [String: Any]
        let requests = object?["requests"] as? [[String: Any]] ?? []
        return requests.compactMap { ($0["request"] as? [String: Any])?["url"] as? String }.reversed()
    }
}
