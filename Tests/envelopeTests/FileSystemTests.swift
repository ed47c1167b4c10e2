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
