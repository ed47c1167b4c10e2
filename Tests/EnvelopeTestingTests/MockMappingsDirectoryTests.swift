import EnvelopeMock
import EnvelopeTesting
import Foundation
import Testing

/// EnvelopeTesting's own reading of a Mocks folder (through Foundation) follows the server's rules.
@Suite("Loading a Mocks folder in an app's tests")
struct MockMappingsDirectoryTests {
    @Test("files through links and subfolders in byte order; folders, links to folders, hidden files and other names left out; body files may not leave __files")
    func sameRulesAsTheServer() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("envelope-testing-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let mappings = directory.appendingPathComponent("mappings")
        let elsewhere = directory.appendingPathComponent("elsewhere")
        let files = directory.appendingPathComponent("__files")
        for folder in [mappings.appendingPathComponent("folder.json"), elsewhere, files] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        func stub(_ id: String) -> Data { Data(#"{"id": "\#(id)", "request": {"urlPath": "/\#(id)"}, "response": {"status": 200}}"#.utf8) }
        try stub("plain").write(to: mappings.appendingPathComponent("a.json"))
        try stub("linked").write(to: elsewhere.appendingPathComponent("target.json"))
        try FileManager.default.createSymbolicLink(at: mappings.appendingPathComponent("b.json"), withDestinationURL: elsewhere.appendingPathComponent("target.json"))
        try stub("nested").write(to: mappings.appendingPathComponent("folder.json/c.json"))
        try FileManager.default.createSymbolicLink(at: mappings.appendingPathComponent("d.json"), withDestinationURL: elsewhere)
        for name in [".hidden.json", "folder.json/.x.json", "notes.txt", "e.json.bak"] {
            try stub("ignored").write(to: mappings.appendingPathComponent(name))
        }
        try Data(#"{"id": "body", "request": {"urlPath": "/body"}, "response": {"bodyFileName": "ok.txt"}}"#.utf8).write(to: mappings.appendingPathComponent("f.json"))
        try Data("fine".utf8).write(to: files.appendingPathComponent("ok.txt"))
        let loaded = try MockMappings.load(directory: directory.path)
        #expect(loaded.stubs.map(\.id) == ["plain", "linked", "body", "nested"])
        #expect(loaded.stubs.first { $0.id == "body" }?.response.body == Array("fine".utf8))

        try Data("secret".utf8).write(to: directory.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(at: files.appendingPathComponent("link.txt"), withDestinationURL: directory.appendingPathComponent("secret.txt"))
        try Data(#"{"request": {"urlPath": "/link"}, "response": {"bodyFileName": "link.txt"}}"#.utf8).write(to: mappings.appendingPathComponent("g.json"))
        do {
            _ = try MockMappings.load(directory: directory.path)
            Issue.record("a link out of __files should fail")
        } catch {
            guard case .bodyFileOutsideFilesFolder = error else { Issue.record("wrong error \(error)"); return }
        }
    }

    @Test("a missing mappings folder is a readable error")
    func missingFolder() {
        #expect(throws: MockLoadError.self) { try MockMappings.load(directory: "/nonexistent/Mocks") }
    }
}
