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
