import EnvelopeHTTP
import Foundation
import Testing

/// Recording through `envelope serve`: the `/__admin/recordings` API (driven with python
/// requests and the PyPI `wiremock` client, and compared with WireMock's own jar on the same
/// traffic), `--record-mappings`, and the journal's view of proxied requests; nginx is the
/// upstream.
@Suite("envelope serve records through /__admin/recordings and --record-mappings", .temporaryFolders)
struct ServeRecordingTests {
    private func emptyMocks() throws -> URL {
        let directory = try temporaryDirectory()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        return directory
    }

    /// Runs Fixtures/WireMockClient/`name` against `server`, recording from `upstream`.
    private func recordingScript(_ name: String = "recordings.py", server: String, upstream: String) throws -> (status: Int32, output: String) {
        let script = packageRoot.appendingPathComponent("Tests/envelopeTests/Fixtures/WireMockClient/" + name)
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", script.path, server, upstream]
        let output = Pipe()
        python.standardOutput = output
        try python.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        python.waitUntilExit()
        return (python.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Runs the script `name` against a fresh `envelope serve` and a fresh WireMock jar in turn,
    /// both recording from nginx: each one's status and output, and what serve wrote on
    /// standard error.
    private func onBothServers(_ name: String) throws -> (ours: (status: Int32, output: String), theirs: (status: Int32, output: String),
                                                          errors: String) {
        let nginx = try NginxServer.get()
        let envelope = try ServeProcess(["--mocks", try emptyMocks().path])
        defer { _ = envelope.stop() }
        let wiremock = try WireMockJar(rootDirectory: try emptyMocks().path, arguments: [])
        defer { wiremock.stop() }
        let ours = try recordingScript(name, server: envelope.url, upstream: nginx.httpURL)
        let theirs = try recordingScript(name, server: wiremock.url, upstream: nginx.httpURL)
        return (ours, theirs, envelope.errors.text)
    }

    /// Every mapping file under `directory/mappings`, by name.
    private func mappingFiles(in directory: URL) throws -> [String: String] {
        let folder = directory.appendingPathComponent("mappings")
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        return files
    }

    @Test("start, stop, status and snapshot: one mapping per distinct request, repeats as a scenario, written and served, secrets hidden")
    func recordingsAPI() throws {
        let nginx = try NginxServer.get()
        let directory = try emptyMocks()
        let server = try ServeProcess(["--mocks", directory.path])
        let run = try recordingScript(server: server.url, upstream: nginx.httpURL)
        #expect(run.status == 0)
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.prefix(3) == ["status NeverStarted", "start 200", "status Recording"])
        #expect(lines.contains("stop 200 4"), "\(run.output)")
        #expect(lines.contains(#"mapping ["GET", "/echo", 200, "scenario-1-echo", "Started", "scenario-1-echo-2", null, ["Authorization"]]"#), "\(run.output)")
        #expect(lines.contains(#"mapping ["GET", "/echo", 200, "scenario-1-echo", "scenario-1-echo-2", null, null, ["Authorization"]]"#))
        #expect(lines.contains(#"mapping ["POST", "/echo", 200, null, null, null, [{"equalToJson": "{\"x\": 1, \"list\": [1, 2]}", "ignoreArrayOrder": true, "ignoreExtraElements": true}], ["Authorization"]]"#))
        #expect(lines.suffix(6) == [
            "status Stopped", "stop again 400",
            "client scenario [('Started', 'scenario-1-echo-2'), ('scenario-1-echo-2', None)]",
            "replay ['a1', 'b2', 'b2']", "no auth 404",
            #"snapshot 200 [['GET', '/v1/search/news.json', 200]]"#,
        ], "\(run.output)")
        #expect(server.stop().status == 0)
        let files = try mappingFiles(in: directory)
        #expect(files.count == 4, "\(files.keys.sorted())")
        #expect(files.values.allSatisfy { !$0.contains("s3cret") })
        #expect(files.values.filter { $0.contains(#""Authorization": {"matches": ".+"}"#) || $0.contains(#""matches": ".+""#) }.count == 4)
        // A server started on the folder answers from what was recorded.
        let again = try ServeProcess(["--mocks", directory.path])
        defer { _ = again.stop() }
        let news = try HTTPClient().send(HTTPRequest(url: again.url + "/v1/search/news.json?query=swift", headers: [HTTPHeader(name: "Authorization", value: "x")]))
        let direct = try HTTPClient().send(HTTPRequest(url: nginx.httpURL + "/v1/search/news.json?query=swift"))
        #expect(news.status == 200)
        // The body as received, less the whitespace after the JSON value (record's rule for inline bodies).
        #expect(String(decoding: news.body, as: UTF8.self) == String(decoding: direct.body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test("WireMock's jar, recording the same traffic from the same nginx, answers the same mappings, scenarios and replays")
    func sameAsWireMock() throws {
        let (ours, theirs, _) = try onBothServers("recordings.py")
        #expect(ours.status == 0 && theirs.status == 0)
        // WireMock matches the captured header's value, Envelope only its presence (the value
        // is a secret): the lines agree, and the request without it is a 404 on both.
        #expect(ours.output == theirs.output, "envelope:\n\(ours.output)\nwiremock:\n\(theirs.output)")
    }

