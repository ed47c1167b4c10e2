import Foundation
import Testing

/// An OpenAPI 3.0 document split over two files (Fixtures/ImportOpenAPI/two-file: a root whose
/// answer is a `$ref` to schemas/menu.yaml, a sub-file with no `openapi` of its own that uses
/// `nullable` and `example`): the sub-file is read in the root's dialect, by `import openapi`,
/// `check` and `diff`.
@Suite("an OpenAPI document split over files, end to end", .temporaryFolders)
struct OpenAPIMultiFileTests {
    /// A copy of the two-file document in a fresh folder.
    static func project() throws -> URL {
        let directory = try temporaryDirectory().appendingPathComponent("api")
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("ImportOpenAPI/two-file"), to: directory)
        return directory
    }

    @Test("the import writes a mock for an answer whose schema is in a sub-file using nullable, its contract reaching it through the root, and check is clean")
    func importThenCheck() throws {
        let directory = try Self.project()
        let imported = try Envelope.run(["import", "openapi", "api.yaml"], in: directory)
        #expect(imported.exitCode == 0, "\(imported.standardOutput)\(imported.standardError)")
        #expect(imported.standardOutput.hasSuffix("1 operation: 1 contract, 1 mock (0 from examples, 1 generated), 0 examples refused\n"), "\(imported.standardOutput)")
        let contract = try String(contentsOf: directory.appendingPathComponent("Contracts/getMenu.json"), encoding: .utf8)
        #expect(contract.contains(#""$ref": "../api.yaml#/paths/~1menu/get/responses/200/content/application~1json/schema""#), "\(contract)")
        let mock = try String(contentsOf: directory.appendingPathComponent("Mocks/mappings/getMenu.json"), encoding: .utf8)
        #expect(mock.contains(#""note": null"#), "\(mock)")
        let check = try Envelope.run(["check"], in: directory)
        #expect(check.exitCode == 0, "\(check.standardOutput)\(check.standardError)")
        #expect(check.standardOutput.hasSuffix("1 contract: 1 ok, 0 with drift (0 breaking, 0 warnings)\n"), "\(check.standardOutput)")
    }

    @Test("diff reads the sub-file in the root's dialect: the same document is no change, nullable added in the sub-file is became-nullable")
    func diff() throws {
        let old = try Self.project()
        let same = try Envelope.run(["diff", "api.yaml", "api.yaml"], in: old)
        #expect(same.exitCode == 0, "\(same.standardOutput)\(same.standardError)")
        #expect(same.standardOutput == "1 operation compared: 0 changed (0 breaking, 0 compatible)\n")
        let strict = try temporaryDirectory().appendingPathComponent("strict")
        try FileManager.default.copyItem(at: old, to: strict)
        let menu = strict.appendingPathComponent("schemas/menu.yaml")
        let text = try String(contentsOf: menu, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "    type: string\n    nullable: true\n", with: "    type: string\n").utf8).write(to: menu)
        let result = try Envelope.run(["diff", "\(strict.path)/api.yaml", "\(old.path)/api.yaml"], in: old)
        #expect(result.exitCode == 1, "\(result.standardError)")
        #expect(result.standardOutput.contains("✗ 200 /note  became-nullable  string → string or null\n"), "\(result.standardOutput)")
    }
}

