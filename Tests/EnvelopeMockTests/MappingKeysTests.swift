import EnvelopeCore
import Testing
@testable import EnvelopeMock

/// Loading the stub keys added for WireMock compatibility, and the errors for the ones that
/// stay unsupported.
@Suite("Loading WireMock mapping keys")
struct MappingKeysTests {
    func message(_ json: String) -> String { mappingLoadMessage(json) }

    @Test("unsupported keys fail with the file, the place and the key", arguments: [
        (#"{"request": {}, "response": {"postServeActions": []}}"#, "m.json:1:30: unsupported key 'postServeActions' in response"),
        (#"{"request": {"formParameters": {}}, "response": {}}"#, "m.json:1:14: unsupported key 'formParameters' in request"),
        (#"{"request": {"basicAuthCredentials": {"username": "a", "pass": "b"}}, "response": {}}"#, "m.json:1:56: unsupported key 'pass' in basicAuthCredentials"),
        (#"{"request": {"bodyPatterns": [{"equalToXml": "<a/>"}]}, "response": {}}"#, "m.json:1:32: unsupported key 'equalToXml' in a body pattern"),
        (#"{"request": {"headers": {"A": {"before": "now"}}}, "response": {}}"#, "m.json:1:32: unsupported key 'before' in the header 'A'"),
        (#"{"request": {}, "response": {}, "postServeActions": []}"#, "m.json:1:33: unsupported key 'postServeActions' in the mapping"),
    ])
    func unsupportedKeys(json: String, prefix: String) {
        #expect(message(json).hasPrefix(prefix), "\(message(json))")
    }

    @Test("scenario keys are read; states without scenarioName are ignored, as WireMock ignores them")
    func scenarioKeys() throws {
        let loaded = try stubs(#"{"scenarioName": "cart", "requiredScenarioState": "Started", "newScenarioState": "full", "request": {}, "response": {}}"#)
        #expect(loaded.stubs.first?.scenario == ScenarioRule(name: "cart", requiredState: "Started", newState: "full"))
        let loose = try stubs(#"{"requiredScenarioState": "x", "newScenarioState": "y", "request": {"urlPath": "/a"}, "response": {}}"#)
        #expect(loose.stubs.count == 1)
        #expect(loose.stubs.first?.scenario == nil)
        #expect(StubMatcher(mappings: loose).match(MockRequest(method: "GET", target: "/a")) != nil)
        #expect(message(#"{"requiredScenarioState": 3, "request": {}, "response": {}}"#).contains("should be a string"))
    }

    @Test("basicAuthCredentials match an Authorization header of Basic and the Base64 of user:password, exactly")
    func basicAuth() throws {
        let loaded = try stubs(#"{"request": {"urlPath": "/login", "basicAuthCredentials": {"username": "kim", "password": "sé:cret"}}, "response": {}}"#)
        let matcher = StubMatcher(mappings: loaded)
        func answers(_ authorization: String?) -> Bool {
            let headers = authorization.map { [MockHeader(name: "Authorization", value: $0)] } ?? []
            return matcher.match(MockRequest(method: "GET", target: "/login", headers: headers)) != nil
        }
        // base64("kim:sé:cret") in UTF-8.
        #expect(answers("Basic a2ltOnPDqTpjcmV0"))
        #expect(!answers("Basic a2ltOnNlY3JldA=="))
        #expect(!answers("basic a2ltOnPDqTpjcmV0"))
        #expect(!answers(nil))
        #expect(message(#"{"request": {"basicAuthCredentials": {"username": "kim"}}, "response": {}}"#).contains("has no 'password'"))
        #expect(message(#"{"request": {"basicAuthCredentials": {"username": "kim", "password": 1}}, "response": {}}"#).contains("should be a string"))
    }

    @Test("a status written as a string of digits is read as the number, as WireMock reads it")
    func statusAsString() throws {
        let loaded = try stubs(#"{"request": {}, "response": {"status": "204"}}"#)
        #expect(loaded.stubs.first?.response.status == 204)
    }

    @Test("delayDistribution and chunkedDribbleDelay are read and checked")
    func delays() throws {
        let loaded = try stubs("""
            {"mappings": [
              {"request": {}, "response": {"delayDistribution": {"type": "uniform", "lower": 5, "upper": 9}}},
              {"request": {}, "response": {"delayDistribution": {"type": "lognormal", "median": 80, "sigma": 0.4, "maxValue": 100}}},
              {"request": {}, "response": {"body": "abc", "chunkedDribbleDelay": {"numberOfChunks": 3, "totalDuration": 300}}}]}
            """)
        #expect(loaded.stubs[0].response.delayDistribution == .uniform(lower: 5, upper: 9))
        #expect(loaded.stubs[1].response.delayDistribution == .lognormal(median: 80, sigma: 0.4, maxValue: 100))
        #expect(loaded.stubs[2].response.chunkedDribbleDelay == ChunkedDribbleDelay(numberOfChunks: 3, totalDuration: 300))
        #expect(message(#"{"request": {}, "response": {"delayDistribution": {"type": "pareto"}}}"#).contains("use uniform or lognormal"))
        #expect(message(#"{"request": {}, "response": {"delayDistribution": {"type": "uniform", "lower": 9, "upper": 5}}}"#)
            .contains("must not exceed upper"))
        #expect(message(#"{"request": {}, "response": {"chunkedDribbleDelay": {"numberOfChunks": 0, "totalDuration": 5}}}"#)
            .contains("outside 1...10000"))
    }

    @Test("delay distributions draw values in range")
    func distributionSamples() {
        let seed: UInt64 = 0x5EED_0001
        var generator = SplitMix64(seed: seed)
        let uniform = DelayDistribution.uniform(lower: 5, upper: 9)
        let lognormal = DelayDistribution.lognormal(median: 80, sigma: 0.4, maxValue: 100)
        var seen = Set<Int>()
        for draw in 0..<2_000 {
            let u = uniform.sample(using: &generator)
            #expect((5...9).contains(u), "seed \(seed), draw \(draw)")
            seen.insert(u)
            let l = lognormal.sample(using: &generator)
            #expect((0...100).contains(l), "seed \(seed), draw \(draw)")
        }
        #expect(seen == Set(5...9), "seed \(seed)")
    }

    @Test("pathParameters need a urlPathTemplate that names them; templates and JSONPaths are checked")
    func templateErrors() {
        #expect(message(#"{"request": {"urlPath": "/a", "pathParameters": {"id": {"equalTo": "1"}}}, "response": {}}"#)
            .contains("only works with urlPathTemplate"))
        #expect(message(#"{"request": {"urlPathTemplate": "/a/{id}", "pathParameters": {"idd": {"equalTo": "1"}}}, "response": {}}"#)
            .contains("\"idd\" is not a variable of \"/a/{id}\"; its variables are id"))
        #expect(message(#"{"request": {"urlPathTemplate": "/a/x{id}"}, "response": {}}"#).contains("mixes text and a variable"))
        #expect(message(#"{"request": {"bodyPatterns": [{"matchesJsonPath": "$.a[?(@.b <)]"}]}, "response": {}}"#)
            .contains("is not a supported JSONPath"))
        #expect(message(#"{"request": {"bodyPatterns": [{"equalToJson": "{oops"}]}, "response": {}}"#).contains("the string is not valid JSON"))
        #expect(message(#"{"request": {"headers": {"A": {"and": []}}}, "response": {}}"#).contains("a non-empty array of matchers"))
        #expect(message(#"{"request": {"bodyPatterns": [{"contains": "a", "ignoreArrayOrder": true}]}, "response": {}}"#)
            .contains("only applies to equalToJson"))
    }

    @Test("metadata.envelope.inject is read; the rest of metadata is left alone")
    func injectMetadata() throws {
        let loaded = try stubs(#"{"metadata": {"team": "app", "envelope": {"inject": ["null:/a", "rename:/b=c"]}}, "request": {}, "response": {}}"#)
        #expect(loaded.stubs.first?.injections == [.null(pointer: "/a"), .rename(pointer: "/b", to: "c")])
        #expect(message(#"{"metadata": {"envelope": {"inject": ["nul:/a"]}}, "request": {}, "response": {}}"#)
            .hasPrefix("m.json:1:39: invalid 'inject': invalid drift injection \"nul:/a\": unknown mode"))
        #expect(message(#"{"metadata": {"envelope": {"injct": []}}, "request": {}, "response": {}}"#)
            .contains("unsupported key 'injct' in metadata.envelope"))
    }

    @Test("a fault prints as WireMock's name for it")
    func faultDescription() {
        #expect("\(ResponseDefinition.Fault.connectionResetByPeer)" == "CONNECTION_RESET_BY_PEER")
        for fault in ResponseDefinition.Fault.allCases { #expect(fault.description == fault.rawValue) }
    }
}

/// The error loading the mapping `json` gives (as `m.json`), or "no error".
func mappingLoadMessage(_ json: String) -> String {
    do {
        _ = try MockMappings.parse(Array(json.utf8), file: "m.json")
        return "no error"
    } catch {
        return error.description
    }
}
