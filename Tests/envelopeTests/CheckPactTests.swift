import Foundation
import Testing

/// A provider-state endpoint (Fixtures/pactout/state_server.py) recording each call it gets.
final class StateServer {
    let server: FixtureServer
    let url: String
    let log: URL

    init(status: Int = 200, in directory: URL) throws {
        log = directory.appendingPathComponent("states-\(UUID().uuidString).log")
        server = try FixtureServer(script: "pactout/state_server.py", arguments: [log.path, String(status)])
        url = server.url + "/provider-states"
    }

    /// The calls so far: `path content-type body`, one a line.
    var calls: [String] {
        ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    func clear() { try? FileManager.default.removeItem(at: log) }
}

@Suite("envelope check --pact: a provider verified against a pact's interactions", .serialized, .temporaryFolders)
struct CheckPactTests {
    /// A project with the order contract, its mock, and the pact exported from them (with
    /// provider states added to its interaction when `states` is given).
    func pactProject(states: [[String: Any]]? = nil) throws -> PactProject {
        let project = try PactProject(in: try temporaryDirectory())
        let export = try Envelope.run(["export", "pact", "--consumer", "shop-app", "--provider", "orders-api", "--output", "pact.json"], in: project.directory)
        #expect(export.exitCode == 0, "\(export.standardError)")
        if let states {
            let file = project.directory.appendingPathComponent("pact.json")
            var pact = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] ?? [:]
            var interactions = pact["interactions"] as? [[String: Any]] ?? []
            interactions[0]["providerStates"] = states
            var second = interactions[0]
            second["description"] = "order, no state"
            second.removeValue(forKey: "providerStates")
            interactions.append(second)
            pact["interactions"] = interactions
            try JSONSerialization.data(withJSONObject: pact, options: [.prettyPrinted, .sortedKeys]).write(to: file)
        }
        return project
    }

