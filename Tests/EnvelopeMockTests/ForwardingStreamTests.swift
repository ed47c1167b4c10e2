import Dispatch
import EnvelopeMock
import Foundation
import Synchronization
import Testing

/// A forwarder that hands the first piece of its answer over at once and the rest only when
/// the test says so (`release`), so a test can see the client get the start of an answer
/// whose upstream has not finished. By path: `/length` sends `Content-Length`, `/open` does
/// not, `/cut` fails after the first piece, `/missing` is a 404.
private struct PiecewiseForwarder: UpstreamForwarder {
    static let first = Array(repeating: UInt8(ascii: "a"), count: 300_000)
    static let rest = Array(repeating: UInt8(ascii: "b"), count: 200_000)
    let release: DispatchSemaphore

    func forward(_ request: ForwardedRequest, completion: @escaping @Sendable (UpstreamResult) -> Void) {
        Issue.record("the server asked for the whole answer instead of pieces")
    }

    func forward(_ request: ForwardedRequest, streaming: @escaping @Sendable (UpstreamPiece) -> Void,
                 completion: @escaping @Sendable (UpstreamResult) -> Void) {
        let path = request.request.path
        let release = release
        DispatchQueue.global().async {
            var headers = [MockHeader(name: "Content-Type", value: "text/plain"), MockHeader(name: "Transfer-Encoding", value: "chunked")]
            if path == "/length" || path == "/cut" {
                headers = [MockHeader(name: "Content-Type", value: "text/plain"),
                           MockHeader(name: "Content-Length", value: String(Self.first.count + Self.rest.count))]
            }
            let status = path == "/missing" ? 404 : 200
            streaming(UpstreamPiece(head: UpstreamResponse(status: status, headers: headers, body: []), bytes: Self.first))
            release.wait()
            if path == "/cut" {
                completion(.failure(UpstreamFailure(name: "recv-error", message: "the upstream reset the connection")))
                return
            }
            completion(.response(UpstreamResponse(status: status, headers: headers, body: Self.first + Self.rest)))
        }
    }
}

@Suite("The mock server sending a forwarded answer while it arrives")
struct ForwardingStreamTests {
    private func server(release: DispatchSemaphore, fallback: Bool = false, stubs mappings: MockMappings = MockMappings(),
                        observed: (@Sendable (ForwardedExchange) -> Void)? = nil) throws -> MockServer {
        var options = MockServerOptions(journalCapacity: 0, adminEnabled: false)
        options.forwarding = Forwarding(forwarder: PiecewiseForwarder(release: release), fallsBackToStubs: fallback, observer: observed)
        return try startServer(mappings, options: options)
    }

    @Test("the first piece reaches the client before the upstream has finished, framed by the upstream's Content-Length")
    func withLength() throws {
        let release = DispatchSemaphore(value: 0)
        let server = try server(release: release)
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET /length HTTP/1.1\r\nHost: a\r\n\r\n")
        // Everything of the first piece arrives while the forwarder still holds the rest.
        let start = receive(client) { bytes in headEnd(bytes).map { bytes.count - $0 >= PiecewiseForwarder.first.count } ?? false }
        let end = try #require(headEnd(start))
        let head = String(decoding: start[..<end], as: UTF8.self)
        #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(head.contains("Content-Length: 500000\r\n"))
        #expect(!head.contains("Transfer-Encoding"))
        release.signal()
        let all = start + receive(client) { $0.count + start.count - end >= 500_000 }
        #expect(Array(all[end...]) == PiecewiseForwarder.first + PiecewiseForwarder.rest)
        // The connection stays open for the next request.
        client.send("GET /length HTTP/1.1\r\nHost: a\r\n\r\n")
        release.signal()
        #expect(try client.readResponse().body.count == 500_000)
    }

    @Test("an answer without a length goes chunked to an HTTP/1.1 client, and until the connection closes to an HTTP/1.0 one")
    func withoutLength() throws {
        let release = DispatchSemaphore(value: 0)
        let server = try server(release: release)
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET /open HTTP/1.1\r\nHost: a\r\n\r\n")
        let start = receive(client) { bytes in headEnd(bytes).map { bytes.count - $0 >= PiecewiseForwarder.first.count } ?? false }
        let end = try #require(headEnd(start))
        let head = String(decoding: start[..<end], as: UTF8.self)
        #expect(head.contains("Transfer-Encoding: chunked\r\n"))
        #expect(!head.contains("Content-Length"))
        release.signal()
        let terminator = Array("\r\n0\r\n\r\n".utf8)
        let all = start + receive(client) { (start + $0).suffix(terminator.count).elementsEqual(terminator) }
        let chunks = Array(all[end...])
        let expected = Array("493e0\r\n".utf8) + PiecewiseForwarder.first + Array("\r\n30d40\r\n".utf8) + PiecewiseForwarder.rest + terminator
        #expect(chunks == expected)

        let old = try RawClient(port: server.port)
        old.send("GET /open HTTP/1.0\r\nHost: a\r\nConnection: keep-alive\r\n\r\n")
        release.signal()
        let whole = old.readUntilClosed()
        let oldEnd = try #require(headEnd(whole))
        #expect(String(decoding: whole[..<oldEnd], as: UTF8.self).contains("Connection: close\r\n"))
        #expect(Array(whole[oldEnd...]) == PiecewiseForwarder.first + PiecewiseForwarder.rest)
    }

    @Test("an upstream that fails after the first piece cuts the client's connection, and the observer hears of the failure")
    func failsMidway() throws {
        let release = DispatchSemaphore(value: 0)
        let seen = DispatchSemaphore(value: 0)
        let gateway = Mutex(false)
        let server = try server(release: release) { exchange in
            if case .gateway = exchange.answeredBy, exchange.answer.status == 502 { gateway.withLock { $0 = true } }
            seen.signal()
        }
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET /cut HTTP/1.1\r\nHost: a\r\n\r\n")
        let start = receive(client) { bytes in headEnd(bytes).map { bytes.count - $0 >= PiecewiseForwarder.first.count } ?? false }
        release.signal()
        let all = start + client.readUntilClosed()
        let end = try #require(headEnd(all))
        #expect(all.count - end == PiecewiseForwarder.first.count, "nothing after what the upstream sent")
        seen.wait()
        #expect(gateway.withLock { $0 })
    }

    @Test("with fallback on, a 404 is not streamed: the stub answers it whole")
    func fallbackNotStreamed() throws {
        let release = DispatchSemaphore(value: 0)
        let mappings = try stubs(#"{"request": {"urlPath": "/missing"}, "response": {"status": 200, "body": "from the stub"}}"#)
        let server = try server(release: release, fallback: true, stubs: mappings)
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET /missing HTTP/1.1\r\nHost: a\r\n\r\n")
        release.signal()
        #expect(try client.readResponse().text == "from the stub")
    }
}
