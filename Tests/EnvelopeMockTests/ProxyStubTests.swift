import Dispatch
import EnvelopeMock
import Foundation
import Synchronization
import Testing

/// A forwarder that keeps what it was asked and answers from another thread with the URL it
/// would have fetched and the headers it would have sent; `http://down` fails.
private final class RecordingForwarder: UpstreamForwarder {
    let asked = Mutex<[ForwardedRequest]>([])

    func forward(_ request: ForwardedRequest, completion: @escaping @Sendable (UpstreamResult) -> Void) {
        asked.withLock { $0.append(request) }
        let target = request.target
        DispatchQueue.global().async {
            guard let target else {
                completion(.response(UpstreamResponse(status: 200, headers: [], body: Array("the proxy's own upstream".utf8))))
                return
            }
            if target.baseURL.hasPrefix("http://down") {
                completion(.failure(UpstreamFailure(name: "couldnt-connect", message: "Failed to connect to down port 80")))
                return
            }
            let headers = target.editedHeaders(request.request.headers).map { "\($0.name)=\($0.value)" }.joined(separator: ";")
            completion(.response(UpstreamResponse(status: 201, reason: "Made", headers: [MockHeader(name: "Connection", value: "close"),
                                                                                         MockHeader(name: "X-Upstream", value: "yes")],
                                                  body: Array("\(target.upstreamURL(for: request.request.url)) \(headers)".utf8))))
        }
    }
}

@Suite("proxyBaseUrl stubs and --proxy-all in the mock server")
struct ProxyStubTests {
    static let mappings = #"""
        {"mappings": [
          {"name": "local", "request": {"urlPath": "/local"}, "response": {"status": 200, "body": "from the stub"}},
          {"name": "api", "request": {"urlPathPattern": "/api/.*"},
           "response": {"proxyBaseUrl": "http://upstream:9000/", "proxyUrlPrefixToRemove": "/api",
                        "additionalProxyRequestHeaders": {"X-Added": "1", "X-Replaced": "new"},
                        "removeProxyRequestHeaders": ["x-secret"]}},
          {"name": "down", "request": {"urlPath": "/down"}, "response": {"proxyBaseUrl": "http://down:1"}},
          {"name": "rest", "priority": 10, "request": {"urlPattern": "/other.*"}, "response": {"proxyBaseUrl": "http://rest"}}]}
        """#

    private func server(_ forwarder: RecordingForwarder?, unmatched: ProxyTarget? = nil) throws -> MockServer {
        var options = MockServerOptions(journalCapacity: 10)
        if let forwarder { options.forwarding = Forwarding(forwarder: forwarder, scope: .proxyStubs(unmatched: unmatched)) }
        return try startServer(try stubs(Self.mappings), options: options)
    }

    @Test("a proxy stub forwards with its prefix removed and its header edits; the upstream's answer goes back less hop-by-hop headers")
    func forwardsMatchedRequests() throws {
        let forwarder = RecordingForwarder()
        let server = try server(forwarder)
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET /api/pets?x=1 HTTP/1.1\r\nHost: a\r\nX-Secret: s\r\nX-Replaced: old\r\n\r\n")
        let answer = try client.readResponse()
        #expect(answer.status == 201)
        #expect(answer.text == "http://upstream:9000/pets?x=1 Host=a;X-Added=1;X-Replaced=new")
        #expect(answer.headers.map(\.0) == ["X-Upstream", "Content-Length"])
        client.send("GET /local HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try client.readResponse().text == "from the stub")
        client.send("GET /other/1 HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try client.readResponse().text == "http://rest/other/1 Host=a")
        #expect(forwarder.asked.withLock { $0.map(\.request.path) } == ["/api/pets", "/other/1"])
    }

    @Test("an upstream that fails gives a 502 naming the upstream and why")
    func failingUpstream() throws {
        let server = try server(RecordingForwarder())
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET /down HTTP/1.1\r\nHost: a\r\n\r\n")
        let answer = try client.readResponse()
        #expect(answer.status == 502)
        #expect(answer.text == "envelope serve: no answer from the upstream http://down:1 (couldnt-connect): Failed to connect to down port 80\n")
        #expect(answer.header("X-Envelope-Error") == "couldnt-connect")
    }

    @Test("with no forwarder (EnvelopeTesting's server) a proxy stub answers 502 saying it needs envelope serve")
    func noForwarder() throws {
        let server = try server(nil)
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET /api/pets HTTP/1.1\r\nHost: a\r\n\r\n")
        let answer = try client.readResponse()
        #expect(answer.status == 502)
        #expect(answer.text.contains("http://upstream:9000"))
        #expect(answer.text.contains("this server has no upstream client: proxyBaseUrl stubs need envelope serve"))
        client.send("GET /local HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try client.readResponse().text == "from the stub")
    }

    @Test("--proxy-all forwards what no stub answers; stubs and the admin API answer as before")
    func proxyAll() throws {
        let forwarder = RecordingForwarder()
        let server = try server(forwarder, unmatched: ProxyTarget(baseURL: "http://all"))
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("POST /nothing/here HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n")
        #expect(try client.readResponse().text == "http://all/nothing/here Host=a;Content-Length=0")
        client.send("GET /local HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try client.readResponse().text == "from the stub")
        client.send("GET /__admin/mappings HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try client.readResponse().status == 200)
        #expect(forwarder.asked.withLock { $0.count } == 1)
    }

    @Test("a proxy stub added through the admin API forwards too")
    func addedThroughAdmin() throws {
        let forwarder = RecordingForwarder()
        let server = try server(forwarder)
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        let stub = #"{"priority": 1, "request": {"urlPath": "/local"}, "response": {"proxyBaseUrl": "http://admin-added"}}"#
        client.send("POST /__admin/mappings HTTP/1.1\r\nHost: a\r\nContent-Length: \(stub.utf8.count)\r\n\r\n\(stub)")
        #expect(try client.readResponse().status == 201)
        client.send("GET /local HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try client.readResponse().text == "http://admin-added/local Host=a")
    }

    @Test("proxy keys are checked at load", arguments: [
        (#"{"request": {}, "response": {"proxyBaseUrl": "ftp://x.example"}}"#, "is not an http:// or https:// URL"),
        (#"{"request": {}, "response": {"removeProxyRequestHeaders": ["a"]}}"#, "it needs proxyBaseUrl beside it"),
        (#"{"request": {}, "response": {"proxyBaseUrl": "http://x.example", "removeProxyRequestHeaders": "a"}}"#, "an array of header names"),
    ])
    func loadErrors(json: String, expected: String) {
        #expect(mappingLoadMessage(json).contains(expected), "\(mappingLoadMessage(json))")
    }
}
