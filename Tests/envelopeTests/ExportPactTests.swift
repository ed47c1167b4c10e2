import Foundation
import Testing

@Suite("envelope export pact, checked by Pact's own verifier and mock server", .serialized, .temporaryFolders)
struct ExportPactTests {
    func export(_ project: PactProject, version: String = "3", extra: [String] = []) throws -> RunResult {
        try Envelope.run(["export", "pact", "--consumer", "shop-app", "--provider", "orders-api", "--pact-version", version,
                          "--output", "pacts/shop.json"] + extra, in: project.directory)
    }

    @Test("Pact's verifier passes envelope serve of the same mocks, for specification 3 and 4", arguments: ["3", "4"])
    func pactVerifierPassesServeOfTheSameMocks(version: String) throws {
        let project = try PactProject(in: try temporaryDirectory())
        let result = try export(project, version: version)
        #expect(result.exitCode == 0, "\(result.standardError)")
        let serve = try ServeProcess(["--mocks", "Mocks"], in: project.directory)
        let verdict = try PactProject.pactTool("pact_verify.py", [project.directory.appendingPathComponent("pacts/shop.json").path, serve.url, "orders-api"])
        #expect(verdict.status == 0, "\(verdict.output)")
        #expect(verdict.output.contains("pact verification passed"))
    }

