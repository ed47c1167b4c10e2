import Dispatch
import Foundation
import Testing
@testable import EnvelopeMock
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Mock server with real clients")
struct MockServerTests {
    static let menuBody = Array(#"{"result": {"list": [{"MENU_ID": "A1", "MENU_NM": "학사"}, {"MENU_ID": "A2",   "MENU_NM": null}]}}"#.utf8)

    @Test("curl gets the stub's status, headers and exact body bytes", arguments: [false, true])
    func curl(usePoll: Bool) throws {
        let server = try startServer(usePoll: usePoll)
        defer { server.stop() }
        let result = try run("/usr/bin/curl", ["-s", "-i", "--max-time", "10", server.baseURL + "/COMM/A202100004"])
        #expect(result.status == 0, "\(result.error)")
        let output = result.output
        let separator: [UInt8] = [13, 10, 13, 10]
        let split = try #require((0..<(output.count - 3)).first { Array(output[$0..<($0 + 4)]) == separator })
        let head = String(decoding: output[0..<split], as: UTF8.self)
        let body = Array(output[(split + 4)...])
        #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(head.contains("Content-Type: application/json\r\n"))
        #expect(head.contains("Content-Length: \(Self.menuBody.count)"))
        #expect(body == Self.menuBody)
    }

    @Test("curl gets a 404 naming the closest stub")
    func curlUnmatched() throws {
        let server = try startServer()
        defer { server.stop() }
        let result = try run("/usr/bin/curl", ["-s", "-i", "--max-time", "10", server.baseURL + "/COMM/A20210000"])
        let text = String(decoding: result.output, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 404 Not Found\r\n"))
        #expect(text.contains("Content-Type: text/plain"))
        #expect(text.contains("Closest: hanyang-menu ("))
        #expect(text.contains(#"urlPath  expected "/COMM/A202100004", got "/COMM/A20210000""#))
    }

    @Test("curl POST with a body (Expect: 100-continue) gets the delayed answer")
    func curlPostWithBody() throws {
        let server = try startServer()
        defer { server.stop() }
        let body = String(repeating: "x", count: 2_000)  // curl sends Expect: 100-continue above 1 KB
        let start = Date()
        let result = try run("/usr/bin/curl", ["-s", "-i", "--max-time", "10", "-H", "Content-Type: application/json",
                                               "--data-binary", body, server.baseURL + "/items/12"])
        let elapsed = Date().timeIntervalSince(start)
        let text = String(decoding: result.output, as: UTF8.self)
        #expect(text.contains("HTTP/1.1 201 Created\r\n"), "\(text)")
        #expect(text.hasSuffix("\r\n\r\ncreated"))
        #expect(elapsed >= 0.14)
        // The interim answer comes as soon as the head is read, before any body byte.
        let client = try RawClient(port: server.port)
        client.send("POST /items/12 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n")
        #expect(try client.readResponse(head: true).status == 100)
        client.send("{}")
        #expect(try client.readResponse().status == 201)
    }

    @Test("python http.client: two requests on one keep-alive connection")
    func pythonKeepAlive() throws {
        let server = try startServer()
        defer { server.stop() }
        let script = """
            import http.client, sys
            c = http.client.HTTPConnection("127.0.0.1", \(server.port), timeout=10)
            c.request("GET", "/search?q=swift")
            r = c.getresponse()
            b1 = r.read()
            sock1 = c.sock
            c.request("GET", "/pages?page=2")
            r2 = c.getresponse()
            b2 = r2.read()
            same = c.sock is sock1 and sock1 is not None
            sys.stdout.write("%d %d %s %s %s|" % (r.status, r2.status, r2.getheader("X-Page"), r.getheader("Cache-Control"), same))
            sys.stdout.buffer.write(b1 + b"|" + b2)
            """
        let result = try run("/usr/bin/env", ["python3", "-c", script])
        #expect(result.status == 0, "\(result.error)")
        let file = try Data(contentsOf: URL(fileURLWithPath: Fixtures.mocks + "/__files/search/result.json"))
        let expected = Array("200 200 2 no-cache, no-store True|".utf8) + [UInt8](file) + Array("|page two".utf8)
        #expect(result.output == expected, "\(String(decoding: result.output, as: UTF8.self))")
    }

    @Test("several requests on one socket are answered in turn (keep-alive)")
    func keepAliveRawSocket() throws {
        let server = try startServer()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        for index in 0..<5 {
            client.send("GET /pages?page=\(index % 2 == 0 ? 2 : 1) HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.text == (index % 2 == 0 ? "page two" : "any page"))
            #expect(response.header("Connection") == nil)
        }
    }

    @Test("pipelined requests are answered in order, delays included")
    func pipelining() throws {
        let server = try startServer()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        let post = "POST /items/1 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}"
        client.send("GET /pages?page=2 HTTP/1.1\r\nHost: x\r\n\r\n" + post + "GET /pages HTTP/1.1\r\nHost: x\r\n\r\nHEAD /pages HTTP/1.1\r\nHost: x\r\n\r\n"
                    + "GET /nothing HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try client.readResponse().text == "page two")
        let created = try client.readResponse()
        #expect(created.status == 201)
        #expect(created.text == "created")
        #expect(try client.readResponse().text == "any page")
        let head = try client.readResponse(head: true)
        #expect(head.header("Content-Length") == "8")
        let missing = try client.readResponse()
        #expect(missing.status == 404)
        #expect(missing.text.hasPrefix("No stub mapping matched GET /nothing\n"))
    }

    @Test("Connection: close is honoured and HTTP/1.0 closes unless keep-alive is asked")
    func connectionClose() throws {
        let server = try startServer()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET /pages HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\nGET /pages HTTP/1.1\r\nHost: x\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.header("Connection") == "close")
        #expect(client.bytesUntilServerCloses() == [])

        let old = try RawClient(port: server.port)
        old.send("GET /pages HTTP/1.0\r\n\r\n")
        #expect(try old.readResponse().header("Connection") == "close")
        #expect(old.bytesUntilServerCloses() == [])

        let oldKeepAlive = try RawClient(port: server.port)
        oldKeepAlive.send("GET /pages HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(try oldKeepAlive.readResponse().header("Connection") == "keep-alive")
        oldKeepAlive.send("GET /pages?page=2 HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(try oldKeepAlive.readResponse().text == "page two")
    }

    @Test("HEAD gets the headers and Content-Length without a body; 204 has neither body nor length")
    func head() throws {
        let server = try startServer()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("HEAD /COMM/A202100004 HTTP/1.1\r\nHost: x\r\n\r\n")
        let response = try client.readResponse(head: true)
        #expect(response.status == 200)
        #expect(response.header("Content-Length") == "\(Self.menuBody.count)")
        #expect(response.body.isEmpty)
        client.send("DELETE /items/1 HTTP/1.1\r\nHost: x\r\n\r\nGET /pages HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let deleted = try client.readResponse()
        #expect(deleted.status == 204)
        #expect(deleted.header("Content-Length") == nil)
        #expect(try client.readResponse().text == "any page")
        #expect(client.bytesUntilServerCloses() == [])

        let result = try run("/usr/bin/curl", ["-s", "-I", "--max-time", "10", server.baseURL + "/pages"])
        let text = String(decoding: result.output, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(text.contains("Content-Length: 8\r\n"))
    }

    @Test("an oversized request head gets 431 and the connection closes")
    func oversizedHead() throws {
        let server = try startServer()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET /pages HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "a", count: 20_000) + "\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 431)
        #expect(response.header("Connection") == "close")
        #expect(client.bytesUntilServerCloses() == [])
    }

    @Test("a malformed request gets 400 and the connection closes")
    func malformedRequest() throws {
        let server = try startServer()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET /pages HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\nGET /pages HTTP/1.1\r\nHost: x\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 400)
        #expect(client.bytesUntilServerCloses() == [])
    }

    @Test("a client that half-closes after its request still gets the answer")
    func halfClose() throws {
        let server = try startServer()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET /pages HTTP/1.1\r\nHost: x\r\n\r\n")
        client.shutdownWrite()
        #expect(try client.readResponse().text == "any page")
        #expect(client.bytesUntilServerCloses() == [])
    }

    @Test("200 concurrent connections each get their answer", arguments: [false, true])
    func manyConnections(usePoll: Bool) throws {
        let server = try startServer(usePoll: usePoll)
        defer { server.stop() }
        let clients = try (0..<200).map { _ in try RawClient(port: server.port) }
        for (index, client) in clients.enumerated() {
            client.send("GET /pages?page=\(index % 2 + 1) HTTP/1.1\r\nHost: x\r\n\r\n")
        }
        for (index, client) in clients.enumerated() {
            let response = try client.readResponse()
            #expect(response.text == (index % 2 == 1 ? "page two" : "any page"))
        }
        // And from many threads at once, several requests each.
        let port = server.port
        let failures = Counter()
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            do {
                let client = try RawClient(port: port)
                for _ in 0..<10 {
                    client.send("GET /search?q=swift HTTP/1.1\r\nHost: x\r\n\r\n")
                    if try client.readResponse().status != 200 { failures.increment() }
                }
            } catch {
                failures.increment()
            }
        }
        #expect(failures.value == 0)
    }

    @Test("stop() lets an answer in flight finish, closes connections and frees the port")
    func stopIsClean() throws {
        let arrival = RequestArrival(target: "/items/3")
        let server = try startServer(log: arrival.log)
        let port = server.port
        let idle = try RawClient(port: port)
        idle.send("GET /pages HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try idle.readResponse()
        let busy = try RawClient(port: port)
        busy.send("POST /items/3 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 0\r\n\r\n")
        // The delayed answer is in flight once the server has the request.
        try #require(arrival.wait(), "the server never received POST /items/3")
        server.stop()
        #expect(!server.isRunning)
        let delayed = try busy.readResponse()
        #expect(delayed.status == 201)
        #expect(delayed.header("Connection") == "close")
        #expect(busy.bytesUntilServerCloses() == [])
        #expect(idle.bytesUntilServerCloses() == [])
        server.stop()  // idempotent
        server.wait()  // returns at once when stopped
        #expect(throws: ClientError.self) { try RawClient(port: port) }
        // The port can be bound again at once.
        let again = MockServer(mappings: MockMappings(), port: port)
        try again.start()
        #expect(again.port == port)
        again.stop()
    }

    @Test("beginStop() winds the server down without waiting: answers in flight finish, idle connections close, and stop() then completes")
    func beginStopThenStop() throws {
        // Before start, asking is a no-op and a later start and stop still work.
        let never = MockServer(mappings: MockMappings(), port: 0)
        never.beginStop()
        try never.start()
        #expect(never.isRunning)
        never.stop()
        #expect(!never.isRunning)

        let arrival = RequestArrival(target: "/items/3")
        let server = try startServer(log: arrival.log)
        let idle = try RawClient(port: server.port)
        idle.send("GET /pages HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try idle.readResponse()
        let busy = try RawClient(port: server.port)
        busy.send("POST /items/3 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 0\r\n\r\n")
        try #require(arrival.wait(), "the server never received POST /items/3")
        server.beginStop()
        server.beginStop()  // asked once only
        let delayed = try busy.readResponse()
        #expect(delayed.status == 201)
        #expect(delayed.header("Connection") == "close")
        #expect(idle.bytesUntilServerCloses() == [])
        // Files opened once the loops are gone may take the numbers of their closed wake-up
        // pipes: stop() must not write to them.
        Thread.sleep(forTimeInterval: 0.05)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("envelope-stop-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        #expect(FileManager.default.createFile(atPath: scratch.path, contents: Data()))
        let handles = try (0..<8).map { _ in try FileHandle(forWritingTo: scratch) }
        server.stop()
        for handle in handles { try handle.close() }
        #expect(try Data(contentsOf: scratch).isEmpty)
        #expect(!server.isRunning)
    }

    @Test("wait() returns when another thread stops the server")
    func waitReturnsAfterStop() throws {
        let server = try startServer()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { server.stop() }
        server.wait()
        #expect(!server.isRunning)
    }

    @Test("starting on a port in use fails with a readable error")
    func portInUse() throws {
        let server = try startServer()
        defer { server.stop() }
        let second = MockServer(mappings: MockMappings(), port: server.port)
        #expect(throws: MockServerError.self) { try second.start() }
        // Several loops listen with SO_REUSEPORT; that must not let a second server share the port.
        let third = MockServer(mappings: MockMappings(), port: server.port, workers: 2)
        #expect(throws: MockServerError.self) { try third.start() }
        do {
            try second.start()
        } catch {
            #expect(error.description.contains("already in use"))
        }
        #expect(throws: MockServerError.self) { try MockServer(mappings: MockMappings(), host: "not-an-ip", port: 0).start() }
    }

    @Test("a connection that stays quiet past the idle timeout is closed by the server, between requests or within a head")
    func idleTimeout() throws {
        let server = try startServer(idleTimeout: 0.2)
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET /pages HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try client.readResponse().text == "any page")
        let stalled = try RawClient(port: server.port)
        stalled.send("GET /pages HTTP/1.1\r\nHost:")
        // The server's close, not the clients' 10 s receive timeout, ends these reads
        // (the 60 s default idle timeout would leave both open past it).
        #expect(client.bytesUntilServerCloses() == [])
        #expect(stalled.bytesUntilServerCloses() == [])
    }

    @Test("a request log records matched and unmatched requests")
    func requestLog() throws {
        let records = RecordList()
        let server = MockServer(mappings: try Fixtures.loadMocks(), port: 0, log: { records.append($0) })
        try server.start()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET /pages?page=2 HTTP/1.1\r\nHost: x\r\n\r\nGET /nope HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try client.readResponse()
        _ = try client.readResponse()
        let all = records.all
        #expect(all.map(\.status) == [200, 404])
        #expect(all.first?.stub?.id == "page-two")
        #expect(all.last?.unmatched?.requestLine == "GET /nope")
    }

    @Test("faults: EMPTY_RESPONSE closes without an answer")
    func emptyResponseFault() throws {
        let json = #"{"request": {"urlPath": "/boom"}, "response": {"fault": "EMPTY_RESPONSE"}}"#
        let stubs = try MockMappings.parse(Array(json.utf8), file: "f.json")
        let server = try startServer(MockMappings(stubs: stubs))
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET /boom HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(client.bytesUntilServerCloses() == [])
    }
}

final class RecordList: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private var records: [MockRequestRecord] = []
    func append(_ record: MockRequestRecord) { lock.lock(); records.append(record); lock.unlock() }
    var all: [MockRequestRecord] { lock.lock(); defer { lock.unlock() }; return records }
}

final class Counter: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
