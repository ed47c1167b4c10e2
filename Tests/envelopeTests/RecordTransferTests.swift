import Foundation
import Testing

/// `record` sends what `check` sends, in both modes: TLS (--cacert, --insecure), timeouts,
/// retries, redirects, the body limit, --slow and --verbose, against a real nginx.
@Suite("envelope record's transfer options, against a real nginx", .temporaryFolders)
struct RecordTransferTests {
    /// Runs `envelope record --url NGINX/path --name name arguments...` in a fresh folder.
    func recordURL(_ url: String, name: String, _ arguments: [String] = [], in folder: URL? = nil,
                   environment: [String: String] = [:]) throws -> (RunResult, URL) {
        let directory = try folder ?? temporaryDirectory()
        let result = try Envelope.run(["record", "--url", url, "--name", name] + arguments, in: directory, environment: environment)
        return (result, directory)
    }

    /// The mapping record wrote, parsed.
    func mapping(_ name: String, in directory: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: directory.appendingPathComponent("Mocks/mappings/\(name).json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("--url over HTTPS: verification fails without --cacert (exit 3, nothing written) and passes with it")
    func urlCACert() throws {
        let nginx = try NginxServer.get()
        let url = nginx.httpsURL + "/v1/search/news.json"
        let (refused, directory) = try recordURL(url, name: "news")
        #expect(refused.exitCode == 3, "\(refused.standardOutput)")
        #expect(refused.standardOutput.contains("transport-error  peer-failed-verification"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Mocks/mappings/news.json").path))

        let (trusted, _) = try recordURL(url, name: "news", ["--cacert", nginx.certificate, "--format", "json"], in: directory)
        #expect(trusted.exitCode == 0, "\(trusted.standardOutput)\(trusted.standardError)")
        #expect(try firstResult(try jsonReport(trusted))["httpVersion"] as? String == "2")
        #expect(try mapping("news", in: directory)["request"] as? [String: String] == ["method": "GET", "urlPath": "/v1/search/news.json"])
    }

    @Test("--insecure records over HTTPS without the certificate and prints check's warning, in both modes")
    func insecure() throws {
        let nginx = try NginxServer.get()
        let (url, _) = try recordURL(nginx.httpsURL + "/v1/search/news.json", name: "news", ["--insecure"])
        #expect(url.exitCode == 0, "\(url.standardOutput)")
        #expect(url.standardError.hasPrefix("warning: --insecure: TLS certificates are not verified"))

        let contracts = try Envelope.run(["record", "--contracts", nginx.contracts, "--base-url", nginx.httpsURL, "--only", "news", "-k"],
                                         in: try temporaryDirectory())
        #expect(contracts.exitCode == 0, "\(contracts.standardOutput)")
        #expect(contracts.standardError.hasPrefix("warning: --insecure: TLS certificates are not verified"))
    }

    @Test("--cacert naming no file is a usage error before anything is sent, in both modes")
    func missingCACert() throws {
        let nginx = try NginxServer.get()
        let (url, _) = try recordURL(nginx.httpsURL + "/v1/search/news.json", name: "news", ["--cacert", "no-such.pem"])
        #expect(url.exitCode == 2)
        #expect(url.standardError == "error: --cacert: no readable file no-such.pem (expected a PEM file of CA certificates)\n")
        let contracts = try Envelope.run(["record", "--contracts", nginx.contracts, "--base-url", nginx.httpsURL, "--only", "news",
                                          "--cacert", "no-such.pem"], in: try temporaryDirectory())
        #expect(contracts.exitCode == 2)
        #expect(contracts.standardError == url.standardError)
    }

    @Test("a followed redirect chain shows in the report as in check's, and the mapping answers the original path, saying where it was redirected")
    func redirects() throws {
        let nginx = try NginxServer.get()
        let final = "\(nginx.httpURL)/v1/search/news.json?query=swift"
        let (text, directory) = try recordURL(nginx.httpURL + "/hop/1", name: "hop")
        #expect(text.exitCode == 0, "\(text.standardOutput)")
        #expect(text.standardOutput.contains("\n  after 3 redirects: \(final)\n  ok\n"), "\(text.standardOutput)")
        let written = try mapping("hop", in: directory)
        #expect((written["request"] as? [String: String])?["urlPath"] == "/hop/1")
        #expect((written["response"] as? [String: Any])?["status"] as? Int == 200)
        let metadata = try #require(written["metadata"] as? [String: Any])
        #expect(metadata["recordedFrom"] as? String == "GET \(nginx.httpURL)/hop/1")
        #expect(metadata["redirectedTo"] as? String == final)
        #expect(metadata["redirects"] as? Int == 3)

        let (json, _) = try recordURL(nginx.httpURL + "/hop/1", name: "hop", ["--format", "json", "--force"], in: directory)
        let result = try firstResult(try jsonReport(json))
        #expect(result["redirects"] as? Int == 3)
        #expect(result["finalURL"] as? String == final)

        // Contract mode: the contract's own path, the same metadata.
        let project = try temporaryDirectory()
        let contracts = try Envelope.run(["record", "--contracts", nginx.contracts, "--base-url", nginx.httpURL, "--only", "redirected"], in: project)
        #expect(contracts.exitCode == 0, "\(contracts.standardOutput)")
        #expect(contracts.standardOutput.contains("\n  after 3 redirects: \(final)\n  ok\n"))
        let recorded = try mapping("redirected", in: project)
        #expect((recorded["request"] as? [String: String])?["urlPath"] == "/hop/1")
        #expect((recorded["metadata"] as? [String: Any])?["redirectedTo"] as? String == final)
        // The mock serves the final answer at the original path, and it meets the contract.
        let lint = try Envelope.run(["lint", "--contracts", nginx.contracts], in: project)
        #expect(lint.standardOutput.hasSuffix(": 0 errors, 4 warnings, 0 mocks with drift\n"), "\(lint.standardOutput)")
    }

    @Test("--max-redirects 2 stops a chain of three (exit 3); 0 reports the 302 and, with --allow-errors, records it with its Location")
    func maxRedirects() throws {
        let nginx = try NginxServer.get()
        let (limited, directory) = try recordURL(nginx.httpURL + "/hop/1", name: "hop", ["--max-redirects", "2"])
        #expect(limited.exitCode == 3)
        #expect(limited.standardOutput.contains("too-many-redirects"))
        #expect(limited.standardOutput.contains("raise --max-redirects"))

        let (unfollowed, _) = try recordURL(nginx.httpURL + "/hop/1", name: "hop", ["--max-redirects", "0"], in: directory)
        #expect(unfollowed.exitCode == 1)
        #expect(unfollowed.standardOutput.contains("hop  not recorded: status 302, expected 2xx"), "\(unfollowed.standardOutput)")
        #expect(unfollowed.standardOutput.contains("expected a 2xx status, found status 302 (Location: \(nginx.httpURL)/hop/2), not followed with --max-redirects 0"),
                "\(unfollowed.standardOutput)")

        let (allowed, _) = try recordURL(nginx.httpURL + "/hop/1", name: "hop", ["--max-redirects", "0", "--allow-errors"], in: directory)
        #expect(allowed.exitCode == 1)
        let response = try #require(try mapping("hop", in: directory)["response"] as? [String: Any])
        #expect(response["status"] as? Int == 302)
        #expect((response["headers"] as? [String: String])?["Location"] == "\(nginx.httpURL)/hop/2")
    }

    @Test("--retries sends a 503 again, then reports the server error it is with its attempts (exit 3), in both modes")
    func retries() throws {
        let nginx = try NginxServer.get()
        let (url, _) = try recordURL(nginx.httpURL + "/busy", name: "busy", ["--retries", "2", "--retry-delay", "0.01", "--format", "json"])
        #expect(url.exitCode == 3)
        let result = try firstResult(try jsonReport(url))
        #expect(result["attempts"] as? Int == 3)
        #expect((result["findings"] as? [[String: Any]])?.first?["kind"] as? String == "server-error")

        let contracts = try Envelope.run(["record", "--contracts", nginx.contracts, "--base-url", nginx.httpURL, "--only", "busy",
                                          "--retries", "2", "--retry-delay", "0.01", "--format", "json"], in: try temporaryDirectory())
        #expect(contracts.exitCode == 3)
        #expect(try firstResult(try jsonReport(contracts))["attempts"] as? Int == 3)
    }

    @Test("--max-body cuts an answer off and reports body-too-large with its status; nothing is written")
    func maxBody() throws {
        let nginx = try NginxServer.get()
        let (cut, directory) = try recordURL(nginx.httpURL + "/big.json", name: "big", ["--max-body", "10K"])
        #expect(cut.exitCode == 3)
        #expect(cut.standardOutput.contains("✗ (body)  body-too-large\n"))
        #expect(cut.standardOutput.contains("status 200, but the body is larger than --max-body (10240 bytes) and was cut off there"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Mocks/mappings/big.json").path))

        let contracts = try Envelope.run(["record", "--contracts", nginx.contracts, "--base-url", nginx.httpURL, "--only", "big",
                                          "--max-body", "10K"], in: directory)
        #expect(contracts.exitCode == 3)
        #expect(contracts.standardOutput.contains("✗ (body)  body-too-large\n"))
    }

    @Test("--verbose prints each exchange to standard error with the secrets as ***, in both modes")
    func verbose() throws {
        let nginx = try NginxServer.get()
        let secret = "sk-RECORD-VERBOSE-777"
        let (url, _) = try recordURL(nginx.httpURL + "/echo", name: "echo", ["-H", "X-Api-Key: ${PLANTED_SECRET}", "--verbose", "--allow-errors"],
                                     environment: ["PLANTED_SECRET": secret])
        #expect(url.standardError.hasPrefix("* echo: GET \(nginx.httpURL)/echo\n"), "\(url.standardError)")
        #expect(url.standardError.contains("> GET /echo HTTP/1.1\n"))
        #expect(url.standardError.contains("> X-Api-Key: ***\n"))
        #expect(url.standardError.contains("< HTTP/1.1 200 OK\n"))
        #expect(url.standardError.contains("* timings: dns "))
        #expect(!url.standardError.contains(secret) && !url.standardOutput.contains(secret))

        let contracts = try Envelope.run(["record", "--contracts", nginx.contracts, "--base-url", nginx.httpURL, "--only", "echo", "-v"],
                                         in: try temporaryDirectory(), environment: ["PLANTED_SECRET": secret])
        #expect(contracts.standardError.hasPrefix("* echo: GET \(nginx.httpURL)/echo?key=***\n"), "\(contracts.standardError)")
        #expect(contracts.standardError.contains("> X-Api-Key: ***\n"))
        #expect(!contracts.standardError.contains(secret) && !contracts.standardOutput.contains(secret))
    }

    @Test("--slow warns (slow-answer) about an answer slower than its budget, in both modes; the answer is still written")
    func slow() throws {
        let project = try temporaryDirectory()
        let live = project.appendingPathComponent("Live/mappings"), contracts = project.appendingPathComponent("Contracts")
        for folder in [live, contracts] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try #"{"request": {"method": "GET", "urlPath": "/slow"}, "response": {"status": 200, "fixedDelayMilliseconds": 100, "jsonBody": {"a": 1}}}"#
            .write(to: live.appendingPathComponent("slow.json"), atomically: true, encoding: .utf8)
        try #"{"contract": "slow", "request": {"path": "/slow"}, "response": {"status": 200, "body": {"type": "object"}}}"#
            .write(to: contracts.appendingPathComponent("slow.json"), atomically: true, encoding: .utf8)
        let server = try ServeProcess(["--mocks", "Live"], in: project)
        defer { _ = server.stop() }

        let (url, _) = try recordURL(server.url + "/slow", name: "adhoc", ["--slow", "10"], in: project)
        #expect(url.exitCode == 0, "\(url.standardOutput)")
        #expect(url.standardOutput.contains("adhoc  wrote Mocks/mappings/adhoc.json\n"))
        #expect(url.standardOutput.contains("  ! (time)  slow-answer  (warning)\n      expected an answer within 10 ms, found an answer after "), "\(url.standardOutput)")

        let recorded = try Envelope.run(["record", "--base-url", server.url, "--slow", "10", "--fail-on", "warning"], in: project)
        #expect(recorded.exitCode == 1, "\(recorded.standardOutput)")
        #expect(recorded.standardOutput.contains("slow  wrote Mocks/mappings/slow.json\n"))
        #expect(recorded.standardOutput.contains("  ! (time)  slow-answer  (warning)\n"), "\(recorded.standardOutput)")
    }

    @Test("--connect-timeout gives up on a server that accepts the connection but never answers the TLS handshake")
    func connectTimeout() throws {
        let silent = try SilentListener()
        let (result, _) = try recordURL("https://127.0.0.1:\(silent.port)/x", name: "x", ["--connect-timeout", "0.2", "--timeout", "600"])
        #expect(result.exitCode == 3, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("transport-error  operation-timedout"))
        #expect(result.standardOutput.contains("SSL connection timeout"), "\(result.standardOutput)")
        // The hint names the options that would help, not "the timeout".
        #expect(result.standardOutput.contains("check that it is healthy, or raise --timeout (--connect-timeout while connecting)."))
    }
}

/// A loopback TCP socket that listens and never accepts: the kernel completes the TCP
/// handshake, then nothing answers.
final class SilentListener {
    let descriptor: Int32
    let port: UInt16

    init() throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let descriptor = descriptor
        let listening = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && listen(descriptor, 8) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        port = UInt16(bigEndian: address.sin_port)
        if !listening { close(descriptor) }
        try #require(listening)
    }

    deinit { close(descriptor) }
}
