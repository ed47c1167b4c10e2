import Foundation
import Testing
@testable import envelope

@Suite("Reading files whole")
struct FileSystemTests {
    @Test("a file of the size it says is read exactly: empty, small, and larger than a read chunk")
    func regularFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("envelope-read-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for size in [0, 1, 600, 65_536, 200_003] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let file = folder.appendingPathComponent("f\(size)")
            try Data(bytes).write(to: file)
            #expect(try FileSystem.read(file.path) == bytes, "\(size) bytes")
        }
    }

    @Test("a folder's json files are listed by byte order, hidden ones and other names left out, links and folders named like one kept")
    func jsonFilesOfAFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("envelope-list-\(UUID().uuidString)")
        let elsewhere = folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["a.json", "B.json", "é.json", ".hidden.json", "notes.txt", "x.json.bak", ".json", "elsewhere/deep.json"] {
            try Data("{}".utf8).write(to: folder.appendingPathComponent(name))
        }
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("link.json"), withDestinationURL: folder.appendingPathComponent("a.json"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("folder.json"), withIntermediateDirectories: true)
        #expect(try FileSystem.jsonFiles(in: folder.path) == ["B.json", "a.json", "folder.json", "link.json", "é.json"])
        let missing = folder.appendingPathComponent("missing").path
        #expect(throws: FileSystem.Failure(description: "no such folder: \(missing)")) { try FileSystem.jsonFiles(in: missing) }
    }

    @Test("everything below a folder is listed by byte order of the relative paths, links listed but not followed into")
    func entriesBelowAFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("envelope-below-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub/deeper"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["b", "A", ".hidden", "sub/x", "sub/deeper/y"] {
            try Data("{}".utf8).write(to: folder.appendingPathComponent(name))
        }
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("link"), withDestinationURL: folder.appendingPathComponent("sub"))
        #expect(try FileSystem.entries(below: folder.path) == [".hidden", "A", "b", "link", "sub", "sub/deeper", "sub/deeper/y", "sub/x"])
        #expect(FileSystem.isFolder(folder.appendingPathComponent("link").path))
        #expect(!FileSystem.isFile(folder.appendingPathComponent("link").path))
        #expect(FileSystem.isFile(folder.appendingPathComponent("b").path))
        let missing = folder.appendingPathComponent("missing").path
        #expect(throws: FileSystem.Failure(description: "no such folder: \(missing)")) { try FileSystem.entries(below: missing) }
    }

    @Test("a missing file and a folder are failures that say so")
    func readFailures() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("envelope-fail-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("missing.json").path
        #expect(throws: FileSystem.Failure(description: "no such file: \(missing)")) { try FileSystem.read(missing) }
        #expect(throws: FileSystem.Failure(description: "\(folder.path) is a folder, not a file")) { try FileSystem.read(folder.path) }
    }

    #if os(Linux)
    @Test("a file that says it is empty but is not (a /proc file) is read to its end")
    func sizelessFiles() throws {
        let text = String(decoding: try FileSystem.read("/proc/self/status"), as: UTF8.self)
        #expect(text.hasPrefix("Name:"))
        #expect(text.contains("\nPid:"))
        #expect(text.hasSuffix("\n"))
    }
    #endif
}
