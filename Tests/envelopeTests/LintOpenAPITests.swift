import Foundation
import Testing

/// `envelope lint` of OpenAPI sources, end to end: a document given as an argument, and the
/// documents a project's contracts name in `"openapi"`; unresolved `$ref`s, examples that
/// break their schemas and operations without a JSON answer, at file:line:column, in lint's
/// formats and exit codes.
@Suite("envelope lint of OpenAPI documents, end to end", .temporaryFolders)
struct LintOpenAPITests {
    @Test("lint DOC reports examples that break their schemas (errors, exit 2) and operations without a JSON answer (warnings) at file:line:column")
    func lintsADocument() throws {
        let (directory, spec) = try ImportOpenAPITests.project(with: "shop.json")
        let lint = try Envelope.run(["lint", spec], in: directory)
        #expect(lint.exitCode == 2, "\(lint.standardOutput)\(lint.standardError)")
        #expect(lint.standardOutput.contains("shop.json:17:111: error: the example for getOrder breaks its schema: /id: expected integer, found \"forty-two\"\n"), "\(lint.standardOutput)")
        #expect(lint.standardOutput.contains("shop.json:"), "\(lint.standardOutput)")
        #expect(lint.standardOutput.contains(": warning: GET /health has no JSON answer (its 204 answer has no body); a contract can check its status only\n"), "\(lint.standardOutput)")
        #expect(lint.standardOutput.hasSuffix("lint: 1 OpenAPI document: 2 errors, 1 warning\n"), "\(lint.standardOutput)")
        // Nothing is written: lint only reads.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["shop.json"])
    }

    @Test("lint DOC of a clean document is exit 0; --fail-on warning makes its warnings exit 1")
    func cleanAndWarnings() throws {
        let (clean, spec) = try ImportOpenAPITests.project(with: "petstore-expanded.json")
        let ok = try Envelope.run(["lint", spec], in: clean)
        #expect(ok.exitCode == 0, "\(ok.standardOutput)\(ok.standardError)")
        #expect(ok.standardOutput.contains(": warning: DELETE /pets/{id} has no JSON answer (its 204 answer has no body)"), "\(ok.standardOutput)")
        let strict = try Envelope.run(["lint", spec, "--fail-on", "warning"], in: clean)
        #expect(strict.exitCode == 1, "\(strict.standardOutput)")
    }

    @Test("a $ref the operations need that leads nowhere is an error at the $ref's file:line:column; --format json carries it")
    func unresolvedReference() throws {
        let directory = try OpenAPISplitDocumentTests.project()
        let list = directory.appendingPathComponent("resources/droplets/droplets_list.yml")
        let text = try String(contentsOf: list, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "responses/all_droplets.yml", with: "responses/no_such.yml").utf8).write(to: list)
        let lint = try Envelope.run(["lint", "api.yaml"], in: directory)
        #expect(lint.exitCode == 2)
        #expect(lint.standardOutput.hasPrefix("resources/droplets/droplets_list.yml:7:11: error: cannot resolve $ref 'responses/no_such.yml'"), "\(lint.standardOutput)")
        let json = try Envelope.run(["lint", "api.yaml", "--format", "json"], in: directory)
        #expect(json.exitCode == 2)
        let object = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        let problems = object?["errors"] as? [[String: Any]] ?? []
        #expect(problems.first?["file"] as? String == "resources/droplets/droplets_list.yml", "\(json.standardOutput)")
        #expect(problems.first?["line"] as? Int == 7, "\(json.standardOutput)")
    }

    @Test("lint of a project lints the document its imported contracts name: a schema made unloadable there is an error at its place")
    func projectLintsTheNamedDocument() throws {
        let directory = try OpenAPISplitDocumentTests.project()
        let imported = try Envelope.run(["import", "openapi", "api.yaml"], in: directory)
        #expect(imported.exitCode == 0, "\(imported.standardOutput)\(imported.standardError)")
        let clean = try Envelope.run(["lint"], in: directory)
        #expect(clean.exitCode == 0, "\(clean.standardOutput)\(clean.standardError)")
        #expect(clean.standardOutput.hasSuffix("lint: 2 contracts, 2 mappings, 1 OpenAPI document: 0 errors, 0 warnings, 0 mocks with drift\n"), "\(clean.standardOutput)")
        let meta = directory.appendingPathComponent("shared/meta.yml")
        let text = try String(contentsOf: meta, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "type: object\n", with: "type: object\nminProperties: many\n").utf8).write(to: meta)
        let broken = try Envelope.run(["lint"], in: directory)
        #expect(broken.exitCode == 2)
        #expect(broken.standardOutput.contains("shared/meta.yml:2:16: error: invalid schema at /minProperties"), "\(broken.standardOutput)")
        #expect(broken.standardOutput.contains("resources/droplets/responses/all_droplets.yml:5:7: error: the answer schema of droplets_list does not load: "), "\(broken.standardOutput)")
    }
}
