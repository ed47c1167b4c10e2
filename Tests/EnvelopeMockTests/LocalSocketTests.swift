import Foundation
import Testing
@testable import EnvelopeMock
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The mock server's optional Unix socket, which `envelope check` uses to skip loopback TCP.
@Suite("Mock server on a Unix socket")
struct LocalSocketTests {
    @Test("curl through the socket gets the same answer as over TCP, from both event loops", arguments: [false, true])
    func curlThroughSocket(usePoll: Bool) throws {
        let server = try startServer(usePoll: usePoll, options: MockServerOptions(listensOnLocalSocket: true))
        defer { server.stop() }
        let path = try #require(server.localSocketPath)
        let url = server.baseURL + "/COMM/A202100004"
        let overTCP = try run("/usr/bin/curl", ["-s", "-i", "--max-time", "10", url])
        // Several requests on one connection, then several connections: each loop accepts.
        for _ in 0..<3 {
            let local = try run("/usr/bin/curl", ["-s", "-i", "--max-time", "10", "--unix-socket", path, url, url])
            #expect(local.status == 0, "\(local.error)")
            #expect(local.output == overTCP.output + overTCP.output)
        }
        #expect(server.journalEntries.count == 7)
    }

    @Test("the socket sits alone in a folder only its user can open, and stop removes both")
    func socketIsPrivateAndRemoved() throws {
        let server = try startServer(options: MockServerOptions(listensOnLocalSocket: true))
        let path = try #require(server.localSocketPath)
        let folder = (path as NSString).deletingLastPathComponent
        var status = stat()
        #expect(lstat(path, &status) == 0)
        #expect(status.st_mode & S_IFMT == S_IFSOCK)
        #expect(stat(folder, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["http.sock"])
        server.stop()
        #expect(server.localSocketPath == nil)
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test("without the option there is no socket")
    func noSocketUnlessAsked() throws {
        let server = try startServer()
        defer { server.stop() }
        #expect(server.localSocketPath == nil)
    }

    @Test("a temporary folder too long for a socket address gives no socket and leaves nothing behind")
    func longTemporaryFolderGivesNoSocket() throws {
        let long = FileManager.default.temporaryDirectory.appendingPathComponent(String(repeating: "d", count: 120))
        try FileManager.default.createDirectory(at: long, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: long) }
        #expect(MockServer.makeLocalSocket(in: long.path) == nil)
        // The private folder was made and, as the socket could not be bound, removed again.
        #expect(try FileManager.default.contentsOfDirectory(atPath: long.path) == [])
        // A short folder works.
        let made = try #require(MockServer.makeLocalSocket(in: FileManager.default.temporaryDirectory.path))
        _ = close(made.0)
        MockServer.removeLocalSocket(at: made.1)
        #expect(!FileManager.default.fileExists(atPath: made.1))
    }
}
