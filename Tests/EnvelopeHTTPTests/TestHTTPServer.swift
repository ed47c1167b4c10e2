import EnvelopeHTTP
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A request as the test server saw it on the wire.
struct ReceivedRequest: Sendable {
    /// The method token, e.g. "GET".
    var method: String
    /// The request target, e.g. "/users?id=1".
    var target: String
    /// Header fields in the order received.
    var headers: [HTTPHeader]
    /// The body bytes (per Content-Length).
    var body: [UInt8]

    /// The first header called `name`, ignoring case.
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// What the test server answers.
struct CannedResponse: Sendable {
    /// Status code.
    var status: Int = 200
    /// Reason phrase.
    var reason: String = "OK"
    /// Header fields, written in this order before Content-Length.
    var headers: [HTTPHeader] = []
    /// Body; its length is sent as Content-Length (also for HEAD, whose body is not sent).
    var body: [UInt8] = []
}

/// A tiny HTTP/1.1 server on 127.0.0.1 for testing `HTTPClient`: one thread accepts, one
/// thread per connection reads request heads (and Content-Length bodies) and writes the
/// handler's canned answer. Connections stay open (keep-alive) unless the request says
/// `Connection: close`, so tests can see whether the client reused a connection.
/// The serving threads hold the server, so call `stop()` when done (tests use `defer`).
///
/// `@unchecked Sendable` is safe: the mutable state (`accepted`, `received`, `openConnections`,
/// `stopped`) is only touched while holding `lock`; everything else is immutable after init.
final class TestHTTPServer: @unchecked Sendable {
    /// The port the kernel chose.
    let port: UInt16
    /// `http://127.0.0.1:PORT` with no trailing slash.
    var baseURL: String { "http://127.0.0.1:\(port)" }

    private let listenFD: Int32
    private let handler: @Sendable (ReceivedRequest) -> CannedResponse
    private let lock = NSLock()
    private var accepted = 0
    private var received: [ReceivedRequest] = []
    private var openConnections: Set<Int32> = []
    private var stopped = false

    /// Starts listening and serving with `handler`.
    init(handler: @escaping @Sendable (ReceivedRequest) -> CannedResponse) throws {
        (listenFD, port) = try LoopbackSocket.listen()
        self.handler = handler
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// How many TCP connections the server has accepted so far.
    var acceptedConnections: Int { lock.withLock { accepted } }

    /// Every request received so far, in order.
    var requests: [ReceivedRequest] { lock.withLock { received } }

    /// Stops accepting and breaks open connections; their threads then exit. Idempotent.
    func stop() {
        lock.withLock {
            guard !stopped else { return }
            stopped = true
            // shutdown (not close) wakes the blocked accept/recv; each owner closes its own fd,
            // so a descriptor number is never closed twice or after being reused.
            shutdown(listenFD, Int32(SHUT_RDWR))
            for fd in openConnections { shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }

    private func acceptLoop() {
        defer { close(listenFD) }
        while true {
            let fd = accept(listenFD, nil, nil)
            if fd < 0 {
                if errno == EINTR { continue }
                return
            }
            let keep: Bool = lock.withLock {
                guard !stopped else { return false }
                accepted += 1
                openConnections.insert(fd)
                return true
            }
            guard keep else {
                close(fd)
                return
            }
            #if canImport(Darwin)
            var on: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
            #endif
            Thread { [self] in serve(fd) }.start()
        }
    }

    private func serve(_ fd: Int32) {
        defer {
            lock.withLock { _ = openConnections.remove(fd) }
            close(fd)
        }
        var buffer: [UInt8] = []
        while let request = readRequest(fd, buffer: &buffer) {
            lock.withLock { received.append(request) }
            let answer = handler(request)
            let closing = request.header("Connection")?.lowercased() == "close"
            var head = "HTTP/1.1 \(answer.status) \(answer.reason)\r\n"
            for field in answer.headers { head += "\(field.name): \(field.value)\r\n" }
            head += "Content-Length: \(answer.body.count)\r\n"
            if closing { head += "Connection: close\r\n" }
            head += "\r\n"
            var bytes = Array(head.utf8)
            if request.method != "HEAD" { bytes += answer.body }
            guard LoopbackSocket.writeAll(fd, bytes), !closing else { return }
        }
    }

    /// Reads one request (head plus Content-Length body); `nil` when the peer closed or the
    /// request is unreadable. Bytes after the request stay in `buffer` for the next one.
    private func readRequest(_ fd: Int32, buffer: inout [UInt8]) -> ReceivedRequest? {
        let terminator: [UInt8] = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while true {
            if let end = Self.find(terminator, in: buffer) {
                headEnd = end
                break
            }
            guard receive(fd, into: &buffer) else { return nil }
        }
        guard let headEnd else { return nil }
        let headText = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + terminator.count)
        var lines = headText.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count == 3 else { return nil }
        let headers = lines.compactMap { line -> HTTPHeader? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return HTTPHeader(name: String(line[..<colon]),
                              value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var request = ReceivedRequest(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: [])
        let length = request.header("Content-Length").flatMap { Int($0) } ?? 0
        while buffer.count < length {
            guard receive(fd, into: &buffer) else { return nil }
        }
        request.body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return request
    }

    /// Appends what recv delivers; false on end of stream or error.
    private func receive(_ fd: Int32, into buffer: inout [UInt8]) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            buffer += chunk[..<count]
            return true
        }
    }

    /// The offset of the first occurrence of `needle` in `haystack`.
    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return (0...(haystack.count - needle.count)).first { start in
            haystack[start..<(start + needle.count)].elementsEqual(needle)
        }
    }
}
