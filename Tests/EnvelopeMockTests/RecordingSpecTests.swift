import Testing
@testable import EnvelopeMock

/// The record spec of `/__admin/recordings/start` and `/snapshot`, read as WireMock writes it.
@Suite("Recording spec")
struct RecordingSpecTests {
    func spec(_ json: String) -> Result<RecordingSpec, RecordingSpec.SpecError> {
        RecordingSpec.parse(Array(json.utf8), bodyFiles: .none)
    }

    @Test("an empty body is WireMock's defaults: persisted, repeats as scenarios, full mappings answered, JSON bodies matched ignoring order and extra elements")
    func defaults() throws {
        let spec = try spec("").get()
        #expect(spec.persist && spec.repeatsAsScenarios && spec.bodyMatcher == .auto && spec.outputFormat == .full)
        #expect(spec.transformers.isEmpty && spec.transformerParameters == nil && spec.journalIDs == nil && spec.filter == nil)
        #expect(spec.ignoreArrayOrder && spec.ignoreExtraElements && spec.captureHeaders.isEmpty)
        #expect(spec.textSizeThreshold == nil && spec.binarySizeThreshold == nil && spec.allowErrors == nil)
    }

    @Test("every key is read: target, captured headers, body pattern, size thresholds with units, persist, scenarios, filters")
    func everyKey() throws {
        let spec = try spec("""
            {"targetBaseUrl": "http://localhost:9000", "captureHeaders": {"Accept": {}, "X-Tenant": {"caseInsensitive": true}},
             "requestBodyPattern": {"matcher": "equalTo", "caseInsensitive": true},
             "extractBodyCriteria": {"textSizeThreshold": "56 kb", "binarySizeThreshold": 1024},
             "persist": false, "repeatsAsScenarios": true, "allowErrors": true, "filters": {"urlPathPattern": "/v1/.*", "method": "GET"}}
            """).get()
        #expect(spec.targetBaseURL == "http://localhost:9000")
        #expect(spec.captureHeaders == [.init(name: "Accept", caseInsensitive: false), .init(name: "X-Tenant", caseInsensitive: true)])
        #expect(spec.bodyMatcher == .equalTo && spec.bodyCaseInsensitive)
        #expect(spec.textSizeThreshold == 57_344 && spec.binarySizeThreshold == 1_024)
        #expect(!spec.persist && spec.repeatsAsScenarios && spec.allowErrors == true)
        let filter = try #require(spec.filter)
        #expect(StubMatcher.matches(filter, MockRequest(method: "GET", target: "/v1/menus")))
        #expect(!StubMatcher.matches(filter, MockRequest(method: "POST", target: "/v1/menus")))
    }

    @Test("outputFormat in any case, transformers and their parameters, filters.ids in any case; null is absent, as in WireMock")
    func outputAndIDs() throws {
        let spec = try spec("""
            {"outputFormat": "ids", "transformers": ["response-template"], "transformerParameters": {"a": 1}, "repeatsAsScenarios": null,
             "filters": {"ids": ["00000000-0000-4000-8000-00000000000A"], "allowNonProxied": false, "method": "GET"}}
            """).get()
        #expect(spec.outputFormat == .ids && spec.repeatsAsScenarios)
        #expect(spec.transformers == ["response-template"])
        #expect(spec.transformerParameters?.serialized(pretty: false) == #"{"a":1}"#)
        #expect(spec.journalIDs == ["00000000-0000-4000-8000-00000000000a"])
        let filter = try #require(spec.filter)
        #expect(!StubMatcher.matches(filter, MockRequest(method: "POST", target: "/")))
        #expect(try self.spec(#"{"filters": {"ids": null}}"#).get().journalIDs == nil)
    }

    @Test("a filter key that is no request-pattern key is ignored, as WireMock's unwrapped filters ignore it")
    func unknownFilterKeys() throws {
        let spec = try spec(#"{"filters": {"bogus": 1, "urlPath": "/a"}}"#).get()
        let filter = try #require(spec.filter)
        #expect(StubMatcher.matches(filter, MockRequest(method: "GET", target: "/a")))
        #expect(!StubMatcher.matches(filter, MockRequest(method: "GET", target: "/b")))
    }

    @Test("sizes are bytes, or a number with b, kb, mb or gb in any case; anything else is refused", arguments: [
        ("2048", 2_048), ("1 Mb", 1_048_576), ("3kb", 3_072), ("10 B", 10), (" 2 GB ", 2_147_483_648),
    ])
    func sizes(text: String, bytes: Int) {
        #expect(RecordingSpec.byteCount(text) == bytes)
    }

    @Test("what is not a spec is refused with the key and what to write", arguments: [
        (#"{"persist": "yes"}"#, "persist: expected true or false"),
        (#"{"extractBodyCriteria": {"textSizeThreshold": "big"}}"#, "extractBodyCriteria.textSizeThreshold: expected a size"),
        (#"{"requestBodyPattern": {"matcher": "equalToXml"}}"#, "requestBodyPattern.matcher: expected auto, equalToJson or equalTo"),
        (#"{"captureHeaders": ["Accept"]}"#, "captureHeaders: expected an object"),
        (#"[1]"#, "request body: expected a JSON object"),
        (#"{"filters": {"urlPath": 3}}"#, "filters: "),
        (#"{"captureAllHeaders": true}"#, #"request body: unknown key "captureAllHeaders" in the recording spec; expected one of targetBaseUrl, "#),
        (#"{"outputFormat": "WHAT"}"#, #"outputFormat: expected FULL (the mappings) or IDS (their ids), found "WHAT""#),
        (#"{"transformers": "response-template"}"#, "transformers: expected an array of names"),
        (#"{"transformerParameters": [1]}"#, "transformerParameters: expected an object"),
        (#"{"filters": {"ids": ["not-a-uuid"]}}"#, #"filters.ids: expected journal ids such as "00000000-0000-4000-8000-000000000001" (GET /__admin/requests lists them), found "not-a-uuid""#),
        (#"{"filters": {"ids": "00000000-0000-4000-8000-000000000001"}}"#, "filters.ids: expected an array of journal ids, found string"),
        (#"{"filters": {"allowNonProxied": true}}"#, "filters.allowNonProxied: Envelope records only proxied requests"),
        (#"{"filters": {"host": "example.com"}}"#, "filters: filters:1:14: unsupported key 'host' in request"),
    ])
    func refused(json: String, message: String) {
        guard case .failure(let error) = spec(json) else {
            Issue.record("\(json) was accepted")
            return
        }
        #expect(error.message.hasPrefix(message), "\(error.message)")
    }

    @Test("a server without a recorder answers the recordings endpoints with 501, and status with NeverStarted")
    func noRecorder() throws {
        let server = try startServer()
        defer { server.stop() }
        let output = try AdminAPITests().python(server, """
            print(requests.get(base + "/__admin/recordings/status").json()["status"])
            r = requests.post(base + "/__admin/recordings/start", json={"targetBaseUrl": "http://localhost:1"})
            print(r.status_code, r.json()["errors"][0]["title"].startswith("this server cannot record"))
            print(requests.post(base + "/__admin/recordings/snapshot").status_code, requests.post(base + "/__admin/recordings/stop").status_code)
            """)
        #expect(output == "NeverStarted\n501 True\n501 400\n")
    }
}
