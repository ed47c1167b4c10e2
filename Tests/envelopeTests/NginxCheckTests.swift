import Foundation
import Testing

/// The JSON report of a run, parsed.
func jsonReport(_ result: RunResult) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
}

/// The first result of a JSON report.
func firstResult(_ report: [String: Any]) throws -> [String: Any] {
    try #require((report["results"] as? [[String: Any]])?.first)
}

@Suite("envelope check against a real nginx")
struct NginxCheckTests {
    @Test("plain HTTP: gzip is accepted and decoded, timings and the HTTP version are in the JSON report")
    func plainHTTPWithGzip() throws {
        let nginx = try NginxServer.get()
        let result = try Envelope.run(["check", "--contracts", nginx.contracts, "--base-url", nginx.httpURL, "--only", "news", "--format", "json"])
        #expect(result.exitCode == 0, "\(result.standardOutput)\(result.standardError)")
        let news = try firstResult(try jsonReport(result))
        #expect(news["status"] as? String == "ok")
        #expect(news["httpVersion"] as? String == "1.1")
        #expect(news["attempts"] as? Int == 1)
        let timings = try #require(news["timings"] as? [String: Double])
        #expect(Set(timings.keys) == ["dns", "connect", "tls", "firstByte", "total"])
        #expect(timings["tls"] == 0)
        #expect((timings["firstByte"] ?? -1) <= (timings["total"] ?? 0))
    }

    @Test("HTTPS with a self-signed certificate: verification fails without --cacert (exit 3)")
    func httpsWithoutCACertFails() throws {
        let nginx = try NginxServer.get()
        let result = try Envelope.run(["check", "--contracts", nginx.contracts, "--base-url", nginx.httpsURL, "--only", "news"])
        #expect(result.exitCode == 3)
        #expect(result.standardOutput.contains("transport-error  peer-failed-verification"))
        #expect(result.standardOutput.contains("curl error 60"))
    }

    @Test("HTTPS with --cacert passes, over HTTP/2, with TLS time recorded")
    func httpsWithCACertPassesOverHTTP2() throws {
        let nginx = try NginxServer.get()
        let result = try Envelope.run(["check", "--contracts", nginx.contracts, "--base-url", nginx.httpsURL, "--only", "news",
                                       "--cacert", nginx.certificate, "--format", "json"])
        #expect(result.exitCode == 0, "\(result.standardOutput)")
        let news = try firstResult(try jsonReport(result))
        #expect(news["httpVersion"] as? String == "2")
        let timings = try #require(news["timings"] as? [String: Double])
        #expect((timings["tls"] ?? 0) > 0)
        #expect(result.standardError == "")
    }

    @Test("--insecure passes without the certificate and warns on stderr")
    func insecureWarns() throws {
        let nginx = try NginxServer.get()
        let result = try Envelope.run(["check", "--contracts", nginx.contracts, "--base-url", nginx.httpsURL, "--only", "news", "--insecure"])
        #expect(result.exitCode == 0)
        #expect(result.standardError.hasPrefix("warning: --insecure: TLS certificates are not verified"))
    }

    @Test("a redirect chain of three is followed by default; --max-redirects 2 stops it (exit 3); 0 reports the 302")
    func redirectChain() throws {
        let nginx = try NginxServer.get()
        let base = ["check", "--contracts", nginx.contracts, "--base-url", nginx.httpURL, "--only", "redirected"]
        let followed = try Envelope.run(base)
        #expect(followed.exitCode == 0, "\(followed.standardOutput)")
        #expect(followed.standardOutput.contains("\n  after 3 redirects: \(nginx.httpURL)/v1/search/news.json?query=swift\n  ok\n"), "\(followed.standardOutput)")
        let limited = try Envelope.run(base + ["--max-redirects", "2"])
        #expect(limited.exitCode == 3)
        #expect(limited.standardOutput.contains("too-many-redirects"))
        let unfollowed = try Envelope.run(base + ["--max-redirects", "0"])
        #expect(unfollowed.exitCode == 1)
        #expect(unfollowed.standardOutput.contains("expected status 200, found status 302 (Location: http://127.0.0.1:"))
        #expect(unfollowed.standardOutput.contains("/hop/2), not followed with --max-redirects 0"))
        #expect(limited.standardOutput.contains("raise --max-redirects"))
        #expect(!limited.standardOutput.contains("maxRedirects"))
    }

    @Test("503 with Retry-After is retried --retries times, then reported as the server error it is (exit 3)")
    func busyIsRetried() throws {
        let nginx = try NginxServer.get()
        let result = try Envelope.run(["check", "--contracts", nginx.contracts, "--base-url", nginx.httpURL, "--only", "busy",
                                       "--retries", "2", "--retry-delay", "0.01", "--format", "json"])
        #expect(result.exitCode == 3)
        let busy = try firstResult(try jsonReport(result))
        #expect(busy["attempts"] as? Int == 3)
        #expect(busy["httpStatus"] as? Int == 503)
        let findings = try #require(busy["findings"] as? [[String: Any]])
        #expect(findings.count == 1)
        #expect(findings.first?["kind"] as? String == "server-error")
        #expect(findings.first?["actual"] as? String == #"status 503, "{\"error\": \"busy\"}" (application/json)"#)
    }

    @Test("an answer over --max-body is cut off and reported as body-too-large with its status, not as unreachable (exit 3)")
    func maxBody() throws {
        let nginx = try NginxServer.get()
        let base = ["check", "--contracts", nginx.contracts, "--base-url", nginx.httpURL, "--only", "big"]
        let cut = try Envelope.run(base + ["--max-body", "10K"])
        #expect(cut.exitCode == 3)
        #expect(cut.standardOutput.contains("✗ (body)  body-too-large\n"))
        #expect(cut.standardOutput.contains("status 200, but the body is larger than --max-body (10240 bytes) and was cut off there"))
        #expect(cut.standardOutput.hasSuffix("1 contract: 0 ok, 0 with drift, 1 cut off at --max-body (0 breaking, 0 warnings)\n"))
        #expect(!cut.standardOutput.contains("unreachable"))
        let whole = try Envelope.run(base)
        #expect(whole.exitCode == 0)
    }

    @Test("http_proxy from the environment is used, as curl users expect")
    func proxyFromEnvironment() throws {
        let nginx = try NginxServer.get()
        // upstream.invalid cannot resolve: only going through the proxy (nginx) can answer.
        let result = try Envelope.run(["check", "--contracts", nginx.contracts, "--base-url", "http://upstream.invalid", "--only", "news"],
                                      environment: ["http_proxy": nginx.httpURL, "no_proxy": "", "NO_PROXY": ""])
        #expect(result.exitCode == 0, "\(result.standardOutput)")
    }

    @Test("the same contracts give the same report with --jobs 1 and --jobs 8")
    func jobsDoNotChangeTheReport() throws {
        let nginx = try NginxServer.get()
        let base = ["check", "--contracts", nginx.contracts, "--base-url", nginx.httpURL, "--only", "news,redirected,busy,big"]
        let one = try Envelope.run(base + ["--jobs", "1"])
        let eight = try Envelope.run(base + ["--jobs", "8"])
        // busy's 503 is an outage, not drift, and nothing else drifts: exit 3.
        #expect(one.exitCode == 3)
        #expect(one.normalizedOutput == eight.normalizedOutput)
        #expect(one.standardOutput.components(separatedBy: "\n").filter { !$0.hasPrefix(" ") && $0.contains(" GET ") }.map { $0.components(separatedBy: " ")[0] }
                == ["big", "busy", "news", "redirected"])
    }
}
