import Dispatch
import Foundation
import Testing
@testable import EnvelopeMock

/// The limits that keep the server standing: body size, slow heads, many connections.
@Suite("HTTP limits")
struct HTTPLimitsTests {
    @Test("a body over the configured size gets 413 (curl, Content-Length and chunked)")
    func bodyTooLarge() throws {
        var options = MockServerOptions()
        options.maxBodyBytes = 1_000
        let server = try startServer(options: options)
        defer { server.stop() }
        let big = String(repeating: "x", count: 1_001)
        for extra in [[String](), ["-H", "Transfer-Encoding: chunked"]] {
            let result = try run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "10"] + extra
                                    + ["--data-binary", big, server.baseURL + "/items/1"])
            #expect(String(decoding: result.output, as: UTF8.self) == "413", "\(extra)")
        }
        // At the limit it is fine (the stub then answers by its own rules).
        let fits = try run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "10", "-H", "Content-Type: application/json",
                                             "--data-binary", String(big.dropLast()), server.baseURL + "/items/1"])
        #expect(String(decoding: fits.output, as: UTF8.self) == "201")
    }

    @Test("a client that sends its head too slowly gets 408 and the connection closes")
    func slowHead() throws {
        var options = MockServerOptions()
        options.headTimeout = 0.3
        let server = try startServer(options: options)
        defer { server.stop() }
        let slow = try RawClient(port: server.port)
        slow.send("GET /pages HTTP/1.1\r\n")
        Thread.sleep(forTimeInterval: 0.1)
        slow.send("Host: x\r\n")  // still trickling, never finishing
        let response = try slow.readResponse()
        #expect(response.status == 408)
        #expect(response.header("Connection") == "close")
        #expect(slow.bytesUntilServerCloses() == [])
        // A keep-alive connection that sits idle between requests is not a slow head.
        let idle = try RawClient(port: server.port)
        idle.send("GET /pages HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try idle.readResponse().status == 200)
        Thread.sleep(forTimeInterval: 0.5)
        idle.send("GET /pages HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try idle.readResponse().status == 200)
    }

    @Test("1,000 concurrent connections are all served")
    func thousandConnections() throws {
        let server = try startServer()
        defer { server.stop() }
        let clients = try (0..<1_000).map { _ in try RawClient(port: server.port) }
        for client in clients {
            client.send("GET /pages?page=2 HTTP/1.1\r\nHost: x\r\n\r\n")
        }
        var served = 0
        for client in clients where try client.readResponse().text == "page two" {
            served += 1
        }
        #expect(served == 1_000)
        // All still open: a second round on the same connections.
        for client in clients.prefix(100) {
            client.send("GET /pages HTTP/1.1\r\nHost: x\r\n\r\n")
        }
        for client in clients.prefix(100) {
            #expect(try client.readResponse().text == "any page")
        }
    }

    @Test("a slowloris crowd does not stop other clients from being served")
    func slowlorisCrowd() throws {
        var options = MockServerOptions()
        options.headTimeout = 0.5
        let server = try startServer(options: options)
        defer { server.stop() }
        let crowd = try (0..<300).map { _ in try RawClient(port: server.port) }
        for client in crowd { client.send("GET / HTTP/1.1\r\nX-a: ") }
        let result = try run("/usr/bin/curl", ["-s", "--max-time", "10", server.baseURL + "/pages?page=2"])
        #expect(String(decoding: result.output, as: UTF8.self) == "page two")
        var timedOut = 0
        for client in crowd where (try? client.readResponse().status) == 408 { timedOut += 1 }
        #expect(timedOut == 300)
    }
}