    @Test("Pact's verifier accepts an answer that changes within the contract: the rules, not the example, decide")
    func pactVerifierAcceptsChangesTheContractAllows() throws {
        let project = try PactProject(in: try temporaryDirectory())
        #expect(try export(project).exitCode == 0)
        try project.mock(#"{"id": 912, "state": "paid", "code": "XYZ-9", "note": null, "total": 3, "items": [{"sku": "b", "count": 1}, {"sku": "c", "count": 5}], "tags": {"size": "L", "fit": "slim"}}"#)
        let serve = try ServeProcess(["--mocks", "Mocks"], in: project.directory)
        let verdict = try PactProject.pactTool("pact_verify.py", [project.directory.appendingPathComponent("pacts/shop.json").path, serve.url, "orders-api"])
        #expect(verdict.status == 0, "\(verdict.output)")
    }

    @Test("Pact's verifier fails a served mock edited to break the contract, at the places broken")
    func pactVerifierFailsABrokenServe() throws {
        let project = try PactProject(in: try temporaryDirectory())
        #expect(try export(project, version: "4").exitCode == 0)
        try project.mock(#"{"id": "7", "state": "lost", "code": "abc", "note": 5, "total": 12.5, "items": [], "tags": {"color": "red"}}"#)
        let serve = try ServeProcess(["--mocks", "Mocks"], in: project.directory)
        let verdict = try PactProject.pactTool("pact_verify.py", [project.directory.appendingPathComponent("pacts/shop.json").path, serve.url, "orders-api"])
        #expect(verdict.status == 1)
        for place in ["$.id", "$.state", "$.code", "$.note", "$.items"] {
            #expect(verdict.output.contains("\(place) ->"), "\(place) in \(verdict.output)")
        }
    }

    @Test("Pact's mock server reads the exported file and serves every interaction", arguments: ["3", "4"])
    func pactMockServerServesTheFile(version: String) throws {
        let project = try PactProject(in: try temporaryDirectory())
        #expect(try export(project, version: version).exitCode == 0)
        let served = try PactProject.pactTool("pact_mock_serve.py", [project.directory.appendingPathComponent("pacts/shop.json").path])
        #expect(served.status == 0, "\(served.output)")
        #expect(served.output.contains("order: 200 from Pact's mock server\nserved by Pact's mock server"))
    }

    @Test("what Pact cannot say is listed on standard error, by contract and place")
    func unexpressibleKeywordsAreListed() throws {
        let project = try PactProject(in: try temporaryDirectory())
        let result = try export(project)
        #expect(result.exitCode == 0)
        #expect(result.standardOutput == "")
        #expect(result.standardError == """
            order: Pact cannot say all the contract says (envelope check still does)
              (body)  additionalProperties false: Pact accepts keys the example does not have
              /id  minimum 1 is not checked by Pact
              /items/*  optional key 'count' in the example: Pact asks for every key the example has
              (body)  optional keys 'code', 'total', 'tags' in the example: Pact asks for every key the example has
            wrote pacts/shop.json: 1 interaction (pact specification 3), 4 notes

            """)
    }

    @Test("the schema becomes Pact's matching rules: types, regex, min/max, integer, values, nullability")
    func matchingRulesSayWhatTheSchemaSays() throws {
        let project = try PactProject(in: try temporaryDirectory())
        #expect(try export(project, version: "4").exitCode == 0)
        let pact = try JSONSerialization.jsonObject(with: Data(try project.read("pacts/shop.json").utf8)) as? [String: Any]
        let interaction = (pact?["interactions"] as? [[String: Any]])?.first
        let response = interaction?["response"] as? [String: Any]
        let rules = (response?["matchingRules"] as? [String: Any])?["body"] as? [String: [String: Any]] ?? [:]
        func matchers(_ path: String) -> [[String: String]] {
            ((rules[path]?["matchers"] as? [[String: Any]]) ?? []).map { $0.mapValues { "\($0)" } }
        }
        #expect(matchers("$.id") == [["match": "integer"]])
        #expect(matchers("$.state") == [["match": "regex", "regex": "^(new|paid)$"]])
        #expect(matchers("$.code") == [["match": "type"], ["match": "regex", "regex": "^[A-Z]{3}-[0-9]+$"]])
        #expect(matchers("$.note") == [["match": "null"], ["match": "type"]])
        #expect(rules["$.note"]?["combine"] as? String == "OR")
        #expect(matchers("$.total") == [["match": "number"]])
        #expect(matchers("$.items") == [["match": "type", "min": "1", "max": "10"]])
        #expect(matchers("$.items[*].count") == [["match": "integer"]])
        #expect(matchers("$.tags") == [["match": "type"], ["match": "values"]])
        #expect(rules["$.tags"]?["combine"] as? String == "AND")
        #expect(matchers("$.tags.*") == [["match": "type"]])
        let header = (response?["matchingRules"] as? [String: Any])?["header"] as? [String: [String: Any]]
        #expect((header?["Content-Type"]?["matchers"] as? [[String: String]]) == [["match": "regex", "regex": "[\\s\\S]*(?:^application/json)[\\s\\S]*"]])
        let request = interaction?["request"] as? [String: Any]
        #expect(request?["query"] as? [String: [String]] == ["expand": ["items"]])
        #expect(interaction?["type"] as? String == "Synchronous/HTTP")
    }

    @Test("an existing pact file is kept without --force, and replaced with it")
    func existingFileIsKeptWithoutForce() throws {
        let project = try PactProject(in: try temporaryDirectory())
        try project.write("pacts/shop.json", "{}")
        let kept = try export(project)
        #expect(kept.exitCode == 2)
        #expect(kept.standardError == "error: pacts/shop.json exists; give --force to overwrite it, or another --output\n")
        #expect(try project.read("pacts/shop.json") == "{}\n")
        let forced = try export(project, extra: ["--force"])
        #expect(forced.exitCode == 0)
        #expect(try project.read("pacts/shop.json").contains("\"description\": \"order\""))
    }

    @Test("a contract no mock answers is left out and named, exit 1")
    func unansweredContractIsLeftOut() throws {
        let project = try PactProject(in: try temporaryDirectory())
        try project.write("Contracts/gone.json", #"{"contract": "gone", "request": {"path": "/gone"}, "response": {"status": 200}}"#)
        let result = try export(project)
        #expect(result.exitCode == 1)
        #expect(result.standardError.contains("gone: no mock answers its request (or the mock is a proxy or a fault); left out of the pact\n"))
        #expect(result.standardError.hasSuffix("wrote pacts/shop.json: 1 interaction (pact specification 3), 4 notes, 1 contract left out\n"))
    }
}
