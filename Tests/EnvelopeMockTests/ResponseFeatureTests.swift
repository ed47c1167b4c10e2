import Foundation
import Testing
@testable import EnvelopeMock

/// Faults, scenarios, delays and dribbled bodies as real clients see them.
@Suite("Responses seen by curl")
struct ResponseFeatureTests {
    static let faults = """
        {"mappings": [
          {"request": {"urlPath": "/empty"}, "response": {"fault": "EMPTY_RESPONSE"}},
          {"request": {"urlPath": "/reset"}, "response": {"fault": "CONNECTION_RESET_BY_PEER"}},
          {"request": {"urlPath": "/chunk"}, "response": {"fault": "MALFORMED_RESPONSE_CHUNK"}},
          {"request": {"urlPath": "/random"}, "response": {"fault": "RANDOM_DATA_THEN_CLOSE"}},
          {"request": {"urlPath": "/ok"}, "response": {"body": "fine"}}]}
        """

    /// curl's exit status for `url` (and its output).
    func curl(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let result = try run("/usr/bin/curl", ["-s", "--max-time", "10"] + arguments)
        return (result.status, String(decoding: result.output, as: UTF8.self))
    }

    @Test("each fault gives curl its own failure", arguments: [
        ("/empty", [Int32(52)]),         // Empty reply from server
        ("/reset", [Int32(56)]),         // Failure when receiving data (connection reset)
        ("/chunk", [Int32(56)]),         // bad chunk: receive error
        ("/random", [Int32(1), 8, 56]),  // not HTTP at all: unsupported protocol / weird reply
    ])
    func faults(path: String, statuses: [Int32]) throws {
        let server = try startServer(try stubs(Self.faults))
        defer { server.stop() }
        let result = try curl([server.baseURL + path])
        #expect(statuses.contains(result.status), "curl exited \(result.status)")
        // The server is unharmed.
        #expect(try curl([server.baseURL + "/ok"]) == (0, "fine"))
    }

    @Test("a scenario moves from state to state and resets through the admin API")
    func scenario() throws {
        let server = try startServer(try stubs("""
            {"mappings": [
              {"scenarioName": "cart", "requiredScenarioState": "Started", "request": {"method": "GET", "urlPath": "/cart"},
               "response": {"body": "empty"}},
              {"scenarioName": "cart", "requiredScenarioState": "Started", "newScenarioState": "full",
               "request": {"method": "POST", "urlPath": "/cart"}, "response": {"status": 201, "body": "added"}},
              {"scenarioName": "cart", "requiredScenarioState": "full", "request": {"method": "GET", "urlPath": "/cart"},
               "response": {"body": "one item"}}]}
            """))
        defer { server.stop() }
        let cart = server.baseURL + "/cart"
        #expect(try curl([cart]).output == "empty")
        #expect(try curl(["-X", "POST", cart]).output == "added")
        #expect(try curl([cart]).output == "one item")
        let missed = try curl(["-X", "POST", cart]).output
        #expect(missed.contains(#"scenario cart  expected state "Started", is "full""#), "\(missed)")
        #expect(try curl(["-X", "POST", server.baseURL + "/__admin/scenarios/reset"]).status == 0)
        #expect(try curl([cart]).output == "empty")
    }

    @Test("chunkedDribbleDelay sends the whole body in several pieces")
    func dribble() throws {
        let body = String(repeating: "0123456789", count: 50)
        let server = try startServer(try stubs("""
            {"request": {"urlPath": "/slow"}, "response": {"body": "\(body)", "chunkedDribbleDelay": {"numberOfChunks": 4, "totalDuration": 900}}}
            """))
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        // Count the separate arrivals: the pieces are 300 ms apart, so they do not all coalesce into one read.
        var reads = 0
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while !String(decoding: received, as: UTF8.self).hasSuffix(body) {
            let count = recv(client.fd, &chunk, chunk.count, 0)
            guard count > 0 else { break }
            reads += 1
            received += chunk[0..<count]
        }
        let text = String(decoding: received, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(text.contains("Content-Length: 500\r\n"))
        #expect(text.hasSuffix("\r\n\r\n" + body))
        #expect(reads >= 2, "\(reads) reads")
        // The connection is still usable afterwards.
        client.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try client.readResponse().text == body)
    }

    @Test("the dribble pieces cover the body once, in order, with the delays spread evenly")
    func dribblePieces() {
        let response = PreparedResponse(status: 200, headers: [], body: Array("abcdefghij".utf8))
        let reply = Reply(response: response, dribble: ChunkedDribbleDelay(numberOfChunks: 4, totalDuration: 300), close: true)
        let pieces = reply.dribblePieces()
        #expect(pieces.map(\.afterMilliseconds) == [0, 100, 200, 300])
        #expect(pieces.map(\.reply.includesHead) == [true, false, false, false])
        #expect(pieces.map(\.reply.close) == [false, false, false, true])
        var output: [UInt8] = []
        for piece in pieces { piece.reply.encode(into: &output, close: false) }
        #expect(String(decoding: output, as: UTF8.self).hasSuffix("\r\n\r\nabcdefghij"))
    }

    @Test("a uniform delayDistribution holds the answer back at least its lower bound")
    func delayDistribution() throws {
        let server = try startServer(try stubs("""
            {"request": {"urlPath": "/d"}, "response": {"body": "late", "delayDistribution": {"type": "uniform", "lower": 150, "upper": 200}}}
            """))
        defer { server.stop() }
        let start = ContinuousClock.now
        #expect(try curl([server.baseURL + "/d"]).output == "late")
        #expect(ContinuousClock.now - start >= .milliseconds(150))
    }
}
