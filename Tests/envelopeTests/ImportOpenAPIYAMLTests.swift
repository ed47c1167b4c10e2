import Foundation
import Testing

/// `envelope import openapi` of a YAML document: the OAI examples' YAML twins (the YAML suite's
/// fixtures) give the same contracts and mocks as their JSON twins, and `check` of them is clean.
@Suite("envelope import openapi of a YAML document, end to end", .temporaryFolders)
struct ImportOpenAPIYAMLTests {
    /// The OAI examples in both forms, kept with the YAML loader's tests.
    static let examples = fixtures.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("EnvelopeYAMLTests/Fixtures/oai-examples")

    /// The files the import wrote under `directory` (Contracts/, Mocks/ and envelope.json), by
    /// path, with the document's name put back as `DOC` so that the twins compare.
    static func written(in directory: URL, document: String) throws -> [String: String] {
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            let relative = String(url.path.dropFirst(directory.path.count + 1))
            guard relative != document, !url.hasDirectoryPath else { continue }
            files[relative] = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: document, with: "DOC")
        }
        return files
    }

    @Test("a YAML OAI example imports to the same contracts and mocks as its JSON twin, and check finds nothing wrong",
          arguments: [("v3.0/petstore", 3), ("v3.0/api-with-examples", 2), ("v3.0/uspto", 3), ("v3.1/tictactoe", 3)])
    func sameAsJSON(_ name: String, operations: Int) throws {
        var outputs: [String: [String: String]] = [:]
        for suffix in ["json", "yaml"] {
            let directory = try temporaryDirectory()
            let document = "api.\(suffix)"
            try FileManager.default.copyItem(at: Self.examples.appendingPathComponent("\(name).\(suffix)"), to: directory.appendingPathComponent(document))
            let imported = try Envelope.run(["import", "openapi", document], in: directory)
            #expect(imported.exitCode == 0, "\(imported.standardOutput)\(imported.standardError)")
            #expect(imported.standardOutput.contains("\(operations) operations: \(operations) contracts, \(operations) mocks"), "\(imported.standardOutput)")
            let check = try Envelope.run(["check"], in: directory)
            #expect(check.exitCode == 0, "\(check.standardOutput)\(check.standardError)")
            #expect(check.standardOutput.hasSuffix("\(operations) contracts: \(operations) ok, 0 with drift (0 breaking, 0 warnings)\n"), "\(check.standardOutput)")
            outputs[suffix] = try Self.written(in: directory, document: document)
        }
        let json = try #require(outputs["json"]), yaml = try #require(outputs["yaml"])
        #expect(json.keys.sorted() == yaml.keys.sorted())
        #expect(json.keys.contains { $0.hasPrefix("Contracts/") } && json.keys.contains { $0.hasPrefix("Mocks/") })
        for (path, text) in json {
            #expect(yaml[path] == text, "\(path) differs")
        }
    }

    @Test("a YAML document that does not parse is refused with its file:line:column, and nothing is written")
    func brokenYAML() throws {
        let directory = try temporaryDirectory()
        try Data("openapi: 3.0.0\npaths: [unclosed\n".utf8).write(to: directory.appendingPathComponent("api.yaml"))
        let imported = try Envelope.run(["import", "openapi", "api.yaml"], in: directory)
        #expect(imported.exitCode == 2)
        #expect(imported.standardError.contains("api.yaml:"), "\(imported.standardError)")
        #expect(imported.standardError.contains("not valid YAML"), "\(imported.standardError)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Contracts").path))
    }
}
