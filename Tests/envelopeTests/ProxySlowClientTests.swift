import Foundation
import Testing

/// Fixtures/Proxy/slow_client.py: a python upstream with a 64 MB answer, and a client that
/// reads it slowly through the proxy in front of it while a second client is answered.
private final class SlowClientRun {
    /// What the script reports once it has read the whole answer.
    struct Result: Decodable {
        /// The proxy's resident memory before the large request and at its highest while the
        /// client read slowly, in kB.
        var before: Int
        var peak: Int
        /// Bytes of the answer read slowly.
        var slowly: Int
        /// Small answers the second client got meanwhile.
        var answered: Int
        var length: Int
        var expectedLength: Int
        var intact: Bool
    }

    private let script: FixtureServer
    /// The script's upstream.
    var upstreamURL: String { script.url }

    init() throws {
        script = try FixtureServer(script: "Proxy/slow_client.py", arguments: [])
    }

    /// Runs the clients against the proxy at `url` (process `pid`) and returns their report.
    func run(through url: String, pid: Int32) throws -> Result {
        let lines = script.lines
        let before = lines.text.count
        try script.input.fileHandleForWriting.write(contentsOf: Data("\(url) \(pid)\n".utf8))
        // The guard only keeps a broken proxy from hanging the run: reading 64 MB slowly
        // through a debug build on a busy machine takes a while.
        #expect(lines.wait(untilContains: "}\n", guardSeconds: 600), "the slow client never finished")
        let report = String(lines.text.dropFirst(before))
        return try JSONDecoder().decode(Result.self, from: Data(report.utf8))
    }
}

@Suite("A client that reads a large answer slowly through the proxy", .temporaryFolders)
struct ProxySlowClientTests {
    /// Checks what the script saw: the other client answered all along, the answer whole, and
    /// the proxy's memory grown by far less than the answer while the client lagged.
    private func expectBounded(_ result: SlowClientRun.Result) {
        #expect(result.answered == 513, "the second client waited for the slow one")
        #expect(result.slowly < 4 * 1024 * 1024)
        #expect(result.length == result.expectedLength)
        #expect(result.intact)
        // Without holding the upstream back the proxy would read all 64 MB at once and keep it
        // twice (for validation and for the client's socket): well over 100 MB more.
        #expect(result.peak - result.before < 32 * 1024, "resident memory grew from \(result.before) kB to \(result.peak) kB")
    }

    @Test("envelope proxy holds the upstream back to the client's pace: bounded memory, other clients answered, the answer intact")
    func proxy() throws {
        let clients = try SlowClientRun()
        let contracts = try contractsFolder(["small": #"{"contract": "small", "request": {"path": "/small"}, "response": {"status": 200, "body": {"type": "object", "required": ["small"]}}}"#])
        let proxy = try ProxyProcess(["--upstream", clients.upstreamURL, "--contracts", contracts.path])
        let result = try clients.run(through: proxy.url, pid: proxy.process.processIdentifier)
        expectBounded(result)
        #expect(proxy.waitForLine("GET /big  200  "))
        let ended = proxy.stop()
        #expect(ended.status == 0)
        #expect(ended.output.contains("Coverage: 1 of 1 contract exercised (513 requests), 0 never; 1 request no contract covers\n"))
    }

    @Test("envelope serve's proxyBaseUrl stub holds the upstream back the same way")
    func serveProxyStub() throws {
        let clients = try SlowClientRun()
        let directory = try temporaryDirectory()
        let mappings = directory.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        let stub = #"{"request": {"urlPattern": ".*"}, "response": {"proxyBaseUrl": "\#(clients.upstreamURL)"}}"#
        try Data(stub.utf8).write(to: mappings.appendingPathComponent("proxy.json"))
        let server = try ServeProcess(["--mocks", directory.path])
        defer { _ = server.stop() }
        expectBounded(try clients.run(through: server.url, pid: server.process.processIdentifier))
    }
}
