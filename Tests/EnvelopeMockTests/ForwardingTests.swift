import Dispatch
import EnvelopeMock
import Foundation
import Testing

/// A forwarder that answers from another thread, later than it was asked, in the reverse order
/// of the requests: `/slow` after `/fast` has been answered.
private struct DelayedForwarder: UpstreamForwarder {
    func forward(_ request: ForwardedRequest, completion: @escaping @Sendable (UpstreamResult) -> Void) {
        let path = request.request.path
        let delay: Double = path == "/slow" ? 0.2 : 0
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) {
            if path == "/fail" {
                completion(.failure(UpstreamFailure(name: "couldnt-connect", message: "서버에 연결할 수 없습니다")))
                return
            }
            let body = Array("\(request.request.method) \(request.request.url) from \(request.clientAddress)".utf8)
            completion(.response(UpstreamResponse(status: path.hasPrefix("/missing") ? 404 : 200, reason: path == "/fast" ? "Quick" : "",
                                                  headers: [MockHeader(name: "Connection", value: "close, X-Hop"), MockHeader(name: "X-Hop", value: "1"),
                                                            MockHeader(name: "Transfer-Encoding", value: "chunked"), MockHeader(name: "X-Kept", value: "yes")],
                                                  body: body)))
        }
    }
}

/// Collects the observer's exchanges.
private final class Exchanges: @unchecked Sendable {
    private let lock = NSLock()
    private var all: [ForwardedExchange] = []
    func add(_ exchange: ForwardedExchange) { lock.withLock { all.append(exchange) } }
    var paths: [String] { lock.withLock { all.map(\.request.path) } }
    func first(_ path: String) -> ForwardedExchange? { lock.withLock { all.first { $0.request.path == path } } }
}

@Suite("The mock server forwarding requests through its seam")
struct ForwardingTests {
    private func server(fallback: Bool = false, stubs mappings: MockMappings = MockMappings(), exchanges: Exchanges) throws -> MockServer {
        var options = MockServerOptions(journalCapacity: 0, adminEnabled: false)
        options.forwarding = Forwarding(forwarder: DelayedForwarder(), fallsBackToStubs: fallback) { exchanges.add($0) }
        return try startServer(mappings, options: options)
    }

    @Test("pipelined forwarded requests are answered in request order, each as the upstream sent it, hop-by-hop headers dropped")
    func pipelinedInOrder() throws {
        let exchanges = Exchanges()
        let server = try server(exchanges: exchanges)
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET /slow HTTP/1.1\r\nHost: a\r\n\r\nGET /fast?x=1 HTTP/1.1\r\nHost: a\r\n\r\n")
        let slow = try client.readResponse()
        let fast = try client.readResponse()
        #expect(slow.text == "GET /slow from 127.0.0.1")
        #expect(fast.text == "GET /fast?x=1 from 127.0.0.1")
        #expect(fast.headers.map(\.0) == ["X-Kept", "Content-Length"])
        #expect(fast.header("Content-Length") == String(fast.body.count))
        // The observer hears of each once its answer is on its way, the quick one first.
        while exchanges.paths.count < 2 { usleep(1000) }
        #expect(exchanges.paths == ["/fast", "/slow"])
        #expect(exchanges.first("/fast")?.delivered == true)
    }

    @Test("the reason phrase the upstream sent goes back as sent")
    func reasonPhrase() throws {
        let server = try server(exchanges: Exchanges())
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET /fast HTTP/1.1\r\nHost: a\r\n\r\n")
        _ = try client.readResponse()
        let raw = try RawClient(port: server.port)
        raw.send("GET /fast HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
        #expect(String(decoding: raw.readUntilClosed(), as: UTF8.self).hasPrefix("HTTP/1.1 200 Quick\r\n"))
    }

    @Test("no answer gives a 502 whose X-Envelope-Error is ASCII, the message in the body whatever its language")
    func gatewayError() throws {
        let exchanges = Exchanges()
        let server = try server(exchanges: exchanges)
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET /fail HTTP/1.1\r\nHost: a\r\n\r\n")
        let answer = try client.readResponse()
        #expect(answer.status == 502)
        #expect(answer.header("X-Envelope-Error") == "couldnt-connect")
        #expect(answer.text == "envelope proxy: no answer from the upstream (couldnt-connect): 서버에 연결할 수 없습니다\n")
        #expect(asciiHeaderValue("메뉴 stub") == "%EB%A9%94%EB%89%B4 stub")
    }

    @Test("with fallback on, a stub answers a request the upstream said 404 to; without a stub the 404 goes back")
    func fallback() throws {
        let exchanges = Exchanges()
        let mappings = try stubs(#"{"name": "메뉴", "request": {"urlPath": "/missing"}, "response": {"status": 200, "body": "from the stub"}}"#)
        let server = try server(fallback: true, stubs: mappings, exchanges: exchanges)
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET /missing HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try client.readResponse().text == "from the stub")
        client.send("GET /missing/2 HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try client.readResponse().status == 404)
        while exchanges.paths.count < 2 { usleep(1000) }
        guard case .stub(let name)? = exchanges.first("/missing")?.answeredBy else {
            Issue.record("the stub did not answer /missing")
            return
        }
        #expect(name == "메뉴")
    }
}
