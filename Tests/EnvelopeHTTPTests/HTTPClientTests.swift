import EnvelopeHTTP
import Foundation
import Testing

/// A server that answers every request with the request itself: method, target and headers
/// as response headers, and the request body as the response body.
private func makeEchoServer() throws -> TestHTTPServer {
    try TestHTTPServer { request in
        CannedResponse(headers: [
            HTTPHeader(name: "X-Echo-Method", value: request.method),
            HTTPHeader(name: "X-Echo-Target", value: request.target),
        ], body: request.body)
    }
}

@Suite("HTTPClient against a loopback server")
struct HTTPClientTests {
    @Test func getReturnsStatusHeadersInOrderAndExactBodyBytes() throws {
        let payload: [UInt8] = [0x7B, 0x00, 0xFF, 0xC3, 0x28, 0x0A, 0x7D]
        let server = try TestHTTPServer { _ in
            CannedResponse(status: 201, reason: "Created", headers: [
                HTTPHeader(name: "Content-Type", value: "application/json; charset=utf-8"),
                HTTPHeader(name: "X-Custom-Thing", value: "  spaced value  "),
            ], body: payload)
        }
        defer { server.stop() }

        let url = server.baseURL + "/items?page=2"
        let response = try HTTPClient().send(HTTPRequest(url: url))

        #expect(response.status == 201)
        #expect(response.body == payload)
        #expect(response.header("content-type") == "application/json; charset=utf-8")
        #expect(response.header("CONTENT-TYPE") == "application/json; charset=utf-8")
        #expect(response.header("x-custom-thing") == "spaced value")
        #expect(response.header("Content-Length") == "7")
        #expect(response.header("X-Missing") == nil)
        #expect(response.headers.map(\.name) == ["Content-Type", "X-Custom-Thing", "Content-Length"])
        #expect(response.effectiveURL == url)
        #expect(response.timings.total > 0)
        #expect(response.timings.firstByte <= response.timings.total)
        #expect(response.timings.tls == 0)
    }

    @Test func methodTargetAndHeadersReachTheServer() throws {
        let server = try makeEchoServer()
        defer { server.stop() }

        let response = try HTTPClient().send(HTTPRequest(
            method: "DELETE",
            url: server.baseURL + "/items/7?x=1",
            headers: [
                HTTPHeader(name: "X-Trace", value: "abc-123"),
                HTTPHeader(name: "Accept", value: "application/json"),
                HTTPHeader(name: "X-Empty", value: ""),
            ]
        ))

        #expect(response.header("X-Echo-Method") == "DELETE")
        #expect(response.header("X-Echo-Target") == "/items/7?x=1")
        let seen = try #require(server.requests.last)
        #expect(seen.method == "DELETE")
        #expect(seen.header("X-Trace") == "abc-123")
        #expect(seen.headers.filter { $0.name.lowercased() == "accept" }.map(\.value) == ["application/json"])
        #expect(seen.header("X-Empty") == "")
        #expect(seen.header("User-Agent") == EnvelopeHTTPInfo.userAgent)
        #expect(seen.header("Accept-Encoding")?.isEmpty == false)
        #expect(seen.header("Host") == "127.0.0.1:\(server.port)")
    }

    @Test(arguments: ["POST", "PUT", "PATCH"])
    func requestBodyArrivesByteForByte(method: String) throws {
        let server = try makeEchoServer()
        defer { server.stop() }
        // Over 1 KiB with every byte value: large enough that libcurl would ask for
        // "Expect: 100-continue", which the client must suppress.
        let body = (0..<3000).map { UInt8(truncatingIfNeeded: $0 * 7) }

        let response = try HTTPClient().send(HTTPRequest(
            method: method, url: server.baseURL + "/upload",
            headers: [HTTPHeader(name: "Content-Type", value: "application/octet-stream")],
            body: body))

        let seen = try #require(server.requests.last)
        #expect(seen.method == method)
        #expect(seen.body == body)
        #expect(seen.header("Content-Length") == "3000")
        #expect(seen.header("Content-Type") == "application/octet-stream")
        // libcurl waits for a "100 Continue" (up to a second) only after sending this header;
        // this server never sends one, so the header's absence is what rules the wait out.
        #expect(seen.header("Expect") == nil)
        #expect(response.body == body)
    }

    @Test func emptyBodyIsSentWithContentLengthZero() throws {
        let server = try makeEchoServer()
        defer { server.stop() }

        let response = try HTTPClient().send(HTTPRequest(method: "POST", url: server.baseURL + "/ping", body: []))

        #expect(response.status == 200)
        let seen = try #require(server.requests.last)
        #expect(seen.method == "POST")
        #expect(seen.header("Content-Length") == "0")
    }

