import EnvelopeMock
import Foundation
import Testing
@testable import envelope

/// The CLI reading a Mocks folder for the mock's loader: which files, in what order, and the
/// errors that name them.
@Suite("Reading a Mocks folder")
struct MockFolderTests {
    @Test("many files (loaded on several cores) keep their names' order; of several bad files the first by name is reported")
    func manyFilesKeepOrderAndTheFirstErrorWins() throws {
        let (directory, mappings) = try Self.makeMocksFolder("many")
        defer { try? FileManager.default.removeItem(at: directory) }
        func write(_ number: Int, _ text: String) throws {
            try Data(text.utf8).write(to: mappings.appendingPathComponent(String(format: "m%03d.json", number)))
        }
        // Written in reverse, so that the order on disk is not the order by name.
        for number in (0..<100).reversed() {
            try write(number, #"{"id": "stub-\#(number)", "request": {"urlPath": "/\#(number)"}, "response": {"status": 200}}"#)
        }
        let loaded = try MockMappings.load(directory: directory.path)
        #expect(loaded.stubs.map(\.id) == (0..<100).map { "stub-\($0)" })

        try write(81, #"{"request": {}, "response": {"status": "x"}}"#)
        try write(37, #"{"request": {}, "response": {"status": 200}, "oops": 1}"#)
        do {
            _ = try MockMappings.load(directory: directory.path)
            Issue.record("loading should fail")
        } catch {
            #expect(error.file.hasSuffix("/mappings/m037.json"), "\(error.description)")
        }
    }

    @Test("mapping files are found through links and subfolders; a folder named like a mapping, a link to one, a hidden file or another name is not a mapping")
    func filesFoldersAndLinks() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("envelope-kinds-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let mappings = directory.appendingPathComponent("mappings")
        let elsewhere = directory.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: mappings.appendingPathComponent("folder.json"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        func stub(_ id: String) -> Data { Data(#"{"id": "\#(id)", "request": {"urlPath": "/\#(id)"}, "response": {"status": 200}}"#.utf8) }
        try stub("plain").write(to: mappings.appendingPathComponent("a.json"))
        try stub("linked").write(to: elsewhere.appendingPathComponent("target.json"))
        try FileManager.default.createSymbolicLink(at: mappings.appendingPathComponent("b.json"), withDestinationURL: elsewhere.appendingPathComponent("target.json"))
        try stub("nested").write(to: mappings.appendingPathComponent("folder.json/c.json"))
        try FileManager.default.createSymbolicLink(at: mappings.appendingPathComponent("d.json"), withDestinationURL: elsewhere)
        // Hidden files (at any depth) and other names are not mappings.
        for name in [".hidden.json", "folder.json/.x.json", "notes.txt", "e.json.bak", "json"] {
            try stub("ignored").write(to: mappings.appendingPathComponent(name))
        }
        let loaded = try MockMappings.load(directory: directory.path)
        #expect(loaded.stubs.map(\.id) == ["plain", "linked", "nested"])
        #expect(try MockFolder(directory: directory.path + "/").names == ["a.json", "b.json", "folder.json/c.json"])
    }

    @Test("an empty mapping file is an error that names it; a missing mappings folder is an error that says what was expected")
    func emptyFileAndMissingFolder() throws {
        let (directory, mappings) = try Self.makeMocksFolder("empty")
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data().write(to: mappings.appendingPathComponent("z-empty.json"))
        do {
            _ = try MockMappings.load(directory: directory.path)
            Issue.record("loading should fail")
        } catch {
            #expect(error.file == mappings.path + "/z-empty.json")
        }
        do {
            _ = try MockMappings.load(directory: "/nonexistent/Mocks")
            Issue.record("loading should fail")
        } catch {
            #expect(error.description == "/nonexistent/Mocks/mappings/: cannot read the mocks folder (no such folder); expected /nonexistent/Mocks/mappings/ with mapping files *.json")
        }
    }

    @Test("body files are read from __files; a symbolic link out of it is refused, a missing file named where it was looked for")
    func bodyFiles() throws {
        let (directory, mappings) = try Self.makeMocksFolder("bodies")
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = directory.appendingPathComponent("__files")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: directory.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(at: files.appendingPathComponent("link.txt"), withDestinationURL: directory.appendingPathComponent("secret.txt"))
        try Data("fine".utf8).write(to: files.appendingPathComponent("ok.txt"))
        func load(_ name: String) throws -> MockMappings {
            try Data(#"{"request": {"urlPath": "/x"}, "response": {"bodyFileName": "\#(name)"}}"#.utf8).write(to: mappings.appendingPathComponent("m.json"))
            return try MockMappings.load(directory: directory.path)
        }
        #expect(try load("ok.txt").stubs.first?.response.body == Array("fine".utf8))
        do {
            _ = try load("link.txt")
            Issue.record("a link out of __files should fail")
        } catch {
            guard case .bodyFileOutsideFilesFolder(_, _, _, let reason) = error as? MockLoadError else { Issue.record("wrong error \(error)"); return }
            #expect(reason.hasPrefix("resolves through a symbolic link to "), "\(reason)")
        }
        do {
            _ = try load("missing.txt")
            Issue.record("a missing file should fail")
        } catch {
            #expect("\(error)".hasSuffix("bodyFileName 'missing.txt' not found (looked for \(files.path)/missing.txt); add the file under __files/ or fix the name"))
        }
    }

    /// A fresh Mocks folder with an empty `mappings` folder in it (the caller removes it).
    static func makeMocksFolder(_ label: String) throws -> (directory: URL, mappings: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("envelope-\(label)-\(UUID().uuidString)")
        let mappings = directory.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        return (directory, mappings)
    }
}
