import Foundation
import Testing
@testable import EnvelopeMock
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static var mocks: String { root.appendingPathComponent("Mocks").path }
    static func path(_ name: String) -> String { root.appendingPathComponent(name).path }

    /// Loads the main fixture mocks (fails the test on error).
    static func loadMocks() throws -> MockMappings {
        try load(directory: mocks)
    }

    /// Loads a Mocks folder as the CLI does, read here through Foundation: EnvelopeMock takes
    /// the bytes and reads no files itself.
    static func load(directory: String) throws(MockLoadError) -> MockMappings {
        let mappings = directory + "/mappings"
        let listed = FileManager.default.enumerator(atPath: mappings)?.compactMap { $0 as? String } ?? []
        var stubs: [StubMapping] = []
        for name in MockMappings.loadOrder(listed) {
            let file = mappings + "/" + name
            guard let bytes = FileManager.default.contents(atPath: file) else { continue }
            stubs += try MockMappings.parse([UInt8](bytes), file: file, bodyFiles: bodyFiles(directory + "/__files"))
        }
        return MockMappings(stubs: stubs)
    }

    /// The body files of the folder `folder`, read from disk.
    static func bodyFiles(_ folder: String) -> BodyFiles {
        BodyFiles(folder: folder, resolve: { path in
            guard let resolved = realpath(path, nil) else { return nil }
            defer { free(resolved) }
            return String(cString: resolved)
        }, read: { path in FileManager.default.contents(atPath: path).map { [UInt8]($0) } })
    }
}

/// Starts a server on a free port with the fixture mocks (or `mappings`). Two event loops by
/// default, whatever the machine, so the tests always cover loops running side by side.
func startServer(_ mappings: MockMappings? = nil, usePoll: Bool = false, workers: Int? = 2,
                 options: MockServerOptions = MockServerOptions(), idleTimeout: Double = 60) throws -> MockServer {
    var options = options
    options.port = 0
    options.workers = workers ?? options.workers
    options.drainTimeout = 5
    options.idleTimeout = idleTimeout
    if options.bodyFiles == nil { options.bodyFiles = Fixtures.bodyFiles(Fixtures.mocks + "/__files") }
    let server = MockServer(mappings: try mappings ?? Fixtures.loadMocks(), options: options, log: nil, usePoll: usePoll)
    try server.start()
    return server
}

/// Stubs parsed from one mapping file's JSON text (fails the test on a load error).
func stubs(_ json: String, filesDirectory: String = Fixtures.mocks + "/__files") throws -> MockMappings {
    MockMappings(stubs: try MockMappings.parse(Array(json.utf8), file: "test.json", bodyFiles: Fixtures.bodyFiles(filesDirectory)))
}

/// Runs a program and returns its exit status and standard output.
func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: [UInt8], error: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // Read before waiting so a large output cannot fill the pipe and block the child.
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, [UInt8](data), String(decoding: errorData, as: UTF8.self))
}

/// A parsed HTTP response as a test client sees it.
struct ClientResponse {
    var status: Int
    var headers: [(String, String)]
    var body: [UInt8]

    func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

enum ClientError: Error {
    case connectFailed(Int32)
    case closedEarly(received: Int)
    case malformed(String)
}

/// A blocking TCP client with a receive timeout, for raw HTTP exchanges.
final class RawClient {
    let fd: Int32
    private var buffer: [UInt8] = []

    init(port: UInt16, timeoutSeconds: Int = 10) throws {
        #if canImport(Darwin)
        fd = socket(AF_INET, SOCK_STREAM, 0)
        #else
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard fd >= 0 else { throw ClientError.connectFailed(errno) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            // Not closed here: every stored property is set, so throwing runs `deinit`,
            // which closes it. Closing it here as well closed the descriptor twice, the
            // second time after another test's thread had been given the same number: one
            // of the 200 connections of `manyConnections` then lost its socket at random
            // and waited out the read timeout (`closedEarly(received: 0)`, about 1 run in 30).
            throw ClientError.connectFailed(errno)
        }
    }

    deinit { close(fd) }

    func send(_ text: String) { send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { pointer in
                #if canImport(Darwin)
                Darwin.send(fd, pointer.baseAddress! + offset, bytes.count - offset, 0)
                #else
                Glibc.send(fd, pointer.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                #endif
            }
            if sent <= 0 { return }
            offset += sent
        }
    }

    func shutdownWrite() { _ = shutdown(fd, Int32(SHUT_WR)) }

    /// Reads more bytes; false at end of stream (or timeout/error).
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = recv(fd, &chunk, chunk.count, 0)
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    /// Reads one response. `head`: the request was HEAD (no body follows).
    func readResponse(head: Bool = false) throws -> ClientResponse {
        var headEnd: Int? = nil
        while headEnd == nil {
            if let range = findHeadEnd() { headEnd = range; break }
            guard fill() else { throw ClientError.closedEarly(received: buffer.count) }
        }
        let headText = String(decoding: buffer[0..<headEnd!], as: UTF8.self)
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst()
        let statusParts = statusLine.split(separator: " ", maxSplits: 2)
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw ClientError.malformed(statusLine) }
        var headers: [(String, String)] = []
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw ClientError.malformed(line) }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        let bodyStart = headEnd! + 4
        var length = 0
        if !head, let value = headers.first(where: { $0.0.lowercased() == "content-length" })?.1 {
            length = Int(value) ?? 0
        }
        while buffer.count < bodyStart + length {
            guard fill() else { throw ClientError.closedEarly(received: buffer.count) }
        }
        let body = Array(buffer[bodyStart..<(bodyStart + length)])
        buffer.removeFirst(bodyStart + length)
        return ClientResponse(status: status, headers: headers, body: body)
    }

    /// Whether the server closed the connection (reads until end of stream; no extra bytes).
    func readUntilClosed() -> [UInt8] {
        while fill() {}
        let rest = buffer
        buffer = []
        return rest
    }

    private func findHeadEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4)
        where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index
        }
        return nil
    }
}
