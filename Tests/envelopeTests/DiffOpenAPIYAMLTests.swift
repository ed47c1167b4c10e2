import Foundation
import Testing

/// `envelope diff` of two OpenAPI documents written as YAML (Fixtures/DiffOpenAPI's `.yaml`
/// twins of its `.json` files): the same report as of the JSON twins.
@Suite("envelope diff of two YAML OpenAPI documents, end to end", .temporaryFolders)
struct DiffOpenAPIYAMLTests {
    let documents = fixtures.appendingPathComponent("DiffOpenAPI")

    @Test("diff of two YAML documents gives the JSON twins' report, in text and JSON",
          arguments: [("petstore-expanded", "property-removed"), ("answers-old", "answers-new"), ("petstore-expanded", "operation-removed")])
    func sameAsJSON(_ old: String, _ new: String) throws {
        for format in ["text", "json"] {
            let json = try Envelope.run(["diff", "\(old).json", "\(new).json", "--format", format], in: documents)
            let yaml = try Envelope.run(["diff", "\(old).yaml", "\(new).yaml", "--format", format], in: documents)
            #expect(json.exitCode == 1)
            #expect(yaml.exitCode == json.exitCode)
            #expect(yaml.standardError == "")
            #expect(yaml.standardOutput.contains(format == "json" ? "\"changed\": " : "operations compared"))
            #expect(yaml.standardOutput.replacingOccurrences(of: ".yaml", with: ".json") == json.standardOutput)
        }
    }

    @Test("a YAML document and its JSON twin compare as no change")
    func twins() throws {
        let result = try Envelope.run(["diff", "petstore-expanded.json", "petstore-expanded.yaml", "--fail-on", "any"], in: documents)
        #expect(result.exitCode == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput == "4 operations compared: 0 changed (0 breaking, 0 compatible)\n")
    }

    @Test("--git REV DOC.yaml compares the YAML document at the revision with the working tree")
    func git() throws {
        let repository = try temporaryDirectory()
        let api = repository.appendingPathComponent("api")
        try FileManager.default.createDirectory(at: api, withIntermediateDirectories: true)
        let document = api.appendingPathComponent("openapi.yaml")
        try FileManager.default.copyItem(at: documents.appendingPathComponent("petstore-expanded.yaml"), to: document)
        for arguments in [["init", "-q"], ["add", "."], ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "old"]] {
            #expect(try run("/usr/bin/git", arguments, in: repository) == 0)
        }
        try FileManager.default.removeItem(at: document)
        try FileManager.default.copyItem(at: documents.appendingPathComponent("operation-removed.yaml"), to: document)
        let result = try Envelope.run(["diff", "--git", "HEAD", "api/openapi.yaml"], in: repository)
        #expect(result.exitCode == 1, "\(result.standardError)")
        #expect(result.standardOutput == """
            api/openapi.yaml at HEAD → working tree

            DELETE /pets/{id} (deletePet)  HEAD:api/openapi.yaml  (removed)
              ✗ (operation)  operation-removed  DELETE /pets/{id} → absent

            4 operations compared: 1 changed (1 breaking, 0 compatible)

            """)
    }

    private func run(_ tool: String, _ arguments: [String], in directory: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
