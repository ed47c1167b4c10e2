import EnvelopeMock
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
            // The same bytes when a listing said the file is regular (read without a stat,
            // into room on the stack, or the usual way when it fills that room).
            #expect(try FileSystem.read(file.path, knownRegular: true) == bytes, "\(size) bytes, known regular")
        }
    }

    @Test("a folder's json files are listed by byte order, hidden ones and other names left out, links and folders named like one kept; regular files are marked")
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
        let entries = try FileSystem.jsonFileEntries(in: folder.path)
        #expect(entries.map(\.path) == ["B.json", "a.json", "folder.json", "link.json", "é.json"])
        #expect(entries.map(\.isRegularFile) == [true, true, false, false, true])
        #expect(try FileSystem.jsonFiles(in: folder.path) == entries.map(\.path))
        #expect(throws: FileSystem.Failure.self) { try FileSystem.jsonFiles(in: folder.appendingPathComponent("missing").path) }
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