    @Test("the spec as WireMock's jar reads it: repeats as scenarios by default, outputFormat IDS, transformers, filters.ids, refusals")
    func specAsWireMock() throws {
        let (ours, theirs, errors) = try onBothServers("recording_spec.py")
        #expect(ours.status == 0 && theirs.status == 0, "envelope:\n\(ours.output)\nwiremock:\n\(theirs.output)")
        #expect(ours.output == theirs.output, "envelope:\n\(ours.output)\nwiremock:\n\(theirs.output)")
        let lines = ours.output.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("default ") } == [
            #"default ["GET", "/echo", 200, "scenario-1-echo", "Started", "scenario-1-echo-2", null, null]"#,
            #"default ["GET", "/echo", 200, "scenario-1-echo", "scenario-1-echo-2", null, null, null]"#,
            #"default ["GET", "/v1/search/news.json", 200, null, null, null, null, null]"#,
        ], "\(ours.output)")
        #expect(lines.contains("stop 200 ['ids'] 1"))
        #expect(lines.contains(#"by id 200 ["GET", "/echo", 200, null, null, null, null, null]"#))
        #expect(lines.contains("snapshot ids 200 [['GET', '/v1/search/news.json', 200]]"))
        #expect(lines.contains("snapshot upper 200 ['ids'] 1"))
        #expect(lines.contains(#"snapshot {"ids": []} 200 0"#))
        #expect(lines.filter { $0.hasPrefix("refused ") }.allSatisfy { $0.hasSuffix(" 422 [10]") })
        #expect(lines.last == "start refused 422 Stopped")
        #expect(errors.contains(#"recording: the spec's transformers ("response-template") name WireMock stub-mapping transformer extensions"#), "\(errors)")
    }

    @Test("--record-mappings writes what --proxy-all forwards, each distinct request once, and skips error answers unless --allow-errors")
    func recordMappings() throws {
        let nginx = try NginxServer.get()
        for allowErrors in [false, true] {
            let directory = try emptyMocks()
            let server = try ServeProcess(["--mocks", directory.path, "--proxy-all", nginx.httpURL, "--record-mappings"]
                                            + (allowErrors ? ["--allow-errors"] : []))
            #expect(server.banner.contains("Recording its answers into \(directory.path)/mappings\n"))
            let client = HTTPClient()
            for _ in 0..<2 { _ = try client.send(HTTPRequest(url: server.url + "/v1/search/news.json?query=swift")) }
            _ = try client.send(HTTPRequest(url: server.url + "/echo?key=1", headers: [HTTPHeader(name: "X-Api-Key", value: "k-secret-1")]))
            let busy = try client.send(HTTPRequest(url: server.url + "/busy"))
            #expect(busy.status == 503)
            let stopped = server.stop()
            #expect(stopped.status == 0)
            let files = try mappingFiles(in: directory)
            // The news request twice is one mapping; the query makes a hash part of the name.
            let names = files.keys.sorted()
            #expect(names.count == (allowErrors ? 3 : 2), "\(names)")
            #expect(names.filter { $0.hasPrefix("get-v1-search-news.json-") }.count == 1, "\(names)")
            #expect(names.filter { $0.hasPrefix("get-echo-") }.count == 1, "\(names)")
            #expect(files.keys.contains("get-busy.json") == allowErrors)
            #expect(stopped.error.contains("get-busy  not recorded: status 503, expected 2xx") == !allowErrors, "\(stopped.error)")
            // The credential header is written as ***, in the request headers and in Set-Cookie (not kept).
            #expect(files.values.contains { $0.contains(#""X-Api-Key": "***""#) })
            #expect(files.values.allSatisfy { !$0.contains("session=") })
        }
    }

    @Test("--record-mappings without --proxy-all is a usage error")
    func recordMappingsUsage() throws {
        let result = try Envelope.run(["serve", "--port", "0", "--record-mappings"])
        #expect(result.exitCode == 2)
        #expect(result.standardError.contains("--record-mappings records what --proxy-all forwards"))
    }

    @Test("the journal shows a proxied request with the upstream's status and answer, not the proxy stub's")
    func journalStatus() throws {
        let nginx = try NginxServer.get()
        let directory = try emptyMocks()
        try Data(#"{"request": {"urlPath": "/busy"}, "response": {"proxyBaseUrl": "\#(nginx.httpURL)"}}"#.utf8)
            .write(to: directory.appendingPathComponent("mappings/busy.json"))
        let server = try ServeProcess(["--mocks", directory.path, "--proxy-all", nginx.httpURL])
        defer { _ = server.stop() }
        let client = HTTPClient()
        #expect(try client.send(HTTPRequest(url: server.url + "/busy")).status == 503)
        #expect(try client.send(HTTPRequest(url: server.url + "/v1/missing/42")).status == 404)
        let journal = try client.send(HTTPRequest(url: server.url + "/__admin/requests"))
        let object = try JSONSerialization.jsonObject(with: Data(journal.body)) as? [String: Any]
        let requests = object?["requests"] as? [[String: Any]] ?? []
        let byURL = Dictionary(requests.map { (($0["request"] as? [String: Any])?["url"] as? String ?? "", $0) }, uniquingKeysWith: { a, _ in a })
        let busy = byURL["/busy"]
        #expect((busy?["responseDefinition"] as? [String: Any])?["status"] as? Int == 503)
        #expect((busy?["response"] as? [String: Any])?["status"] as? Int == 503)
        #expect(busy?["wasMatched"] as? Bool == true)
        #expect((byURL["/v1/missing/42"]?["responseDefinition"] as? [String: Any])?["status"] as? Int == 404)
    }
}