    @Test func headReturnsHeadersAndNoBody() throws {
        let server = try TestHTTPServer { _ in
            CannedResponse(headers: [HTTPHeader(name: "ETag", value: "\"v1\"")], body: Array("hello".utf8))
        }
        defer { server.stop() }

        let client = HTTPClient()
        // The server keeps the connection open and sends no body: a client that waited for the
        // 5 bytes Content-Length announces would end in a timeout error instead of an answer.
        let response = try client.send(HTTPRequest(method: "HEAD", url: server.baseURL + "/doc", timeout: 5))

        #expect(response.status == 200)
        #expect(response.body.isEmpty)
        #expect(response.header("content-length") == "5")
        #expect(response.header("etag") == "\"v1\"")
        // The connection is still in step: the next request on it gets its own answer.
        let next = try client.send(HTTPRequest(url: server.baseURL + "/doc", timeout: 5))
        #expect(next.body == Array("hello".utf8))
        #expect(server.requests.map(\.method) == ["HEAD", "GET"])
        #expect(server.acceptedConnections == 1)
    }

    @Test func twoRequestsOnOneClientReuseOneConnection() throws {
        let server = try makeEchoServer()
        defer { server.stop() }
        let client = HTTPClient()

        let first = try client.send(HTTPRequest(url: server.baseURL + "/one"))
        let second = try client.send(HTTPRequest(method: "POST", url: server.baseURL + "/two", body: Array("x".utf8)))

        #expect(first.header("X-Echo-Target") == "/one")
        #expect(second.header("X-Echo-Target") == "/two")
        #expect(second.body == Array("x".utf8))
        #expect(server.requests.count == 2)
        #expect(server.acceptedConnections == 1)
    }

    @Test func clientReconnectsAfterServerClosesConnection() throws {
        let server = try makeEchoServer()
        defer { server.stop() }
        let client = HTTPClient()

        _ = try client.send(HTTPRequest(url: server.baseURL + "/a", headers: [HTTPHeader(name: "Connection", value: "close")]))
        let second = try client.send(HTTPRequest(url: server.baseURL + "/b"))

        #expect(second.header("X-Echo-Target") == "/b")
        #expect(server.acceptedConnections == 2)
    }

    @Test func requestOptionsDoNotLeakIntoTheNextRequest() throws {
        let server = try makeEchoServer()
        defer { server.stop() }
        let client = HTTPClient()

        _ = try client.send(HTTPRequest(method: "PUT", url: server.baseURL + "/a",
                                        headers: [HTTPHeader(name: "X-Only-First", value: "1")], body: [1, 2, 3]))
        _ = try client.send(HTTPRequest(url: server.baseURL + "/b"))

        let seen = try #require(server.requests.last)
        #expect(seen.method == "GET")
        #expect(seen.body.isEmpty)
        #expect(seen.header("X-Only-First") == nil)
    }
}

@Suite("HTTPClient redirects")
struct HTTPClientRedirectTests {
    /// `/start` redirects to `/final`; `/loop` redirects to itself.
    private func makeRedirectServer() throws -> TestHTTPServer {
        try TestHTTPServer { request in
            switch request.target {
            case "/start":
                CannedResponse(status: 302, reason: "Found", headers: [
                    HTTPHeader(name: "Location", value: "/final"),
                    HTTPHeader(name: "X-Hop", value: "first"),
                ], body: Array("moved".utf8))
            case "/loop":
                CannedResponse(status: 302, reason: "Found", headers: [HTTPHeader(name: "Location", value: "/loop")])
            default:
                CannedResponse(headers: [HTTPHeader(name: "X-Final", value: "yes")], body: Array("done".utf8))
            }
        }
    }

    @Test func redirectsAreNotFollowedByDefault() throws {
        let server = try makeRedirectServer()
        defer { server.stop() }

        let response = try HTTPClient().send(HTTPRequest(url: server.baseURL + "/start"))

        #expect(response.status == 302)
        #expect(response.header("Location") == "/final")
        #expect(response.body == Array("moved".utf8))
        #expect(server.requests.count == 1)
    }

    @Test func followedRedirectKeepsOnlyTheFinalResponse() throws {
        let server = try makeRedirectServer()
        defer { server.stop() }

        let response = try HTTPClient().send(HTTPRequest(url: server.baseURL + "/start", followRedirects: true))

        #expect(response.status == 200)
        #expect(response.header("X-Final") == "yes")
        #expect(response.header("X-Hop") == nil)
        #expect(response.header("Location") == nil)
        #expect(response.body == Array("done".utf8))
        #expect(response.effectiveURL == server.baseURL + "/final")
    }

    @Test func redirectLoopStopsAtMaxRedirects() throws {
        let server = try makeRedirectServer()
        defer { server.stop() }

        let error = try #require(throws: TransportError.self) {
            try HTTPClient().send(HTTPRequest(url: server.baseURL + "/loop", followRedirects: true, maxRedirects: 2))
        }

        #expect(error.code == 47)
        #expect(error.name == "too-many-redirects")
        #expect(server.requests.count == 3)
    }
}