/// A document split as DigitalOcean's is (Fixtures/ImportOpenAPI/split): operations in
/// `resources/*/*.yml`, their answers in `resources/*/responses/*.yml`, whose schemas `$ref`
/// `../models/*.yml` and `shared/*.yml`, none with an `openapi` of its own, using 3.0's
/// `nullable` and `example`. Each contract `$ref`s the answer file directly and names the
/// document in `"openapi"`, so those files keep the document's dialect.
@Suite("an OpenAPI document split over files as DigitalOcean's, end to end", .temporaryFolders)
struct OpenAPISplitDocumentTests {
    static func project() throws -> URL {
        let directory = try temporaryDirectory().appendingPathComponent("cloud")
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("ImportOpenAPI/split"), to: directory)
        return directory
    }

    @Test("every JSON answer of a document split into resources/responses/models files gets a mock, and check against them reports nothing")
    func everyAnswerGetsAMock() throws {
        let directory = try Self.project()
        let imported = try Envelope.run(["import", "openapi", "api.yaml", "--status", "all"], in: directory)
        #expect(imported.exitCode == 0, "\(imported.standardOutput)\(imported.standardError)")
        #expect(imported.standardOutput.hasSuffix("2 operations: 3 contracts, 3 mocks (0 from examples, 3 generated), 0 examples refused\n"), "\(imported.standardOutput)")
        let contract = try String(contentsOf: directory.appendingPathComponent("Contracts/droplets_list.json"), encoding: .utf8)
        #expect(contract.contains(#""openapi": "../api.yaml""#), "\(contract)")
        #expect(contract.contains(#""$ref": "../resources/droplets/responses/all_droplets.yml#/content/application~1json/schema""#), "\(contract)")
        // The models' `example`s are what a generated value takes: read as 3.0, not refused.
        let mock = try String(contentsOf: directory.appendingPathComponent("Mocks/mappings/droplets_get.json"), encoding: .utf8)
        #expect(mock.contains(#""name": "example.com""#), "\(mock)")
        let check = try Envelope.run(["check"], in: directory)
        #expect(check.exitCode == 0, "\(check.standardOutput)\(check.standardError)")
        #expect(check.standardOutput.hasSuffix("3 contracts: 3 ok, 0 with drift (0 breaking, 0 warnings)\n"), "\(check.standardOutput)")
    }

    @Test("the contract's openapi makes the answer file's nullable mean null is allowed; without it the file is plain JSON Schema and does not load")
    func dialectFollowsTheNamedDocument() throws {
        let directory = try Self.project()
        let contract = #"{"contract": "get", "openapi": "../api.yaml", "request": {"path": "/v2/droplets/1"}, "response": {"body": {"$ref": "../resources/droplets/responses/existing_droplet.yml#/content/application~1json/schema"}}}"#
        let answer = #"{"droplet": {"id": 1, "name": "a", "status": "off", "backup_window": null}}"#
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("Contracts"), withIntermediateDirectories: true)
        try Data(contract.utf8).write(to: directory.appendingPathComponent("Contracts/get.json"))
        try Data(answer.utf8).write(to: directory.appendingPathComponent("answer.json"))
        let valid = try Envelope.run(["validate", "Contracts/get.json", "answer.json"], in: directory)
        #expect(valid.exitCode == 0, "\(valid.standardOutput)\(valid.standardError)")
        let plain = contract.replacingOccurrences(of: #""openapi": "../api.yaml", "#, with: "")
        try Data(plain.utf8).write(to: directory.appendingPathComponent("Contracts/get.json"))
        let refused = try Envelope.run(["validate", "Contracts/get.json", "answer.json"], in: directory)
        #expect(refused.exitCode == 2)
        #expect(refused.standardError.contains("resources/droplets/models/droplet.yml:6:5: error: unknown schema keyword 'example'"), "\(refused.standardError)")
        let wrong = contract.replacingOccurrences(of: #""openapi": "../api.yaml""#, with: #""openapi": "../shared/meta.yml""#)
        try Data(wrong.utf8).write(to: directory.appendingPathComponent("Contracts/get.json"))
        let notOpenAPI = try Envelope.run(["validate", "Contracts/get.json", "answer.json"], in: directory)
        #expect(notOpenAPI.exitCode == 2)
        #expect(notOpenAPI.standardError.contains("Contracts/get.json:1:32: error: cannot resolve $ref '../shared/meta.yml'"), "\(notOpenAPI.standardError)")
        #expect(notOpenAPI.standardError.contains("has no top-level 'openapi' member"), "\(notOpenAPI.standardError)")
    }
}
