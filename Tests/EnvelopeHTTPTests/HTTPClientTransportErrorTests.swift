import EnvelopeHTTP
import Foundation
import Testing

@Suite("HTTPClient transport errors")
struct HTTPClientTransportErrorTests {
    @Test func refusedConnectionIsCurlError7WithReadableText() throws {
        let port = try LoopbackSocket.closedPort()
        let url = "http://127.0.0.1:\(port)/x"

        let error = try #require(throws: TransportError.self) {
            try HTTPClient().send(HTTPRequest(url: url, connectTimeout: 5, timeout: 5))
        }

        #expect(error.code == 7)
        #expect(error.name == "couldnt-connect")
        #expect(error.url == url)
        #expect(error.description.hasPrefix("could not connect to \(url): "))
        #expect(error.description.contains("(curl error 7, couldnt-connect)"))
        #expect(error.description.contains("Connection refused"))
        #expect(error.description.contains("Is the server running"))
        #expect(!error.message.isEmpty)
    }

    @Test func silentServerEndsInCurlError28AfterTheTimeout() throws {
        // Listening but never accepting: the kernel completes the handshake, nobody answers.
        let (fd, port) = try LoopbackSocket.listen()
        defer { close(fd) }

        let started = ContinuousClock.now
        let error = try #require(throws: TransportError.self) {
            try HTTPClient().send(HTTPRequest(url: "http://127.0.0.1:\(port)/slow", timeout: 0.3))
        }
        let elapsed = ContinuousClock.now - started

        // The timeout is what ended it (not an early failure of another kind)...
        #expect(error.code == 28)
        #expect(error.name == "operation-timedout")
        #expect(error.description.hasPrefix("timed out requesting http://127.0.0.1:\(port)/slow: "))
        // ...and it was not given up before the configured time.
        #expect(elapsed >= .milliseconds(250))
    }

    @Test func unresolvableHostIsCurlError6() throws {
        let error = try #require(throws: TransportError.self) {
            try HTTPClient().send(HTTPRequest(url: "http://nonexistent.invalid/", connectTimeout: 5, timeout: 10))
        }

        #expect(error.code == 6)
        #expect(error.name == "couldnt-resolve-host")
        #expect(error.description.contains("nonexistent.invalid"))
    }

    @Test func serverThatHangsUpWithoutAnsweringIsGotNothing() throws {
        let server = try RawReplyServer(reply: [])
        defer { server.stop() }

        let error = try #require(throws: TransportError.self) {
            try HTTPClient().send(HTTPRequest(url: "http://127.0.0.1:\(server.port)/", timeout: 5))
        }

        #expect(error.code == 52)
        #expect(error.name == "got-nothing")
        #expect(error.description.hasPrefix("got an empty reply from http://127.0.0.1:\(server.port)/"))
    }

    @Test func nonHTTPReplyIsExplainedAsNotHTTP() throws {
        let server = try RawReplyServer(reply: Array("SSH-2.0-OpenSSH_9.2\r\n\r\n".utf8))
        defer { server.stop() }

        let error = try #require(throws: TransportError.self) {
            try HTTPClient().send(HTTPRequest(url: "http://127.0.0.1:\(server.port)/", timeout: 5))
        }

        // libcurl files "no HTTP status line" under code 1 (HTTP/0.9 refused) or 8.
        #expect(error.code == 1 || error.code == 8)
        #expect(error.description.hasPrefix("got a reply that is not valid HTTP from http://127.0.0.1:\(server.port)/"))
    }

    @Test func nonHTTPSchemesAreRefusedByLibcurl() throws {
        let error = try #require(throws: TransportError.self) {
            try HTTPClient().send(HTTPRequest(url: "file:///etc/hostname"))
        }

        #expect(error.code == 1)
        #expect(error.name == "unsupported-protocol")
    }

    @Test func headerValueWithLineBreakIsRefusedBeforeSending() throws {
        let server = try TestHTTPServer { _ in CannedResponse() }
        defer { server.stop() }

        let error = try #require(throws: TransportError.self) {
            try HTTPClient().send(HTTPRequest(url: server.baseURL + "/",
                                              headers: [HTTPHeader(name: "X-Bad", value: "a\r\nX-Injected: 1")]))
        }

        #expect(error.code == nil)
        #expect(error.name == "invalid-request")
        #expect(error.description.contains("X-Bad"))
        #expect(server.requests.isEmpty)
    }

    @Test func clientStillWorksAfterAFailedRequest() throws {
        let server = try TestHTTPServer { _ in CannedResponse(body: Array("ok".utf8)) }
        defer { server.stop() }
        let client = HTTPClient()
        let port = try LoopbackSocket.closedPort()

        #expect(throws: TransportError.self) { try client.send(HTTPRequest(url: "http://127.0.0.1:\(port)/")) }
        let response = try client.send(HTTPRequest(url: server.baseURL + "/"))

        #expect(response.body == Array("ok".utf8))
    }

    @Test func unmappedCurlCodesGetAFallbackName() {
        let error = TransportError.curl(code: 999, summary: "Unknown error", detail: "", url: "http://127.0.0.1/")

        #expect(error.name == "curl-error-999")
        #expect(error.description == "request to http://127.0.0.1/: Unknown error (curl error 999, curl-error-999).")
    }
}
