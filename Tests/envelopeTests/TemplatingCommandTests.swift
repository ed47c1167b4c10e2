import Foundation
import Testing

/// Response templating through the commands: `lint` locates broken templates and checks a
/// templated mock as it answers; `serve` takes WireMock's flag and `--allow-env`; `check`
/// reads envelope.json's `mocks` setting.
@Suite("Response templating in lint, serve and check", .temporaryFolders)
struct TemplatingCommandTests {
    /// A project with the Lint fixture's `good` contract and the mapping `mapping`.
    func project(mapping: String, config: String? = nil) throws -> URL {
        let directory = try temporaryDirectory()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("Contracts"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("Mocks/mappings"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("Lint/Contracts/good.json"),
                                         to: directory.appendingPathComponent("Contracts/good.json"))
        try Data(mapping.utf8).write(to: directory.appendingPathComponent("Mocks/mappings/good.json"))
        if let config { try Data(config.utf8).write(to: directory.appendingPathComponent("envelope.json")) }
        return directory
    }

    @Test("lint names a broken template at its line and column inside the mapping: exit 2")
    func lintBrokenTemplate() throws {
        let directory = try project(mapping: """
            {"request": {"urlPath": "/v1/good"},
             "response": {"body": "{\\"id\\": {{randomInt lower=1 upper=9}", "transformers": ["response-template"]}}
            """)
        let result = try Envelope.run(["lint"], in: directory)
        #expect(result.exitCode == 2)
        #expect(result.standardOutput.hasPrefix(
            "Mocks/mappings/good.json:2:33: error: invalid response template: the tag '{{' is not closed; end it with '}}'\n"))
    }

    @Test("lint checks a templated mock as it answers the contract's request")
    func lintRendersTemplates() throws {
        let rendering = try project(mapping: """
            {"request": {"urlPath": "/v1/good"}, "response": {"body": "{\\"id\\": {{randomInt lower=1 upper=9}} }", "transformers": ["response-template"]}}
            """)
        let ok = try Envelope.run(["lint"], in: rendering)
        #expect(ok.exitCode == 0, "\(ok.standardOutput)")
        let drifting = try project(mapping: """
            {"request": {"urlPath": "/v1/good"}, "response": {"body": "{\\"id\\": \\"{{request.path}}\\"}", "transformers": ["response-template"]}}
            """)
        let drift = try Envelope.run(["lint"], in: drifting)
        #expect(drift.exitCode == 1)
        #expect(drift.standardOutput.contains("expected integer, found \"/v1/good\""))
    }

    @Test("envelope.json's mocks.globalResponseTemplating makes lint and check template every stub")
    func globalSettingInProjectFile() throws {
        let mapping = #"{"request": {"urlPath": "/v1/good"}, "response": {"body": "{\"id\": {{math 40 '+' 2}} }"}}"#
        let off = try project(mapping: mapping)
        #expect(try Envelope.run(["lint"], in: off).exitCode == 1)
        #expect(try Envelope.run(["check"], in: off).exitCode == 1)
        let on = try project(mapping: mapping, config: #"{"mocks": {"globalResponseTemplating": true}, "environments": {}}"#)
        let lint = try Envelope.run(["lint"], in: on)
        #expect(lint.exitCode == 0, "\(lint.standardOutput)")
        let check = try Envelope.run(["check"], in: on)
        #expect(check.exitCode == 0, "\(check.standardOutput)\(check.standardError)")
        let broken = try project(mapping: mapping, config: #"{"mocks": {"globalResponseTemplating": "yes"}}"#)
        let refused = try Envelope.run(["check"], in: broken)
        #expect(refused.exitCode == 2)
        #expect(refused.standardError == "envelope.json:1:40: error: \"globalResponseTemplating\" must be true or false\n")
    }

    @Test("serve --global-response-templating renders every stub; --allow-env lets systemValue read a variable")
    func serveFlags() throws {
        let directory = try project(mapping: """
            {"request": {"urlPath": "/v1/good"}, "response": {"body": "{{request.path}} {{systemValue key='ENVELOPE_TEMPLATE_TEST'}} {{systemValue key='HOME'}}"}}
            """)
        setenv("ENVELOPE_TEMPLATE_TEST", "allowed-value", 1)
        let server = try ServeProcess(["--mocks", directory.appendingPathComponent("Mocks").path, "--global-response-templating",
                                       "--allow-env", "ENVELOPE_TEMPLATE_TEST"])
        #expect(server.banner.contains("Rendering every response as a template.\n"))
        let answer = try curl([server.url + "/v1/good"])
        #expect(answer.output == "/v1/good allowed-value [ERROR: Access to HOME is denied]")
        _ = server.stop()
        let plain = try ServeProcess(["--mocks", directory.appendingPathComponent("Mocks").path])
        #expect(try curl([plain.url + "/v1/good"]).output == "{{request.path}} {{systemValue key='ENVELOPE_TEMPLATE_TEST'}} {{systemValue key='HOME'}}")
        _ = plain.stop()
    }
}
