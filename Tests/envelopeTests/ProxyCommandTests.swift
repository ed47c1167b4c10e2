import Foundation
import Testing

/// The contracts of the proxy tests against nginx: `news` fits the answer, `big` expects an
/// object where nginx serves an array, `menu` is never asked for.
private let nginxContracts: [String: String] = [
    "news": #"{"contract": "news", "request": {"path": "/v1/search/news.json", "query": {"query": "{q}"}}, "response": {"status": 200, "body": {"type": "object", "required": ["total", "items"], "properties": {"total": {"type": "integer"}, "items": {"type": "array"}}}}}"#,
    "big": #"{"contract": "big", "request": {"path": "/big.json"}, "response": {"status": 200, "body": {"type": "object"}}}"#,
    "menu": #"{"contract": "menu", "request": {"path": "/v1/menus/{id}"}, "response": {"status": 200}}"#,
]

@Suite("envelope proxy against nginx, end to end", .temporaryFolders)
struct ProxyNginxTests {
    @Test("curl gets through the proxy what it gets from nginx: status, end-to-end headers in order, gzip-compressed chunked bytes",
          arguments: [["-H", "Accept-Encoding: gzip"], [], ["-I"]])
    func byteForByte(_ options: [String]) throws {
        let nginx = try NginxServer.get()
        let directory = try temporaryDirectory()
        let proxy = try ProxyProcess(["--upstream", nginx.httpURL, "--contracts", try contractsFolder(nginxContracts).path])
        for path in ["/v1/search/news.json?query=swift", "/big.json", "/v1/missing/42"] {
            let direct = try curlAnswer(nginx.httpURL + path, options, in: directory)
            let proxied = try curlAnswer(proxy.url + path, options, in: directory)
            #expect(proxied.statusLine == direct.statusLine, "\(path)")
            #expect(proxied.endToEndHeaders == direct.endToEndHeaders, "\(path)")
            if options != ["-I"] { #expect(proxied.body == direct.body, "\(path)") }
            if options.isEmpty || options.first == "-H" {
                #expect(proxied.header("Content-Length") == String(proxied.body.count), "\(path) is framed by Content-Length")
            } else {
                // HEAD: the upstream's Content-Length, of the body not sent.
                #expect(proxied.header("Content-Length") == direct.header("Content-Length"))
            }
        }
        if options.first == "-H" {
            let direct = try curlAnswer(nginx.httpURL + "/v1/search/news.json?query=swift", options, in: directory)
            #expect(direct.header("Content-Encoding") == "gzip")
            #expect(direct.header("Transfer-Encoding") == "chunked")
        }
        #expect(proxy.stop().status != 2)
    }

    @Test("python requests gets the same answers through the proxy as from nginx, compressed or not")
    func pythonRequests() throws {
        let nginx = try NginxServer.get()
        let proxy = try ProxyProcess(["--upstream", nginx.httpURL, "--contracts", try contractsFolder(nginxContracts).path])
        let script = """
            import requests, hashlib
            s = requests.Session()
            for path in ["/v1/search/news.json?query=swift", "/big.json", "/nope"]:
                for enc in ["gzip", "identity"]:
                    a = requests.get("\(nginx.httpURL)" + path, headers={"Accept-Encoding": enc}, stream=True)
                    b = s.get("\(proxy.url)" + path, headers={"Accept-Encoding": enc}, stream=True)
                    ra, rb = a.raw.read(decode_content=False), b.raw.read(decode_content=False)
                    print(path, enc, a.status_code == b.status_code, a.reason == b.reason, ra == rb,
                          a.headers.get("Content-Encoding") == b.headers.get("Content-Encoding"), len(rb) > 0 or a.status_code != 200)
            """
        let result = try python(script)
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 6)
        for line in lines { #expect(line.hasSuffix("True True True True True"), "\(line)") }
        #expect(proxy.stop().status != 2)
    }

    @Test("each request gets a live line with its contract and verdict; the first drift of a contract in full; the report lists coverage and exits 1")
    func liveLinesAndCoverage() throws {
        let nginx = try NginxServer.get()
        let directory = try temporaryDirectory()
        let proxy = try ProxyProcess(["--upstream", nginx.httpURL, "--contracts", try contractsFolder(nginxContracts).path, "--requests", "5"])
        _ = try curlAnswer(proxy.url + "/v1/search/news.json?query=swift", ["-H", "Accept-Encoding: gzip"], in: directory)
        #expect(proxy.waitForLine("GET /v1/search/news.json?query=swift  200  "))
        _ = try curlAnswer(proxy.url + "/big.json", in: directory)
        #expect(proxy.waitForLine("GET /big.json  200  "))
        _ = try curlAnswer(proxy.url + "/big.json", in: directory)
        _ = try curlAnswer(proxy.url + "/v1/unknown/42", in: directory)
        _ = try curlAnswer(proxy.url + "/v1/unknown/43", in: directory)
        let ended = proxy.waitForExit()
        #expect(ended.status == 1)
        let lines = ended.error.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("GET /v1/search/news.json?query=swift  200  ") && $0.hasSuffix("  news  ok") })
        let big = lines.filter { $0.hasPrefix("GET /big.json  200  ") }
        #expect(big.count == 2)
        #expect(big.allSatisfy { $0.hasSuffix("  big  ✗ 1 breaking (type-mismatch)") })
        // The whole drift once, right after the first line of big.
        #expect(ended.error.components(separatedBy: "big  GET \(nginx.httpURL)/big.json").count == 2)
        #expect(ended.error.contains("  ✗ (root)  type-mismatch\n      expected object, found array"))
        #expect(lines.contains { $0.hasPrefix("GET /v1/unknown/42  404  ") && $0.hasSuffix("  (no contract)") })
        let report = ended.output
        #expect(report.contains("Coverage: 2 of 3 contracts exercised (3 requests), 1 never; 2 requests no contract covers\n"))
        #expect(report.contains("""
            Coverage: 2 of 3 contracts exercised (3 requests), 1 never; 2 requests no contract covers
              exercised        GET  /big.json             big   2 requests, 2 drifted
              exercised        GET  /v1/search/news.json  news  1 request
              never exercised  GET  /v1/menus/{id}        menu
              no contract      GET  /v1/unknown/{id}            2 requests (404 ×2)

