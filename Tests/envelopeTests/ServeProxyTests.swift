import Foundation
import Testing

/// `envelope serve` forwarding through `proxyBaseUrl` stubs and `--proxy-all`, with nginx as
/// the upstream: what curl gets through the mock is what it gets from nginx directly.
@Suite("envelope serve with proxyBaseUrl stubs and --proxy-all, in front of nginx", .temporaryFolders)
struct ServeProxyTests {
    /// A mocks folder with a normal stub, a prefix-removing proxy stub with header edits, a
    /// stub proxying to a closed port, and a priority-10 catch-all proxy stub.
    private func mocks(upstream: String, downPort: UInt16) throws -> URL {
        let directory = try temporaryDirectory()
        let mappings = directory.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        let json = """
            {"mappings": [
              {"name": "local", "request": {"urlPath": "/local"}, "response": {"status": 200, "body": "from the stub"}},
              {"name": "edited", "request": {"urlPathPattern": "/edited/.*"},
               "response": {"proxyBaseUrl": "\(upstream)", "proxyUrlPrefixToRemove": "/edited",
                            "additionalProxyRequestHeaders": {"X-Added": "yes"}, "removeProxyRequestHeaders": ["X-Secret"]}},
              {"name": "down", "request": {"urlPath": "/down"}, "response": {"proxyBaseUrl": "http://127.0.0.1:\(downPort)"}},
              {"name": "everything else", "priority": 10, "request": {"urlPattern": ".*"}, "response": {"proxyBaseUrl": "\(upstream)"}}]}
            """
        try Data(json.utf8).write(to: mappings.appendingPathComponent("proxy.json"))
        return directory
    }

    @Test("the normal stub answers; the rest is forwarded and comes back byte for byte as nginx sends it, gzip included",
          arguments: [["-H", "Accept-Encoding: gzip"], []])
    func forwardsByteForByte(options: [String]) throws {
        let nginx = try NginxServer.get()
        let directory = try mocks(upstream: nginx.httpURL, downPort: try closedLoopbackPort())
        let server = try ServeProcess(["--mocks", directory.path])
        defer { _ = server.stop() }
        #expect(try curl([server.url + "/local"]).output == "from the stub")
        for path in ["/v1/search/news.json?query=swift", "/big.json", "/v1/missing/42"] {
            let proxied = try curlAnswer(server.url + path, options, in: directory)
            let direct = try curlAnswer(nginx.httpURL + path, options, in: directory)
            #expect(proxied.statusLine == direct.statusLine, "\(path)")
            #expect(proxied.endToEndHeaders == direct.endToEndHeaders, "\(path)")
            #expect(proxied.body == direct.body, "\(path)")
        }
        let gzip = try curlAnswer(server.url + "/v1/search/news.json?query=swift", ["-H", "Accept-Encoding: gzip"], in: directory)
        #expect(gzip.header("Content-Encoding") == "gzip")
    }

    @Test("a proxy stub's prefix removal and header edits reach the upstream")
    func headerEditsAndPrefix() throws {
        let nginx = try NginxServer.get()
        let directory = try mocks(upstream: nginx.httpURL, downPort: try closedLoopbackPort())
        let server = try ServeProcess(["--mocks", directory.path])
        defer { _ = server.stop() }
        let edited = try curl(["-H", "X-Secret: s3cret", server.url + "/edited/headers?a=1"])
        #expect(edited.output == "added=yes secret= uri=/headers?a=1\n")
        let plain = try curl(["-H", "X-Secret: s3cret", server.url + "/headers"])
        #expect(plain.output == "added= secret=s3cret uri=/headers\n")
    }

    @Test("an upstream that is down gives a 502 naming it and why")
    func upstreamDown() throws {
        let nginx = try NginxServer.get()
        let port = try closedLoopbackPort()
        let directory = try mocks(upstream: nginx.httpURL, downPort: port)
        let server = try ServeProcess(["--mocks", directory.path])
        defer { _ = server.stop() }
        let answer = try curlAnswer(server.url + "/down", [], in: directory)
        #expect(answer.statusLine.hasPrefix("HTTP/1.1 502"))
        let text = String(decoding: answer.body, as: UTF8.self)
        #expect(text.hasPrefix("envelope serve: no answer from the upstream http://127.0.0.1:\(port) ("), "\(text)")
        #expect(answer.header("X-Envelope-Error")?.isEmpty == false)
    }

    @Test("--proxy-all forwards every request no stub answers; the stubs answer theirs")
    func proxyAll() throws {
        let nginx = try NginxServer.get()
        let directory = try temporaryDirectory()
        let mappings = directory.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        try Data(#"{"request": {"urlPath": "/local"}, "response": {"status": 200, "body": "from the stub"}}"#.utf8)
            .write(to: mappings.appendingPathComponent("local.json"))
        let server = try ServeProcess(["--mocks", directory.path, "--proxy-all", nginx.httpURL + "/"])
        defer { _ = server.stop() }
        #expect(server.banner.contains("Forwarding what no stub answers to \(nginx.httpURL)\n"))
        #expect(try curl([server.url + "/local"]).output == "from the stub")
        let proxied = try curlAnswer(server.url + "/v1/search/news.json?query=swift", ["-H", "Accept-Encoding: gzip"], in: directory)
        let direct = try curlAnswer(nginx.httpURL + "/v1/search/news.json?query=swift", ["-H", "Accept-Encoding: gzip"], in: directory)
        #expect(proxied.statusLine == direct.statusLine)
        #expect(proxied.endToEndHeaders == direct.endToEndHeaders)
        #expect(proxied.body == direct.body)
    }

    @Test("--proxy-all with something that is not an http URL is a usage error")
    func proxyAllUsage() throws {
        let result = try Envelope.run(["serve", "--port", "0", "--proxy-all", "localhost:9000"])
        #expect(result.exitCode == 2)
        #expect(result.standardError.contains("--proxy-all: 'localhost:9000' is not an http:// or https:// URL"))
    }
}
