import Foundation
import Testing

@Suite("envelope proxy and large answers, end to end", .temporaryFolders)
struct ProxyLargeAnswerTests {
    /// Contracts for the misbehaving upstream's 50 MB answers: an array of objects with `n`.
    private static let contracts: [String: String] = Dictionary(uniqueKeysWithValues: ["large", "large-chunked", "large-cut"].map { name in
        (name, #"{"contract": "\#(name)", "request": {"path": "/\#(name)"}, "response": {"status": 200, "body": {"type": "array", "items": {"type": "object", "required": ["n", "name"], "properties": {"n": {"type": "integer"}, "name": {"type": "string"}}}}}}"#)
    })

    @Test("a 50 MB answer reaches the app byte for byte, streamed with the upstream's Content-Length or chunked, and is validated whole")
    func largeAnswers() throws {
        let upstream = try MisbehavingUpstream()
        let directory = try temporaryDirectory()
        let proxy = try ProxyProcess(["--upstream", upstream.url, "--contracts", try contractsFolder(Self.contracts).path])
        let direct = try curlAnswer(upstream.url + "/large", in: directory)
        #expect(direct.body.count > 45_000_000)
        let framed = try curlAnswer(proxy.url + "/large", in: directory)
        #expect(framed.statusLine == "HTTP/1.1 200 OK")
        #expect(framed.header("Content-Length") == String(direct.body.count))
        #expect(framed.body == direct.body)
        let chunked = try curlAnswer(proxy.url + "/large-chunked", in: directory)
        #expect(chunked.header("Transfer-Encoding") == "chunked", "an answer without a length streams chunked")
        #expect(chunked.header("Content-Length") == nil)
        #expect(chunked.body == direct.body)
        // The report waits for every validation, however long two 50 MB documents take.
        let ended = proxy.stop()
        #expect(ended.error.contains("GET /large  200  "))
        #expect(ended.error.contains("  large  ok\n"))
        #expect(ended.error.contains("  large-chunked  ok\n"))
        #expect(ended.status == 0)
        #expect(ended.output.contains("2 contracts: 2 ok"))
    }

    @Test("an upstream that stops midway through a streamed answer cuts the app's connection short, and the report says transport-error")
    func cutMidway() throws {
        let upstream = try MisbehavingUpstream()
        let directory = try temporaryDirectory()
        let proxy = try ProxyProcess(["--upstream", upstream.url, "--contracts", try contractsFolder(Self.contracts).path])
        let cut = try curlAnswer(proxy.url + "/large-cut", in: directory)
        #expect(cut.status != 0, "curl sees the answer end early")
        #expect(cut.statusLine == "HTTP/1.1 200 OK")
        let announced = Int(cut.header("Content-Length") ?? "") ?? 0
        #expect(cut.body.count < announced)
        #expect(proxy.waitForLine("GET /large-cut  502  "))
        // The proxy keeps serving.
        let after = try curlAnswer(proxy.url + "/reason", in: directory)
        #expect(after.statusLine == "HTTP/1.1 200 Fine Thanks")
        let ended = proxy.stop()
        #expect(ended.status == 3)
        #expect(ended.output.contains("transport-error"))
    }
}