            """))
        #expect(report.hasSuffix("2 contracts: 1 ok, 1 with drift (1 breaking, 0 warnings)\n"))
    }

    @Test("every report format carries the coverage, and the exit code follows --fail-on", arguments: ["json", "junit", "github", "markdown"])
    func formats(_ format: String) throws {
        let nginx = try NginxServer.get()
        let directory = try temporaryDirectory()
        let contracts = try contractsFolder(nginxContracts)
        let file = directory.appendingPathComponent("report.\(format)")
        let proxy = try ProxyProcess(["--upstream", nginx.httpURL, "--contracts", contracts.path, "--requests", "2", "--format", format,
                                      "--output", file.path, "--fail-on", "never"])
        _ = try curlAnswer(proxy.url + "/big.json", in: directory)
        _ = try curlAnswer(proxy.url + "/v1/unknown/7", in: directory)
        let ended = proxy.waitForExit()
        #expect(ended.status == 0)
        // The text report still goes to standard output.
        #expect(ended.output.contains("Coverage: 1 of 3 contracts exercised (1 request), 2 never; 1 request no contract covers\n"))
        let text = try String(contentsOf: file, encoding: .utf8)
        switch format {
        case "json":
            let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let coverage = try #require(json["coverage"] as? [String: Any])
            #expect(coverage["requests"] as? Int == 2)
            #expect(coverage["uncoveredRequests"] as? Int == 1)
            let exercised = try #require(coverage["exercised"] as? [[String: Any]])
            #expect(exercised.count == 1)
            #expect(exercised.first?["contract"] as? String == "big")
            #expect(exercised.first?["path"] as? String == "/big.json")
            #expect(exercised.first?["requests"] as? Int == 1)
            #expect(exercised.first?["drifted"] as? Int == 1)
            let never = try #require(coverage["unexercised"] as? [[String: Any]])
            #expect(never.compactMap { $0["contract"] as? String } == ["menu", "news"])
            #expect(never.first?["path"] as? String == "/v1/menus/{id}")
            let uncovered = try #require(coverage["uncovered"] as? [[String: Any]])
            #expect(uncovered.first?["path"] as? String == "/v1/unknown/{id}")
            #expect((uncovered.first?["statuses"] as? [String: Int]) == ["404": 1])
            let results = try #require(json["results"] as? [[String: Any]])
            #expect(results.first?["contract"] as? String == "big")
        case "junit":
            #expect(text.contains("<property name=\"coverage.unexercised.menu\" value=\"GET /v1/menus/{id}\"/>"))
            #expect(text.contains("<property name=\"coverage.requests\" value=\"2\"/>"))
            #expect(text.contains("<system-out>Coverage: 1 of 3 contracts exercised"))
        case "github":
            #expect(text.contains("::notice title=envelope proxy%3A coverage::1 of 3 contracts exercised (1 request), 2 never; 1 request no contract covers\n"))
            #expect(text.contains("::notice file=\(contracts.path)/menu.json,title=menu%3A never exercised::no request of the app reached GET /v1/menus/{id}\n"))
            #expect(text.contains("::notice title=requests no contract covers::GET /v1/unknown/{id} (1)\n"))
        default:
            #expect(text.contains("#### Coverage: 1 of 3 contracts exercised (1 request), 2 never; 1 request no contract covers"))
            #expect(text.contains("| ⬜ never | GET | `/v1/menus/{id}` | `menu` | 0 |"))
            #expect(text.contains("| ❔ no contract | GET | `/v1/unknown/{id}` | – | 1 |"))
        }
    }

    @Test("SIGTERM ends the run with the report; a run with no requests lists every contract as never exercised")
    func sigterm() throws {
        let nginx = try NginxServer.get()
        let proxy = try ProxyProcess(["--upstream", nginx.httpURL, "--contracts", try contractsFolder(nginxContracts).path])
        let ended = proxy.stop(SIGTERM)
        #expect(ended.status == 0)
        #expect(ended.output.contains("Coverage: 0 of 3 contracts exercised (0 requests), 3 never; 0 requests no contract covers\n"))
    }

    @Test("--duration ends the run; --host 0.0.0.0 says the whole network may connect")
    func durationAndHost() throws {
        let nginx = try NginxServer.get()
        let result = try Envelope.run(["proxy", "--upstream", nginx.httpURL, "--contracts", try contractsFolder(nginxContracts).path,
                                       "--port", "0", "--host", "0.0.0.0", "--duration", "0.2"])
        #expect(result.exitCode == 0)
        #expect(result.standardError.contains("warning: --host 0.0.0.0: the proxy accepts connections from the whole network"))
        #expect(result.standardOutput.contains("Coverage: 0 of 3 contracts exercised"))
    }

    @Test("--record writes what passed through as mappings, decoded, once each, and skips error answers")
    func record() throws {
        let nginx = try NginxServer.get()
        let directory = try temporaryDirectory()
        let mocks = directory.appendingPathComponent("Mocks")
        let proxy = try ProxyProcess(["--upstream", nginx.httpURL, "--contracts", try contractsFolder(nginxContracts).path,
                                      "--record", mocks.path, "--requests", "4"])
        for path in ["/v1/search/news.json?query=swift", "/v1/search/news.json?query=swift", "/busy", "/v1/unknown/1"] {
            _ = try curlAnswer(proxy.url + path, ["-H", "Accept-Encoding: gzip"], in: directory)
        }
        let ended = proxy.waitForExit()
        #expect(ended.status == 0)  // /busy has no contract here: its 503 is only not recorded.
        let files = try FileManager.default.contentsOfDirectory(atPath: mocks.appendingPathComponent("mappings").path).sorted()
        #expect(files == ["news.json"])
        let mapping = try String(contentsOf: mocks.appendingPathComponent("mappings/news.json"), encoding: .utf8)
        #expect(mapping.contains("\"urlPath\": \"/v1/search/news.json\""))
        #expect(mapping.contains("\"query\": { \"equalTo\": \"swift\" }") || mapping.contains("\"equalTo\": \"swift\""))
        #expect(mapping.contains("\"title\": \"Swift 0\""))
        #expect(!mapping.lowercased().contains("content-encoding"))
        #expect(ended.error.contains("busy  not recorded: status 503, expected 2xx"))
        #expect(ended.error.contains("get-v1-unknown-1  not recorded: status 404, expected 2xx"))
        #expect(ended.error.components(separatedBy: "news  wrote ").count == 2)
    }
}

@Suite("envelope proxy against a misbehaving upstream, end to end", .temporaryFolders)
struct ProxyBadUpstreamTests {
    private static let contracts: [String: String] = [
        "hang": #"{"contract": "hang", "request": {"path": "/hang"}, "response": {"status": 200}}"#,
        "reset": #"{"contract": "reset", "request": {"path": "/reset"}, "response": {"status": 200}}"#,
        "garbage": #"{"contract": "garbage", "request": {"path": "/garbage"}, "response": {"status": 200}}"#,
    ]

    @Test("an upstream that hangs, resets or sends garbage gives the app a 502 with a short reason, the report transport-errors (exit 3), and the proxy keeps serving")
    func hangResetGarbage() throws {
        let upstream = try MisbehavingUpstream()
        let directory = try temporaryDirectory()
        let proxy = try ProxyProcess(["--upstream", upstream.url, "--contracts", try contractsFolder(Self.contracts).path, "--timeout", "1"])
        for (path, name) in [("/hang", "operation-timedout"), ("/reset", "recv-error"), ("/garbage", "unsupported-protocol")] {
            let answer = try curlAnswer(proxy.url + path, in: directory)
            #expect(answer.statusLine == "HTTP/1.1 502 Bad Gateway", "\(path)")
            #expect(answer.header("X-Envelope-Error") == name, "\(path)")
            let body = String(decoding: answer.body, as: UTF8.self)
            #expect(body.hasPrefix("envelope proxy: no answer from the upstream ("), "\(path): \(body)")
            #expect(proxy.waitForLine("GET \(path)  502  "))
        }
        // Still serving, and the upstream's answer goes back as it came.
        let fine = try curlAnswer(proxy.url + "/reason", in: directory)
        #expect(fine.statusLine == "HTTP/1.1 200 Fine Thanks")
        // Connection, what it names (X-Hop), Keep-Alive and Proxy-* are dropped; the rest keep their order.
        #expect(fine.headers.map(\.name) == ["Content-Type", "X-Second", "X-First", "Set-Cookie", "Set-Cookie", "Content-Length"])
        #expect(String(decoding: fine.body, as: UTF8.self) == #"{"fine": true}"#)
        let chunked = try curlAnswer(proxy.url + "/chunked", in: directory)
        #expect(String(decoding: chunked.body, as: UTF8.self) == #"{"a": [1]}"#)
        #expect(chunked.header("Content-Length") == "10")
        let ended = proxy.stop()
        #expect(ended.status == 3)
        for contract in ["hang", "reset", "garbage"] {
            #expect(ended.output.contains("\(contract)  GET \(upstream.url)/\(contract)"))
        }
        #expect(ended.output.contains("  ✗ (request)  transport-error  operation-timedout\n"))
        #expect(ended.output.contains("3 contracts: 0 ok, 0 with drift, 3 unreachable"))
    }

    @Test("an upstream that refuses connections gives a 502 naming couldnt-connect, in an ASCII header")
    func refused() throws {
        let port = try closedLoopbackPort()
        let directory = try temporaryDirectory()
        let proxy = try ProxyProcess(["--upstream", "http://127.0.0.1:\(port)", "--contracts", try contractsFolder(Self.contracts).path,
                                      "--requests", "1"])
        let answer = try curlAnswer(proxy.url + "/nothing/here", in: directory)
        #expect(answer.statusLine == "HTTP/1.1 502 Bad Gateway")
        #expect(answer.header("X-Envelope-Error") == "couldnt-connect")
        let ended = proxy.waitForExit()
        #expect(ended.status == 3)
        #expect(ended.error.contains("GET /nothing/here  502  "))
        #expect(ended.error.contains("(no contract)  ✗ transport-error couldnt-connect: Failed to connect to 127.0.0.1 port \(port)"))
        #expect(ended.output.contains("GET /nothing/here  GET http://127.0.0.1:\(port)/nothing/here"))
    }

    @Test("the request goes on as the app sent it: method, body, end-to-end headers; Host the upstream's; X-Forwarded-* added; hop-by-hop dropped")
    func requestForwarding() throws {
        let upstream = try MisbehavingUpstream()
        let proxy = try ProxyProcess(["--upstream", upstream.url, "--contracts", try contractsFolder(Self.contracts).path])
        let script = """
            import requests, json
            r = requests.post("\(proxy.url)/echo?a=1&b=%20x", data=b"hello body",
                              headers={"X-Api": "1", "Keep-Alive": "5", "Connection": "keep-alive, X-Drop", "X-Drop": "x",
                                       "Content-Type": "text/plain", "User-Agent": "app/1.0"})
            e = r.json()
            print(json.dumps([r.status_code, e["method"], e["target"], e["body"], e["headers"]]))
            """
        let result = try python(script)
        #expect(result.status == 0)
        let echoed = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [Any])
        #expect(echoed[0] as? Int == 200)
        #expect(echoed[1] as? String == "POST")
        #expect(echoed[2] as? String == "/echo?a=1&b=%20x")
        #expect(echoed[3] as? String == "hello body")
        let headers = try #require(echoed[4] as? [[String]])
        func value(_ name: String) -> String? { headers.first { $0.first?.lowercased() == name.lowercased() }?.last }
        #expect(value("Host") == String(upstream.url.dropFirst("http://".count)))
        #expect(value("X-Api") == "1")
        #expect(value("User-Agent") == "app/1.0")
        #expect(value("Content-Type") == "text/plain")
        #expect(value("Content-Length") == "10")
        #expect(value("X-Forwarded-For") == "127.0.0.1")
        #expect(value("X-Forwarded-Proto") == "http")
        #expect(value("X-Forwarded-Host") == String(proxy.url.dropFirst("http://".count)))
        #expect(value("Keep-Alive") == nil)
        #expect(value("X-Drop") == nil)
        #expect(value("Connection") == nil)
        #expect(proxy.stop().status == 0)
    }

    @Test("--env takes the environment's base URL as the upstream and adds its headers, ${VAR} expanded, unless the app sent its own; the secret stays out of the report")
    func environment() throws {
        let upstream = try MisbehavingUpstream()
        let directory = try temporaryDirectory()
        let config = directory.appendingPathComponent("envelope.json")
        try Data(#"{"environments": {"staging": {"baseURL": "\#(upstream.url)", "headers": {"X-Api-Key": "${PROXY_TEST_SECRET}", "X-Client": "envelope-tests"}}}}"#.utf8)
            .write(to: config)
        let contracts = try contractsFolder(["echo": #"{"contract": "echo", "request": {"method": "GET", "path": "/echo"}, "response": {"status": 200, "body": {"type": "object", "required": ["missing"]}}}"#])
        let proxy = try ProxyProcess(["--env", "staging", "--config", config.path, "--contracts", contracts.path, "--requests", "1"],
                                     environment: ["PROXY_TEST_SECRET": "s3cret-value-1234"])
        #expect(proxy.errors.text.hasPrefix("Proxying \(proxy.url) to \(upstream.url) (1 contract from"))
        let answer = try curlAnswer(proxy.url + "/echo", ["-H", "X-Client: the-app"], in: directory)
        let echoed = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
        let headers = try #require(echoed["headers"] as? [[String]])
        #expect(headers.contains(["X-Api-Key", "s3cret-value-1234"]))
        #expect(headers.contains(["X-Client", "the-app"]))
        #expect(!headers.contains(["X-Client", "envelope-tests"]))
        let ended = proxy.waitForExit()
        #expect(ended.status == 1)
        #expect(ended.output.contains("echo  GET \(upstream.url)/echo"))
        #expect(!ended.output.contains("s3cret-value-1234"))
        #expect(!ended.error.contains("s3cret-value-1234"))
    }

    @Test("--fallback-to-mocks: when the upstream refuses or says 404 and a mock answers, the mock answers, and the live line says so")
    func fallback() throws {
        let upstream = try MisbehavingUpstream()
        let directory = try temporaryDirectory()
        let mocks = directory.appendingPathComponent("Mocks/mappings")
        try FileManager.default.createDirectory(at: mocks, withIntermediateDirectories: true)
        try Data(#"{"name": "menu-mock", "request": {"method": "GET", "urlPath": "/v1/menu"}, "response": {"status": 200, "jsonBody": {"menu": []}}}"#.utf8)
            .write(to: mocks.appendingPathComponent("menu.json"))
        let contracts = try contractsFolder(["menu": #"{"contract": "menu", "request": {"path": "/v1/menu"}, "response": {"status": 200, "body": {"type": "object", "required": ["menu"]}}}"#])
        let proxy = try ProxyProcess(["--upstream", upstream.url, "--contracts", contracts.path,
                                      "--fallback-to-mocks", directory.appendingPathComponent("Mocks").path, "--requests", "2"])
        let answer = try curlAnswer(proxy.url + "/v1/menu", in: directory)
        #expect(answer.statusLine == "HTTP/1.1 200 OK")
        #expect(String(decoding: answer.body, as: UTF8.self) == #"{"menu": []}"#)
        let missing = try curlAnswer(proxy.url + "/v1/other", in: directory)
        #expect(missing.statusLine == "HTTP/1.1 404 Not Found")  // no mock for it: the upstream's 404
        let ended = proxy.waitForExit()
        #expect(ended.status == 0)
        #expect(ended.error.contains("  menu  ok  (answered by mock menu-mock: the upstream answered 404)\n"))
        #expect(ended.output.contains("  exercised    GET  /v1/menu   menu  1 request, 1 answered by mocks\n"))

        let refusedPort = try closedLoopbackPort()
        let refused = try ProxyProcess(["--upstream", "http://127.0.0.1:\(refusedPort)", "--contracts", contracts.path,
                                        "--fallback-to-mocks", directory.appendingPathComponent("Mocks").path, "--requests", "1"])
        let fromMock = try curlAnswer(refused.url + "/v1/menu", in: directory)
        #expect(String(decoding: fromMock.body, as: UTF8.self) == #"{"menu": []}"#)
        let refusedEnd = refused.waitForExit()
        #expect(refusedEnd.error.contains("(answered by mock menu-mock: the upstream gave no answer (couldnt-connect))"))
        #expect(refusedEnd.status == 0)
    }
}

@Suite("envelope proxy options")
struct ProxyOptionTests {
    @Test("proxy without --upstream or --env is a usage error that says what to give")
    func needsUpstream() throws {
        let result = try Envelope.run(["proxy"])
        #expect(result.exitCode == 2)
        #expect(result.standardError.contains("proxy needs a server to forward to: --upstream URL (or --env NAME from envelope.json)."))
    }

    @Test("an --upstream that is not http(s) is a usage error")
    func badUpstream() throws {
        let result = try Envelope.run(["proxy", "--upstream", "ftp://example.com"])
        #expect(result.exitCode == 2)
        #expect(result.standardError.contains("ftp://example.com"))
    }
}
