import Testing
@testable import EnvelopeMock

@Suite("Matching requests to stubs")
struct MatchingTests {
    let matcher: StubMatcher

    init() throws {
        matcher = StubMatcher(mappings: try Fixtures.loadMocks())
    }

    func match(_ method: String, _ target: String, headers: [MockHeader] = []) -> String? {
        matcher.match(MockRequest(method: method, target: target, headers: headers))?.displayName
    }

    @Test("the matching stub with the best priority wins")
    func priority() {
        #expect(match("GET", "/pages?page=2") == "page-two")
        #expect(match("GET", "/pages?page=3") == "page-any")
        #expect(match("GET", "/pages") == "page-any")
    }

    @Test("queryParameters equalTo compares decoded values")
    func queryEqualTo() {
        #expect(match("GET", "/pages?x=1&page=%32") == "page-two")
        #expect(match("GET", "/pages?page=22") == "page-any")
    }

    @Test("url matches path and query exactly; urlPath ignores the query")
    func urlForms() {
        #expect(match("GET", "/search?q=swift") == "5f1c0d2e-search")
        #expect(match("GET", "/search?q=swift&x=1") == nil)
        #expect(match("GET", "http://example.com/search?q=swift") == "5f1c0d2e-search")
        #expect(match("GET", "/COMM/A202100004?lang=ko") == "hanyang-menu")
        #expect(match("POST", "/COMM/A202100004") == nil)
    }

    @Test("urlPathPattern must match the whole path; header matchers contains and absent")
    func patternsAndHeaders() {
        let json = MockHeader(name: "content-type", value: "application/json")
        #expect(match("POST", "/items/42", headers: [json]) == "create-item")
        #expect(match("POST", "/items/42x", headers: [json]) == nil)
        #expect(match("POST", "/items/42", headers: [MockHeader(name: "Content-Type", value: "text/plain")]) == nil)
        #expect(match("POST", "/items/42", headers: [json, MockHeader(name: "X-Debug", value: "1")]) == nil)
    }

    @Test("ties in priority go to the stub loaded last, as in WireMock")
    func tiesGoToLastLoaded() throws {
        let response = ResponseDefinition()
        let first = StubMapping(name: "first", request: RequestPattern(url: .urlPath("/a")), response: response,
                                source: MappingSource(file: "a.json"))
        let second = StubMapping(name: "second", request: RequestPattern(url: .urlPathPattern(try RegexPattern("/.*"))),
                                 response: response, source: MappingSource(file: "b.json"))
        let third = StubMapping(name: "third", priority: 4, request: RequestPattern(url: .urlPathPattern(try RegexPattern("/a"))),
                                response: response, source: MappingSource(file: "c.json"))
        #expect(StubMatcher(stubs: [first, second]).match(MockRequest(method: "GET", target: "/a"))?.name == "second")
        #expect(StubMatcher(stubs: [second, first]).match(MockRequest(method: "GET", target: "/a"))?.name == "first")
        #expect(StubMatcher(stubs: [first, second, third]).match(MockRequest(method: "GET", target: "/a"))?.name == "third")
    }

    @Test("every stub that accepts a request is found, in the order they are tried, with or without an exact path")
    func everyMatchingStub() throws {
        let response = ResponseDefinition()
        func stub(_ name: String, priority: Int = StubMapping.defaultPriority, method: String? = nil, _ url: URLMatcher) -> StubMapping {
            StubMapping(name: name, priority: priority, request: RequestPattern(method: method, url: url), response: response,
                        source: MappingSource(file: name + ".json"))
        }
        let stubs = [
            stub("get-a", method: "GET", .urlPath("/a")),
            stub("any-a", .urlPath("/a")),
            stub("post-a", method: "POST", .urlPath("/a")),
            stub("b", .urlPath("/b")),
            stub("pattern", priority: 1, .urlPathPattern(try RegexPattern("/[ab]"))),
            stub("encoded", .urlPath("/a b")),
        ]
        let matcher = StubMatcher(stubs: stubs)
        func names(_ method: String, _ target: String) -> [String] {
            matcher.matchingIndices(MockRequest(method: method, target: target)).map { stubs[$0].displayName }
        }
        #expect(names("GET", "/a") == ["pattern", "any-a", "get-a"])
        #expect(names("POST", "/a") == ["pattern", "post-a", "any-a"])
        #expect(names("GET", "/b") == ["pattern", "b"])
        #expect(names("GET", "/a%20b") == ["encoded"])
        #expect(names("GET", "/c") == [])
        // Each agrees with testing every stub one by one.
        for (method, target) in [("GET", "/a"), ("POST", "/a"), ("GET", "/b"), ("GET", "/a%20b"), ("DELETE", "/a")] {
            let request = MockRequest(method: method, target: target)
            let slow = matcher.ranked.filter { StubMatcher.matches(stubs[$0].request, request) }
            #expect(matcher.matchingIndices(request) == slow)
        }
    }

    @Test("the 404 report names the closest stub and the part that did not match")
    func unmatchedReport() {
        let report = matcher.unmatchedReport(for: MockRequest(method: "GET", target: "/COMM/A20210000"))
        #expect(report.closest?.displayName == "hanyang-menu")
        #expect(report.mismatches.map(\.label) == ["urlPath"])
        let file = Fixtures.mocks + "/mappings/hanyang-menu.json"
        #expect(report.description == """
            No stub mapping matched GET /COMM/A20210000
            Closest: hanyang-menu (\(file))
              method   GET  matches
              urlPath  expected "/COMM/A202100004", got "/COMM/A20210000"

            """)
    }

    @Test("the 404 report explains a query parameter mismatch")
    func unmatchedQuery() {
        let report = matcher.unmatchedReport(for: MockRequest(method: "GET", target: "/search?q=swiftui"))
        #expect(report.closest?.displayName == "5f1c0d2e-search")
        #expect(report.description.contains(#"url     expected "/search?q=swift", got "/search?q=swiftui""#))
        let post = matcher.unmatchedReport(for: MockRequest(method: "POST", target: "/items/7",
                                                            headers: [MockHeader(name: "Content-Type", value: "text/html")]))
        #expect(post.closest?.displayName == "create-item")
        #expect(post.mismatches.map(\.label) == ["header Content-Type"])
        #expect(post.description.contains(#"header Content-Type  contains "json", got "text/html""#))
    }

    @Test("with no stubs the report says so")
    func noStubs() {
        let report = StubMatcher(stubs: []).unmatchedReport(for: MockRequest(method: "GET", target: "/"))
        #expect(report.closest == nil)
        #expect(report.description.hasPrefix("No stub mapping matched GET /\n"))
    }

    @Test("ten thousand exact-path stubs are matched through the index")
    func manyStubs() throws {
        var stubs: [StubMapping] = []
        for index in 0..<10_000 {
            stubs.append(StubMapping(name: "s\(index)", request: RequestPattern(method: "GET", url: .urlPath("/item/\(index)")),
                                     response: ResponseDefinition(), source: MappingSource(file: "many.json", index: index)))
        }
        let matcher = StubMatcher(stubs: stubs)
        // Speed is measured in Benchmarks/mock/; here only that every stub is found.
        for index in stride(from: 0, to: 10_000, by: 7) {
            #expect(matcher.match(MockRequest(method: "GET", target: "/item/\(index)"))?.name == "s\(index)")
        }
    }
}