    @Test("a provider that matches passes, as Pact's verifier says too")
    func matchingProviderPasses() throws {
        let project = try pactProject()
        let serve = try ServeProcess(["--mocks", "Mocks"], in: project.directory)
        let result = try Envelope.run(["check", "--pact", "pact.json", "--base-url", serve.url], in: project.directory)
        #expect(result.exitCode == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.normalizedOutput == """
            order  GET http://127.0.0.1:PORT/orders/7?expand=items  (TIME)
              ok

            1 contract: 1 ok, 0 with drift (0 breaking, 0 warnings)

            """)
        let pact = try PactProject.pactTool("pact_verify.py", [project.directory.appendingPathComponent("pact.json").path, serve.url, "orders-api"])
        #expect(pact.status == 0, "\(pact.output)")
    }

    @Test("a provider that drifts fails with every mismatch located and classified, where Pact's verifier fails too")
    func driftingProviderFails() throws {
        let project = try pactProject()
        try project.mock(#"{"id": "7", "state": "new", "code": "abc", "note": 5, "total": 12.5, "items": [{"sku": 1}], "tags": {"color": "red"}, "extra": true}"#)
        let serve = try ServeProcess(["--mocks", "Mocks"], in: project.directory)
        let result = try Envelope.run(["check", "--pact", "pact.json", "--base-url", serve.url], in: project.directory)
        #expect(result.exitCode == 1)
        #expect(result.normalizedOutput == #"""
            order  GET http://127.0.0.1:PORT/orders/7?expand=items  (TIME)
              ✗ /id             type-mismatch
                  expected integer, found "7" at 1:8
                  > 1 | {"id": "7", "state": "new", "code": "abc", "note": 5, "total": 12.5, "items": [{"sku": 1}], "tags": …
                      |        ^ type-mismatch
              ✗ /code           constraint-violation
                  expected a string matching /^[A-Z]{3}-[0-9]+$/, found "abc" at 1:37
                  > 1 | {"id": "7", "state": "new", "code": "abc", "note": 5, "total": 12.5, "items": [{"sku": 1}], "tags": …
                      |                                     ^ constraint-violation
              ✗ /note           type-mismatch
                  expected null, found 5 at 1:52
                  > 1 | …"id": "7", "state": "new", "code": "abc", "note": 5, "total": 12.5, "items": [{"sku": 1}], "tags": {…
                      |                                                    ^ type-mismatch
              ✗ /items/*/count  missing-key           1 of 1
                  expected integer (required), found absent at 1:80
                  > 1 | …code": "abc", "note": 5, "total": 12.5, "items": [{"sku": 1}], "tags": {"color": "red"}, "extra": tr…
                      |                                                    ^ missing-key
              ✗ /items/*/sku    type-mismatch         1 of 1
                  expected string, found 1 at 1:88
                  > 1 | …e": "abc", "note": 5, "total": 12.5, "items": [{"sku": 1}], "tags": {"color": "red"}, "extra": true}
                      |                                                         ^ type-mismatch
              ! /extra          unknown-key           (warning)
                  expected no such key (the contract does not declare it), found true at 1:128

            1 contract: 0 ok, 1 with drift (5 breaking, 1 warning)

            """#)
        let pact = try PactProject.pactTool("pact_verify.py", [project.directory.appendingPathComponent("pact.json").path, serve.url, "orders-api"])
        #expect(pact.status == 1)
        for place in ["$.id", "$.code", "$.note", "$.items[0].sku", "$.items[0]"] { #expect(pact.output.contains(place), "\(place) in \(pact.output)") }
    }

    @Test("the drift report comes in every format, with check's exit codes", arguments: ["json", "junit", "markdown", "github", "html"])
    func reportFormats(format: String) throws {
        let project = try pactProject()
        try project.mock(#"{"id": "7", "state": "new", "note": null, "items": [{"sku": "a"}]}"#)
        let serve = try ServeProcess(["--mocks", "Mocks"], in: project.directory)
        let result = try Envelope.run(["check", "--pact", "pact.json", "--base-url", serve.url, "--format", format], in: project.directory)
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.contains("type-mismatch"), "\(result.standardOutput)")
        if format == "json" {
            let report = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
            let first = (report?["results"] as? [[String: Any]])?.first
            #expect(first?["contract"] as? String == "order")
            #expect(first?["file"] as? String == "pact.json")
        }
    }

    @Test("provider states are set up and torn down with the very calls Pact's verifier makes")
    func stateChangesAsPactsVerifier() throws {
        let project = try pactProject(states: [["name": "order 7 exists", "params": ["id": 7, "paid": false]], ["name": "user is signed in"]])
        let serve = try ServeProcess(["--mocks", "Mocks"], in: project.directory)
        let states = try StateServer(in: project.directory)
        let result = try Envelope.run(["check", "--pact", "pact.json", "--base-url", serve.url, "--state-change-url", states.url,
                                       "--state-change-teardown"], in: project.directory)
        #expect(result.exitCode == 0, "\(result.standardOutput)\(result.standardError)")
        let ours = states.calls
        #expect(ours == [
            #"/provider-states application/json {"action":"setup","params":{"id":7,"paid":false},"state":"order 7 exists"}"#,
            #"/provider-states application/json {"action":"setup","params":{},"state":"user is signed in"}"#,
            #"/provider-states application/json {"action":"teardown","params":{"id":7,"paid":false},"state":"order 7 exists"}"#,
            #"/provider-states application/json {"action":"teardown","params":{},"state":"user is signed in"}"#,
            #"/provider-states application/json {"action":"setup","params":{},"state":""}"#,
            #"/provider-states application/json {"action":"teardown","params":{},"state":""}"#,
        ])
        states.clear()
        let pact = try PactProject.pactTool("pact_verify.py", [project.directory.appendingPathComponent("pact.json").path, serve.url, "orders-api", states.url])
        #expect(pact.status == 0, "\(pact.output)")
        #expect(states.calls == ours)
    }

    @Test("without --state-change-teardown only the set-up calls are made")
    func noTeardownByDefault() throws {
        let project = try pactProject(states: [["name": "order 7 exists"]])
        let serve = try ServeProcess(["--mocks", "Mocks"], in: project.directory)
        let states = try StateServer(in: project.directory)
        let result = try Envelope.run(["check", "--pact", "pact.json", "--base-url", serve.url, "--state-change-url", states.url], in: project.directory)
        #expect(result.exitCode == 0)
        #expect(states.calls == [
            #"/provider-states application/json {"action":"setup","params":{},"state":"order 7 exists"}"#,
            #"/provider-states application/json {"action":"setup","params":{},"state":""}"#,
        ])
    }

    @Test("a state that cannot be set up is reported for its interaction, exit 3")
    func failedStateSetup() throws {
        let project = try pactProject(states: [["name": "order 7 exists"]])
        let serve = try ServeProcess(["--mocks", "Mocks"], in: project.directory)
        let states = try StateServer(status: 500, in: project.directory)
        let result = try Envelope.run(["check", "--pact", "pact.json", "--base-url", serve.url, "--state-change-url", states.url], in: project.directory)
        #expect(result.exitCode == 3)
        #expect(result.standardOutput.contains("the provider state 'order 7 exists' could not be set up: \(states.url) answered 500"), "\(result.standardOutput)")
    }

    @Test("--pact needs the provider, and --state-change-url needs --pact")
    func usageErrors() throws {
        let project = try pactProject()
        let noProvider = try Envelope.run(["check", "--pact", "pact.json"], in: project.directory)
        #expect(noProvider.exitCode == 2)
        #expect(noProvider.standardError.contains("--pact checks a provider against the pact; give it with --base-url URL or --env NAME."))
        let noPact = try Envelope.run(["check", "--base-url", "http://127.0.0.1:9", "--state-change-url", "http://127.0.0.1:9/s"], in: project.directory)
        #expect(noPact.exitCode == 2)
        #expect(noPact.standardError.contains("give the pact with --pact FILE."))
    }
}
