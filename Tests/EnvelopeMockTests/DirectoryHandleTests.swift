import Foundation
import Testing
@testable import EnvelopeMock

/// Files read relative to an open folder (`openat`), as check loads its contracts and mappings.
@Suite("Reading files relative to an open folder")
struct DirectoryHandleTests {
    @Test("files are read through the open folder, whatever its path has become, small and larger than the stack room")
    func readsThroughTheOpenFolder() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("envelope-dirhandle-\(UUID().uuidString)")
        let first = base.appendingPathComponent("first")
        let sub = first.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        let small = Array("{\"a\": 1}".utf8)
        let large = [UInt8](repeating: UInt8(ascii: "x"), count: (16 << 10) * 3 + 5)
        try Data(small).write(to: first.appendingPathComponent("small.json"))
        try Data(large).write(to: sub.appendingPathComponent("large.json"))
        let folder = try #require(DirectoryHandle(path: first.path))
        // Moved away: only reads through the open folder can still find the files.
        try FileManager.default.moveItem(at: first, to: base.appendingPathComponent("second"))
        #expect(FileBytes.contents(ofRegularFile: "small.json", in: folder) == small)
        #expect(FileBytes.contents(ofRegularFile: "sub/large.json", in: folder) == large)
        #expect(FileBytes.contents(ofRegularFile: first.appendingPathComponent("small.json").path) == nil)
        #expect(FileBytes.contents(ofRegularFile: "missing.json", in: folder) == nil)
        #expect(DirectoryHandle(path: first.path) == nil)
    }
}
