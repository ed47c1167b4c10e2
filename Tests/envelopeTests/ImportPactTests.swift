import Foundation
import Testing

/// `envelope import pact` end to end: the fixture pacts of each specification version and
/// files pact-python (Pact's Rust core) writes, imported and then replayed with `check`
/// against the imported mocks; a mock broken against a rule is reported; provider states,
/// generators, what is not imported, exit codes and `--force`.
@Suite("envelope import pact, end to end", .temporaryFolders)
struct ImportPactTests {
    /// A folder holding copies of the fixture pact files `names`.
    static func project(with names: [String]) throws -> URL {
        let directory = try temporaryDirectory()
        for name in names {
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent("pact/\(name)"), to: directory.appendingPathComponent(name))
        }
        return directory
    }

    static func text(_ path: String, in directory: URL) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
    }

    /// Replaces `old` with `new` in the file at `path`, which must hold it.
    static func edit(_ path: String, in directory: URL, replacing old: String, with new: String) throws {
        let text = try Self.text(path, in: directory)
        #expect(text.contains(old), "\(path) has no \(old)")
        try text.replacingOccurrences(of: old, with: new).write(to: directory.appendingPathComponent(path), atomically: true, encoding: .utf8)
    }

    @Test("a pact of each version imports, and check of the imported mocks reports nothing",
          arguments: [("v2.json", 2), ("v3.json", 2), ("v4.json", 2), ("rules.json", 1), ("states.json", 2)])
    func importThenCheck(_ name: String, interactions: Int) throws {
        let directory = try Self.project(with: [name])
        let imported = try Envelope.run(["import", "pact", name], in: directory)
        #expect(imported.exitCode == 0, "\(imported.standardOutput)\(imported.standardError)")
        let s = interactions == 1 ? "" : "s"
        #expect(imported.standardOutput.hasSuffix("\(interactions) interaction\(s): \(interactions) contract\(s), \(interactions) mock\(s), 0 not imported\n"))
        let check = try Envelope.run(["check"], in: directory)
        #expect(check.exitCode == 0, "\(check.standardOutput)")
        #expect(check.standardOutput.hasSuffix("\(interactions) contract\(s): \(interactions) ok, 0 with drift (0 breaking, 0 warnings)\n"), "\(check.standardOutput)")
    }

    @Test("values without a rule must equal the example; each rule becomes its schema")
    func ruleSchemas() throws {
        let directory = try Self.project(with: ["rules.json", "v2.json"])
        #expect(try Envelope.run(["import", "pact", "rules.json", "v2.json"], in: directory).exitCode == 0)
        let order = try Self.text("Contracts/a-request-for-order-42.json", in: directory)
        #expect(order.contains(#""state": { "const": "paid" }"#))
        #expect(order.contains(#""sku": { "type": "string", "pattern": "^[A-Z]{2}-\\d+$" }"#))
        #expect(order.contains(#""minItems": 1"#))
        #expect(order.contains(#""Content-Type": { "pattern": "^(?:application/json.*)$" }"#))
        let catalog = try Self.text("Contracts/the-catalogue-every-matcher.json", in: directory)
        for expected in [#""id": { "type": "integer" }"#, #""discontinued": { "type": "null" }"#, #""blurb": { "type": "string", "pattern": "pen" }"#,
                         #""pattern": "^\\d{1,4}-(0?[1-9]|1[0-2])-(0?[1-9]|[12][0-9]|3[01])$""#, #""opens": { "type": "string", "pattern": "^([01]?[0-9]|2[0-3]):[0-5]?[0-9]$" }"#,
                         #""not": { "type": "null" }"#, #""USD": { "const": 13.1 }"#, #""anyOf": ["#, #""propertyNames": { "type": "string", "pattern": "^[a-z]{2}$" }"#,
                         #""contains": { "type": "string" }"#, #""ref": { "const": 7 }"#, #""maxItems": 3"#, #""multipleOf": 1"#] {
            #expect(catalog.contains(expected), "no \(expected) in \(catalog)")
        }
        let mapping = try Self.text("Mocks/mappings/the-catalogue-every-matcher.json", in: directory)
        #expect(mapping.contains(#""urlPathPattern": "^/catalog/\\d+$""#))
    }

    @Test("a mock edited to break a rule is reported by check, at its place")
    func brokenMockIsReported() throws {
        let directory = try Self.project(with: ["rules.json"])
        #expect(try Envelope.run(["import", "pact", "rules.json"], in: directory).exitCode == 0)
        let mapping = "Mocks/mappings/the-catalogue-every-matcher.json"
        try Self.edit(mapping, in: directory, replacing: #""title": "Blue pen""#, with: #""title": 5"#)
        try Self.edit(mapping, in: directory, replacing: #""ref": 7"#, with: #""ref": 8"#)
        let check = try Envelope.run(["check"], in: directory)
        #expect(check.exitCode == 1)
        #expect(check.standardOutput.contains("✗ /title  type-mismatch"), "\(check.standardOutput)")
        #expect(check.standardOutput.contains("✗ /ref"), "\(check.standardOutput)")
        // An extra key is Pact's leniency: a warning, not a failure.
        try Self.edit(mapping, in: directory, replacing: #""title": 5"#, with: #""title": "Red pen", "colour": "red""#)
        try Self.edit(mapping, in: directory, replacing: #""ref": 8"#, with: #""ref": 7"#)
        let lenient = try Envelope.run(["check"], in: directory)
        #expect(lenient.exitCode == 0, "\(lenient.standardOutput)")
        #expect(lenient.standardOutput.contains("/colour  unknown-key"), "\(lenient.standardOutput)")
    }

    @Test("a query parameter with several values is sent with each of them, in order, by check and by check --pact")
    func repeatedQueryParameter() throws {
        let directory = try temporaryDirectory()
        let pact = #"""
            {"consumer": {"name": "app"}, "provider": {"name": "api"}, "metadata": {"pactSpecification": {"version": "3.0.0"}},
             "interactions": [{"description": "tagged orders", "request": {"method": "GET", "path": "/orders", "query": {"tag": ["new", "paid"], "page": ["1"]}},
                               "response": {"status": 200, "headers": {"Content-Type": "application/json"}, "body": {"count": 2}}}]}
            """#
        try Data(pact.utf8).write(to: directory.appendingPathComponent("pact.json"))
        let imported = try Envelope.run(["import", "pact", "pact.json"], in: directory)
        #expect(imported.exitCode == 0 && imported.standardError.isEmpty, "\(imported.standardError)")
        #expect(try Self.text("Contracts/tagged-orders.json", in: directory).contains(#""query": { "tag": ["new", "paid"], "page": "1" }"#))
        let check = try Envelope.run(["check"], in: directory)
        #expect(check.exitCode == 0, "\(check.standardOutput)")
        #expect(check.standardOutput.contains("/orders?tag=new&tag=paid&page=1  "), "\(check.standardOutput)")
        let serve = try ServeProcess(["--mocks", "Mocks"], in: directory)
        let verified = try Envelope.run(["check", "--pact", "pact.json", "--base-url", serve.url], in: directory)
        #expect(verified.standardOutput.contains("/orders?tag=new&tag=paid&page=1  "), "\(verified.standardOutput)")
    }

    @Test("a pending interaction's drift is a warning, as Pact's pending does not fail the build")
    func pending() throws {
        let directory = try Self.project(with: ["v4.json"])
        #expect(try Envelope.run(["import", "pact", "v4.json"], in: directory).exitCode == 0)
        #expect(try Self.text("Contracts/fetch-the-profile.json", in: directory).contains(#""type-mismatch": "warning""#))
        try Self.edit("Mocks/mappings/fetch-the-profile.json", in: directory, replacing: #""name": "Mina""#, with: #""name": 7"#)
        let check = try Envelope.run(["check"], in: directory)
        #expect(check.exitCode == 0, "\(check.standardOutput)")
        #expect(check.standardOutput.contains("/name  type-mismatch"), "\(check.standardOutput)")
        #expect(check.standardOutput.contains("(0 breaking, 1 warning)"), "\(check.standardOutput)")
    }

    @Test("message and plugin interactions and a text request body are named on stderr, exit 1, the rest imported")
    func notSupported() throws {
        let directory = try Self.project(with: ["message.json"])
        let imported = try Envelope.run(["import", "pact", "message.json"], in: directory)
        #expect(imported.exitCode == 1)
        #expect(imported.standardError.contains("not imported: 'an order-paid event' in message.json:5:5: Asynchronous/Messages is not supported"), "\(imported.standardError)")
        #expect(imported.standardError.contains("not imported: 'a gRPC call' in message.json:21:5: a plugin interaction (protobuf) is not supported"))
        #expect(imported.standardError.contains("not imported: 'upload a note' in message.json:"))
        #expect(imported.standardError.contains("its request body is not JSON (text/plain)"))
        #expect(imported.standardOutput.hasSuffix("4 interactions: 1 contract, 1 mock, 3 not imported\n"))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("Contracts/fetch-order-42.json").path))
        #expect(try Envelope.run(["check"], in: directory).exitCode == 0)
    }

    @Test("a text answer: the contract checks status and headers, the mock serves the text, and stderr says so")
    func textAnswer() throws {
        let directory = try Self.project(with: ["v4.json"])
        let imported = try Envelope.run(["import", "pact", "v4.json"], in: directory)
        #expect(imported.standardError.contains("v4.json#/interactions/1: warning: fetch-the-logo: its answer is not JSON (text/plain)"), "\(imported.standardError)")
        let mapping = try Self.text("Mocks/mappings/fetch-the-logo.json", in: directory)
        #expect(mapping.contains(#""body": "ENVELOPE""#))
        #expect(!(try Self.text("Contracts/fetch-the-logo.json", in: directory)).contains(#""body""#))
    }

    @Test("two states of one request: two contracts, the second selected by X-Pact-Provider-State, the first also without it, in serve and check")
    func providerStates() throws {
        let directory = try Self.project(with: ["states.json"])
        #expect(try Envelope.run(["import", "pact", "states.json"], in: directory).exitCode == 0)
        let missing = try Self.text("Mocks/mappings/get-order-42-when-it-does-not-exist.json", in: directory)
        #expect(missing.contains(#""X-Pact-Provider-State": { "equalTo": "no orders" }"#) && missing.contains(#""priority": 1"#))
        let exists = try Self.text("Mocks/mappings/get-order-42-when-it-exists.json", in: directory)
        #expect(!exists.contains("X-Pact-Provider-State") && !exists.contains("priority"))
        #expect(exists.contains(#""params": { "id": 42 }"#))
        #expect(try Self.text("Contracts/get-order-42-when-it-does-not-exist.json", in: directory).contains(#""headers": { "X-Pact-Provider-State": "no orders" }"#))
        let check = try Envelope.run(["check"], in: directory)
        #expect(check.standardOutput.hasSuffix("2 contracts: 2 ok, 0 with drift (0 breaking, 0 warnings)\n"), "\(check.standardOutput)")
        let serve = try ServeProcess(["--mocks", "Mocks"], in: directory)
        defer { _ = serve.stop() }
        let plain = try runTool("curl", ["-s", "-w", " %{http_code}", "\(serve.url)/orders/42"])
        #expect(plain.output.hasSuffix(" 200") && plain.output.contains(#""state""#), "\(plain.output)")
        let none = try runTool("curl", ["-s", "-w", " %{http_code}", "-H", "X-Pact-Provider-State: no orders", "\(serve.url)/orders/42"])
        #expect(none.output.hasSuffix(" 404") && none.output.contains("not found"), "\(none.output)")
    }

    @Test("generators become response templates; those the mock cannot honour are named on stderr")
    func generators() throws {
        let directory = try Self.project(with: ["generators.json"])
        let imported = try Envelope.run(["import", "pact", "generators.json"], in: directory)
        #expect(imported.exitCode == 0)
        let mapping = try Self.text("Mocks/mappings/a-new-ticket.json", in: directory)
        #expect(mapping.contains(#""transformers": ["response-template"]"#), "\(mapping)")
        for template in [#"\"id\": {{randomInt lower=1 upper=99}}"#, "{{randomDecimal lower=0 upper=100}}", "{{randomValue length=4 type='HEXADECIMAL'}}",
                         "{{randomValue length=4 type='ALPHANUMERIC'}}", #"\"uuid\": \"{{randomValue type='UUID'}}\""#, "{{now format='yyyy-MM-dd'}}",
                         "{{now format='HH:mm:ss'}}", #"{{now format=\"yyyy-MM-dd'T'HH:mm:ss\"}}"#, #"\"open\": {{pickRandom true false}}"#,
                         #"\"ticket\": \"T-991\""#, #"\"link\": \"{{request.baseUrl}}/tickets/1\""#, #"\"sku\": \"AB-12\""#] {
            #expect(mapping.contains(template), "no \(template) in \(mapping)")
        }
        #expect(mapping.contains(#""X-Request-Id": "{{randomValue type='UUID'}}""#))
        #expect(imported.standardError.contains("a-new-ticket: $.sku: generator Regex not honoured"), "\(imported.standardError)")
    }

    @Test("the templated mapping runs in WireMock's own jar: every answer is new and meets the imported contract")
    func generatorsInWireMock() throws {
        let directory = try Self.project(with: ["generators.json"])
        #expect(try Envelope.run(["import", "pact", "generators.json"], in: directory).exitCode == 0)
        let module = try runTool("python3", ["-c", "import wiremock, os; print(os.path.dirname(wiremock.__file__))"])
        let folder = module.output.trimmingCharacters(in: .whitespacesAndNewlines) + "/server"
        let jar = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasPrefix("wiremock-standalone") && $0.hasSuffix(".jar") })
        let port = try closedLoopbackPort()
        let java = Process()
        java.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        java.arguments = ["java", "-jar", "\(folder)/\(jar)", "--port", "\(port)", "--bind-address", "127.0.0.1", "--root-dir", "Mocks", "--local-response-templating"]
        java.currentDirectoryURL = directory
        java.standardOutput = FileHandle.nullDevice
        java.standardError = FileHandle.nullDevice
        try java.run()
        defer { java.terminate(); java.waitUntilExit() }
        let base = "http://127.0.0.1:\(port)"
        // Until the JVM listens (curl retries refused connections on its own).
        let ready = try runTool("curl", ["-s", "-o", "/dev/null", "--retry", "60", "--retry-connrefused", "--retry-delay", "1", "\(base)/__admin/mappings"])
        #expect(ready.status == 0, "\(ready.output)")
        let first = try runTool("curl", ["-s", "-X", "POST", "\(base)/tickets"])
        let second = try runTool("curl", ["-s", "-X", "POST", "\(base)/tickets"])
        #expect(!first.output.contains("{{") && first.output.contains(#""ticket": "T-991""#), "\(first.output)")
        #expect(!first.output.contains("0e6b2f4a-0000-4000-8000-000000000000") && first.output != second.output)
        let check = try Envelope.run(["check", "--base-url", base], in: directory)
        #expect(check.standardOutput.hasSuffix("1 contract: 1 ok, 0 with drift (0 breaking, 0 warnings)\n"), "\(check.standardOutput)")
    }

    @Test("existing files are kept without --force (exit 1 when they differ) and replaced with it")
    func neverOverwrites() throws {
        let directory = try Self.project(with: ["v2.json"])
        #expect(try Envelope.run(["import", "pact", "v2.json"], in: directory).exitCode == 0)
        let again = try Envelope.run(["import", "pact", "v2.json"], in: directory)
        #expect(again.exitCode == 0)
        #expect(again.standardOutput.contains("Contracts/a-health-check.json exists and is the same; kept"))
        try Self.edit("Contracts/a-health-check.json", in: directory, replacing: #""status": 204"#, with: #""status": 200"#)
        let kept = try Envelope.run(["import", "pact", "v2.json"], in: directory)
        #expect(kept.exitCode == 1)
        #expect(kept.standardOutput.contains("Contracts/a-health-check.json exists and differs; not overwritten (give --force to replace it)"))
        #expect(try Self.text("Contracts/a-health-check.json", in: directory).contains(#""status": 200"#))
        #expect(try Envelope.run(["import", "pact", "v2.json", "--force"], in: directory).exitCode == 0)
        #expect(try Self.text("Contracts/a-health-check.json", in: directory).contains(#""status": 204"#))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("Contracts").path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }

    @Test("a file that is not a pact is exit 2 with its place; names from descriptions stay unique across files")
    func errorsAndNames() throws {
        let directory = try Self.project(with: ["v2.json"])
        try #"{"openapi": "3.1.0"}"#.write(to: directory.appendingPathComponent("openapi.json"), atomically: true, encoding: .utf8)
        let wrong = try Envelope.run(["import", "pact", "openapi.json"], in: directory)
        #expect(wrong.exitCode == 2)
        #expect(wrong.standardError.hasPrefix("openapi.json:1:1: error: expected an array 'interactions'"), "\(wrong.standardError)")
        try FileManager.default.copyItem(at: directory.appendingPathComponent("v2.json"), to: directory.appendingPathComponent("copy.json"))
        let twice = try Envelope.run(["import", "pact", "v2.json", "copy.json"], in: directory)
        #expect(twice.standardOutput.contains("a-health-check-2  wrote Contracts/a-health-check-2.json"), "\(twice.standardOutput)")
    }

    @Test("pact files written by pact-python (Pact's Rust core) import and replay clean; a mock broken against a type rule is reported",
          arguments: ["V3", "V4"])
    func pactPython(_ specification: String) throws {
        let directory = try temporaryDirectory()
        let written = try runTool("python3", [fixtures.appendingPathComponent("pact/consumer.py").path, specification, directory.appendingPathComponent("pacts").path])
        #expect(written.status == 0, "\(written.output)")
        let file = "pacts/UserApp-UserService.json"
        #expect(try Self.text(file, in: directory).contains(specification == "V4" ? "Synchronous/HTTP" : #""version": "3.0.0""#))
        let imported = try Envelope.run(["import", "pact", file], in: directory)
        #expect(imported.exitCode == 0, "\(imported.standardOutput)\(imported.standardError)")
        #expect(imported.standardOutput.hasSuffix("3 interactions: 3 contracts, 3 mocks, 0 not imported\n"))
        let check = try Envelope.run(["check"], in: directory)
        #expect(check.standardOutput.hasSuffix("3 contracts: 3 ok, 0 with drift (0 breaking, 0 warnings)\n"), "\(check.standardOutput)")
        #expect(try Self.text("Contracts/get-user-123.json", in: directory).contains(#""plan": { "const": "pro" }"#))
        try Self.edit("Mocks/mappings/get-user-123.json", in: directory, replacing: #""name": "alice""#, with: #""name": 42"#)
        let broken = try Envelope.run(["check"], in: directory)
        #expect(broken.exitCode == 1)
        #expect(broken.standardOutput.contains("✗ /name  type-mismatch"), "\(broken.standardOutput)")
    }
}
