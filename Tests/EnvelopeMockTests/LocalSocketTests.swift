import Foundation
import Testing
import EnvelopeCore
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

    @Test("a socket per loop: one for each loop, each answering, each loop on its core, all removed at stop")
    func socketPerLoop() throws {
        let core = try #require(ThreadAffinity.allowedCores().last)
        let before = try threads()
        let server = try startServer(options: MockServerOptions(listensOnLocalSocket: true, localSocketPerLoop: true, loopCores: [core]))
        let paths = server.localSocketPaths
        #expect(paths.count == 2)
        #expect(Set(paths).count == 2)
        #expect(server.localSocketPath == paths.first)
        let url = server.baseURL + "/COMM/A202100004"
        let overTCP = try run("/usr/bin/curl", ["-s", "-i", "--max-time", "10", url])
        for path in paths {
            let local = try run("/usr/bin/curl", ["-s", "-i", "--max-time", "10", "--unix-socket", path, url])
            #expect(local.status == 0, "\(local.error)")
            #expect(local.output == overTCP.output)
        }
        // The loops' two threads, started with the server, run on the core they were given.
        let started = try threads().subtracting(before)
        let onCore = try started.filter { try allowedCores(ofThread: $0) == "\(core)" }
        #expect(onCore.count >= 2)
        server.stop()
        #expect(server.localSocketPaths.isEmpty)
        for path in paths {
            #expect(!FileManager.default.fileExists(atPath: path))
            #expect(!FileManager.default.fileExists(atPath: (path as NSString).deletingLastPathComponent))
        }
    }

    @Test("loops driven by their caller: no thread answers their sockets until the caller turns them; TCP has its own loop")
    func drivenLoops() throws {
        let server = try startServer(options: MockServerOptions(listensOnLocalSocket: true, localSocketPerLoop: true, loopsDrivenByCaller: true))
        let drivers = server.loopDrivers
        let paths = server.localSocketPaths
        #expect(drivers.count == 2)
        #expect(drivers.map(\.localSocketPath) == paths)
        let url = server.baseURL + "/COMM/A202100004"
        // TCP is served on a thread of its own, with no one turning a loop.
        let overTCP = try run("/usr/bin/curl", ["-s", "-i", "--max-time", "10", url])
        #expect(overTCP.status == 0)
        let request = Array("GET /COMM/A202100004 HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8)
        for driver in drivers {
            let client = try connectLocal(to: driver.localSocketPath)
            defer { _ = close(client) }
            #expect(send(client, request, request.count, 0) == request.count)
            // Nothing answers while the loop is not turned...
            var waiting = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            #expect(poll(&waiting, 1, 200) == 0)
            // ...and the turns answer it, on this thread.
            var answer: [UInt8] = []
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline, answer.count < overTCP.output.count {
                var ready = pollfd(fd: driver.readinessDescriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&ready, 1, 10)
                _ = driver.runReady()
                var buffer = [UInt8](repeating: 0, count: 65_536)
                let count = recv(client, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                if count > 0 { answer += buffer[..<count] }
            }
            #expect(answer == overTCP.output)
        }
        server.stop()
        // Ended: further turns do nothing, and the sockets are gone.
        #expect(drivers.allSatisfy { $0.runReady().didWork == false && $0.runReady().nextDeadline == nil })
        for path in paths { #expect(!FileManager.default.fileExists(atPath: path)) }
    }

    /// A blocking connection to the Unix socket at `path`.
    private func connectLocal(to path: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in path.utf8.prefix(bytes.count - 1).enumerated() { bytes[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(connected == 0)
        return fd
    }

    /// The ids of this process's threads.
    private func threads() throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task"))
    }

    /// The cores thread `id` may run on, as Linux lists them ("0-1", "1").
    private func allowedCores(ofThread id: String) throws -> String? {
        let status = try String(contentsOfFile: "/proc/self/task/\(id)/status", encoding: .utf8)
        return status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") }?.split(separator: "\t").last.map(String.init)
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
        #expect(MockServer.makeLocalSockets(count: 1, in: long.path) == nil)
        // The private folder was made and, as the socket could not be bound, removed again.
        #expect(try FileManager.default.contentsOfDirectory(atPath: long.path) == [])
        // A short folder works.
        let made = try #require(MockServer.makeLocalSockets(count: 1, in: FileManager.default.temporaryDirectory.path)?.first)
        _ = close(made.fd)
        MockServer.removeLocalSockets(at: [made.path])
        #expect(!FileManager.default.fileExists(atPath: made.path))
    }

    @Test("a loop's sockets share one private folder, which is gone with them; when one cannot be made, none is left")
    func socketsShareOneFolder() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("envelope-sockets-\(getpid())")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        let made = try #require(MockServer.makeLocalSockets(count: 3, in: base.path))
        #expect(made.count == 3)
        let folders = Set(made.map { ($0.path as NSString).deletingLastPathComponent })
        #expect(folders.count == 1)
        let folder = try #require(folders.first)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["http-1.sock", "http-2.sock", "http-3.sock"])
        // Only its owner may enter the folder.
        let permissions = try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int
        #expect(permissions == 0o700)
        for socket in made { _ = close(socket.fd) }
        MockServer.removeLocalSockets(at: made.map(\.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: base.path) == [])

        // A name that fits for one socket's file but not another's: nothing is left behind.
        // (A socket address holds 107 bytes of path: http-1 to http-9 fit, http-10 does not.)
        let room = 107 - base.path.utf8.count - "/".utf8.count - "/envelope-mock-XXXXXX/http-1.sock".utf8.count
        try #require(room > 0, "the temporary directory's path is too long for this test")
        let deep = base.appendingPathComponent(String(repeating: "e", count: room))
        try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
        #expect(MockServer.makeLocalSockets(count: 10, in: deep.path) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: deep.path) == [])
    }
}
