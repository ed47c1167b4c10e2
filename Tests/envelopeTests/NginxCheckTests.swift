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
        let limited = try Envelope.run(base + ["--max-redirects", "2"])
        #expect(limited.exitCode == 3)
        #expect(limited.standardOutput.contains("too-many-redirects"))
        let unfollowed = try Envelope.run(base + ["--max-redirects", "0"])
        #expect(unfollowed.exitCode == 1)
        #expect(unfollowed.standardOutput.contains("expected status 200, found status 302"))
    }

    @Test("503 with Retry-After is retried --retries times, then reported as the status it is")
    func busyIsRetried() throws {
        let nginx = try NginxServer.get()
        let result = try Envelope.run(["check", "--contracts", nginx.contracts, "--base-url", nginx.httpURL, "--only", "busy",
                                       "--retries", "2", "--retry-delay", "0.01", "--format", "json"])
        #expect(result.exitCode == 1)
        let busy = try firstResult(try jsonReport(result))
        #expect(busy["attempts"] as? Int == 3)
        let finding = try #require((busy["findings"] as? [[String: Any]])?.first)
        #expect(finding["kind"] as? String == "status-mismatch")
        #expect(finding["actual"] as? String == "status 503")
    }

    @Test("an answer over --max-body is cut off and reported as a transport error (exit 3)")
    func maxBody() throws {
        let nginx = try NginxServer.get()
        let base = ["check", "--contracts", nginx.contracts, "--base-url", nginx.httpURL, "--only", "big"]
        let cut = try Envelope.run(base + ["--max-body", "10K"])
        #expect(cut.exitCode == 3)
        #expect(cut.standardOutput.contains("filesize-exceeded"))
        #expect(cut.standardOutput.contains("larger than the limit of 10240 bytes"))
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
        #expect(one.exitCode == 1)
        #expect(one.standardOutput == eight.standardOutput)
        #expect(one.standardOutput.components(separatedBy: "\n").filter { !$0.hasPrefix(" ") && $0.contains(" GET ") }.map { $0.components(separatedBy: " ")[0] }
                == ["big", "busy", "news", "redirected"])
    }
}
