import EnvelopeCore
import Testing
@testable import EnvelopeMock

/// Request matching of the WireMock keys beyond method and url: templates, cookies, every
/// value matcher, and body patterns.
@Suite("WireMock request matching")
struct WireMockCompatibilityTests {
    func matcher(_ json: String) throws -> StubMatcher {
        StubMatcher(mappings: try stubs(json))
    }

    /// `request("/path")` is a GET; `request("POST", "/path")` names the method.
    func request(_ first: String, _ second: String? = nil, headers: [(String, String)] = [], body: String = "") -> MockRequest {
        MockRequest(method: second == nil ? "GET" : first, target: second ?? first,
                    headers: headers.map { MockHeader(name: $0.0, value: $0.1) }, body: Array(body.utf8))
    }

    @Test("urlPattern matches path and query with a regular expression")
    func urlPattern() throws {
        let m = try matcher(#"{"request": {"urlPattern": "/search\\?q=[a-z]+"}, "response": {}}"#)
        #expect(m.match(request("/search?q=swift")) != nil)
        #expect(m.match(request("/search?q=Swift")) == nil)
        #expect(m.match(request("/search")) == nil)
    }

    @Test("urlPathTemplate takes one segment per variable and pathParameters check the values")
    func urlPathTemplate() throws {
        let m = try matcher("""
            {"request": {"method": "GET", "urlPathTemplate": "/contacts/{contactId}/addresses/{addressId}",
                         "pathParameters": {"contactId": {"equalTo": "12345"}, "addressId": {"matches": "[0-9]+"}}},
             "response": {"body": "address"}}
            """)
        #expect(m.match(request("/contacts/12345/addresses/99?x=1")) != nil)
        #expect(m.match(request("/contacts/12345/addresses/abc")) == nil)
        #expect(m.match(request("/contacts/1/addresses/99")) == nil)
        #expect(m.match(request("/contacts/12345/addresses")) == nil)
        #expect(m.match(request("/contacts/12345/addresses/99/x")) == nil)
        #expect(m.match(request("/contacts/%31%32%33%34%35/addresses/7")) != nil)
    }

    @Test("cookies are matched by name from the Cookie header")
    func cookies() throws {
        let m = try matcher(#"{"request": {"cookies": {"session": {"equalTo": "abc"}, "debug": {"absent": true}}}, "response": {}}"#)
        #expect(m.match(request("/", headers: [("Cookie", "theme=dark; session=abc")])) != nil)
        #expect(m.match(request("/", headers: [("Cookie", "session=\"abc\"")])) != nil)
        #expect(m.match(request("/", headers: [("Cookie", "session=abd")])) == nil)
        #expect(m.match(request("/", headers: [("Cookie", "session=abc; debug=1")])) == nil)
        #expect(m.match(request("/")) == nil)
    }

    @Test("value matchers: equalTo (caseInsensitive), contains, doesNotContain, matches, doesNotMatch, absent")
    func valueMatchers() throws {
        let m = try matcher("""
            {"request": {"queryParameters": {
                "a": {"equalTo": "Swift", "caseInsensitive": true},
                "b": {"contains": "ell"},
                "c": {"doesNotContain": "bad"},
                "d": {"matches": "[0-9]{3}"},
                "e": {"doesNotMatch": "x.*"},
                "f": {"absent": true}}}, "response": {}}
            """)
        #expect(m.match(request("/?a=SWIFT&b=hello&c=good&d=123&e=yes")) != nil)
        #expect(m.match(request("/?a=swifty&b=hello&c=good&d=123&e=yes")) == nil)
        #expect(m.match(request("/?a=swift&b=help&c=good&d=123&e=yes")) == nil)
        #expect(m.match(request("/?a=swift&b=hello&c=so+bad&d=123&e=yes")) == nil)
        #expect(m.match(request("/?a=swift&b=hello&c=good&d=1234&e=yes")) == nil)
        #expect(m.match(request("/?a=swift&b=hello&c=good&d=123&e=xyz")) == nil)
        #expect(m.match(request("/?a=swift&b=hello&c=good&d=123&e=yes&f=1")) == nil)
        #expect(m.match(request("/?a=swift&b=hello&d=123&e=yes")) == nil, "doesNotContain needs the value present")
    }

    @Test("and / or combine matchers")
    func andOr() throws {
        let m = try matcher("""
            {"request": {"headers": {
                "Accept": {"and": [{"contains": "json"}, {"doesNotContain": "xml"}]},
                "X-Mode": {"or": [{"equalTo": "a"}, {"equalTo": "b"}, {"absent": true}]}}}, "response": {}}
            """)
        #expect(m.match(request("/", headers: [("Accept", "application/json")])) != nil)
        #expect(m.match(request("/", headers: [("Accept", "application/json"), ("X-Mode", "b")])) != nil)
        #expect(m.match(request("/", headers: [("Accept", "application/json"), ("X-Mode", "c")])) == nil)
        #expect(m.match(request("/", headers: [("Accept", "application/json, application/xml")])) == nil)
    }

    @Test("bodyPatterns: equalTo, contains, matches and doesNotMatch on the body text, all must pass")
    func textBodyPatterns() throws {
        let m = try matcher("""
            {"request": {"method": "POST", "bodyPatterns": [{"contains": "user="}, {"matches": ".*pass=[a-z]+.*"},
                                                           {"doesNotMatch": ".*admin.*"}]}, "response": {}}
            """)
        #expect(m.match(request("POST", "/login", body: "user=kim&pass=secret")) != nil)
        #expect(m.match(request("POST", "/login", body: "user=kim&pass=123")) == nil)
        #expect(m.match(request("POST", "/login", body: "user=admin&pass=secret")) == nil)
        let exact = try matcher(#"{"request": {"bodyPatterns": [{"equalTo": "PING", "caseInsensitive": true}]}, "response": {}}"#)
        #expect(exact.match(request("POST", "/", body: "ping")) != nil)
        #expect(exact.match(request("POST", "/", body: "ping!")) == nil)
    }

    @Test("equalToJson compares values, with ignoreArrayOrder and ignoreExtraElements")
    func equalToJson() throws {
        let strict = try matcher(#"{"request": {"bodyPatterns": [{"equalToJson": {"a": 1, "b": [1, 2]}}]}, "response": {}}"#)
        #expect(strict.match(request("POST", "/", body: #"{"b": [1, 2.0], "a": 1.0}"#)) != nil)
        #expect(strict.match(request("POST", "/", body: #"{"a": 1, "b": [2, 1]}"#)) == nil)
        #expect(strict.match(request("POST", "/", body: #"{"a": 1, "b": [1, 2], "c": 3}"#)) == nil)
        #expect(strict.match(request("POST", "/", body: "not json")) == nil)
        let loose = try matcher("""
            {"request": {"bodyPatterns": [{"equalToJson": "{\\"a\\": 1, \\"b\\": [{\\"x\\": 1}, {\\"y\\": 2}]}",
                                           "ignoreArrayOrder": true, "ignoreExtraElements": true}]}, "response": {}}
            """)
        #expect(loose.match(request("POST", "/", body: #"{"a": 1, "z": 0, "b": [{"y": 2, "k": 1}, {"x": 1}, {"q": 5}]}"#)) != nil)
        #expect(loose.match(request("POST", "/", body: #"{"a": 1, "b": [{"y": 2}]}"#)) == nil)
    }

    @Test("matchesJsonPath: presence, filters and a value matcher")
    func matchesJsonPath() throws {
        let m = try matcher("""
            {"request": {"bodyPatterns": [
                {"matchesJsonPath": "$.items[?(@.price < 10 && @.tag == 'sale')]"},
                {"matchesJsonPath": {"expression": "$.user.name", "equalTo": "kim"}},
                {"matchesJsonPath": {"expression": "$..id", "matches": "[0-9]+"}}]}, "response": {}}
            """)
        let good = #"{"user": {"name": "kim", "id": "7"}, "items": [{"price": 12, "tag": "sale"}, {"price": 5, "tag": "sale"}]}"#
        #expect(m.match(request("POST", "/", body: good)) != nil)
        let noCheapSale = #"{"user": {"name": "kim", "id": "7"}, "items": [{"price": 5, "tag": "new"}]}"#
        #expect(m.match(request("POST", "/", body: noCheapSale)) == nil)
        let otherName = #"{"user": {"name": "lee", "id": "7"}, "items": [{"price": 5, "tag": "sale"}]}"#
        #expect(m.match(request("POST", "/", body: otherName)) == nil)
    }

    @Test("the 404 report names the failing part for method, path, query, header, cookie and body")
    func reportEveryPart() throws {
        let m = try matcher("""
            {"name": "everything", "request": {"method": "POST", "urlPathTemplate": "/users/{id}", "pathParameters": {"id": {"matches": "[0-9]+"}},
             "queryParameters": {"v": {"equalTo": "2"}}, "headers": {"X-Key": {"equalTo": "k"}},
             "cookies": {"session": {"equalTo": "s"}}, "bodyPatterns": [{"equalToJson": {"ok": true}}]}, "response": {}}
            """)
        let report = m.unmatchedReport(for: request("PUT", "/users/abc?v=3", headers: [("X-Key", "j"), ("Cookie", "session=t")],
                                                    body: #"{"ok": false}"#))
        #expect(report.closest?.displayName == "everything")
        #expect(report.mismatches.map(\.label) == ["method", "path id", "query v", "header X-Key", "cookie session", "body"])
        let text = report.description
        #expect(text.contains(#"method           expected POST, got PUT"#), "\(text)")
        #expect(text.contains(#"path id          matches "[0-9]+", got "abc""#), "\(text)")
        #expect(text.contains(#"query v          equalTo "2", got "3""#), "\(text)")
        #expect(text.contains(#"header X-Key     equalTo "k", got "j""#), "\(text)")
        #expect(text.contains(#"cookie session   equalTo "s", got "t""#), "\(text)")
        #expect(text.contains(#"body             equalToJson {"ok":true}, got "{\"ok\": false}""#), "\(text)")
        #expect(text.contains(#"urlPathTemplate  "/users/abc"  matches"#), "\(text)")
    }

    @Test("the 404 report lists up to three close stubs, best first")
    func reportSeveralCandidates() throws {
        let m = try matcher("""
            {"mappings": [
              {"name": "a", "request": {"method": "GET", "urlPath": "/items/1"}, "response": {}},
              {"name": "b", "request": {"method": "GET", "urlPath": "/items/2", "headers": {"X": {"equalTo": "1"}}}, "response": {}},
              {"name": "far", "request": {"method": "DELETE", "urlPath": "/zzz"}, "response": {}}]}
            """)
        let report = m.unmatchedReport(for: request("/items/3"))
        #expect(report.candidates.map(\.stub.displayName) == ["a", "b"])
        #expect(report.description.contains("Also close: b (test.json, mapping 2)"))
    }

    @Test("ten thousand exact-path stubs and method-specific stubs are found through the index")
    func methodAndPathIndex() throws {
        var all: [StubMapping] = []
        for index in 0..<10_000 {
            let method = index % 2 == 0 ? "GET" : "POST"
            all.append(StubMapping(name: "s\(index)", request: RequestPattern(method: method, url: .urlPath("/item/\(index / 2)")),
                                   response: ResponseDefinition(), source: MappingSource(file: "many.json", index: index)))
        }
        // Loaded first, so the method-specific stubs loaded after it win the tie.
        all.insert(StubMapping(name: "any", request: RequestPattern(url: .urlPath("/item/7")), response: ResponseDefinition(),
                               source: MappingSource(file: "any.json")), at: 0)
        let m = StubMatcher(stubs: all)
        #expect(m.match(request("GET", "/item/7"))?.name == "s14")
        #expect(m.match(request("POST", "/item/7"))?.name == "s15")
        #expect(m.match(request("PUT", "/item/7"))?.name == "any")
        #expect(m.match(request("PUT", "/item/8")) == nil)
        #expect(m.match(request("POST", "/item/%34%39%39%39"))?.name == "s9999")
    }
}
