import Testing
@testable import EnvelopeMock

/// The record spec of `/__admin/recordings/start` and `/snapshot`, read as WireMock writes it.
@Suite("Recording spec")
struct RecordingSpecTests {
    func spec(_ json: String) -> Result<RecordingSpec, RecordingSpec.SpecError> {
        RecordingSpec.parse(Array(json.utf8), bodyFiles: .none)
    }

    @Test("an empty body is WireMock's defaults, less repeatsAsScenarios: persisted, JSON bodies matched ignoring order and extra elements")
    func defaults() throws {
        let spec = try spec("").get()
        #expect(spec.persist && !spec.repeatsAsScenarios && spec.bodyMatcher == .auto)
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
