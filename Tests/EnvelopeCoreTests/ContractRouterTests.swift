import EnvelopeCore
import Testing

@Suite("Finding the contract of a request a proxy sees")
struct ContractRouterTests {
    private func contract(_ name: String, _ path: String, method: String = "GET", query: [(name: String, value: String)] = []) throws -> Contract {
        let text = """
            {"contract": "\(name)", "request": {"method": "\(method)", "path": "\(path)", "query": {\(query.map { "\"\($0.name)\": \"\($0.value)\"" }.joined(separator: ", "))}}, "response": {"status": 200}}
            """
        return try ContractLoader.load(Array(text.utf8), file: "\(name).json", read: { _ in [] })
    }

    @Test("{name} and ${VAR} segments take any one segment; literal segments must be equal")
    func pathParameters() throws {
        let router = ContractRouter(contracts: [try contract("menu", "/v1/menus/{id}"), try contract("user", "/users/${USER_ID}/posts"),
                                                try contract("file", "/files/item-${ID}.json")])
        #expect(router.match(method: "GET", path: "/v1/menus/42", query: []) == 0)
        #expect(router.match(method: "GET", path: "/v1/menus/42/more", query: []) == nil)
        #expect(router.match(method: "GET", path: "/v1/menus/", query: []) == nil)
        #expect(router.match(method: "POST", path: "/v1/menus/42", query: []) == nil)
        #expect(router.match(method: "GET", path: "/users/7/posts", query: []) == 1)
        #expect(router.match(method: "GET", path: "/files/item-9.json", query: []) == 2)
        #expect(router.match(method: "GET", path: "/files/item-.json", query: []) == nil)
        #expect(router.routes.map(\.shape) == ["/v1/menus/{id}", "/users/{USER_ID}/posts", "/files/item-{ID}.json"])
    }

    @Test("the query parameters a contract names must be there with its value; a variable value takes any; more specific routes win")
    func queryAndSpecificity() throws {
        let router = ContractRouter(contracts: [try contract("any", "/search/{kind}"), try contract("blog", "/search/blog", query: [("query", "{q}")]),
                                                try contract("swift", "/search/blog", query: [("query", "swift")])])
        #expect(router.match(method: "GET", path: "/search/blog", query: [("query", "swift")]) == 2)
        #expect(router.match(method: "GET", path: "/search/blog", query: [("query", "kotlin"), ("page", "2")]) == 1)
        #expect(router.match(method: "GET", path: "/search/blog", query: []) == 0)
        #expect(router.match(method: "GET", path: "/search/news", query: [("query", "swift")]) == 0)
    }

    @Test("a path no contract covers is grouped by shape: identifiers read {id}")
    func shapes() {
        #expect(PathShape.shape(of: "/v1/menus/42") == "/v1/menus/{id}")
        #expect(PathShape.shape(of: "/v1/users/3f2a9c1e-0b7d-4c1e-9a55-1b2c3d4e5f60/posts") == "/v1/users/{id}/posts")
        #expect(PathShape.shape(of: "/COMM/A202100004") == "/COMM/{id}")
        #expect(PathShape.shape(of: "/v1/search/blog.json") == "/v1/search/blog.json")
        #expect(PathShape.shape(of: "/") == "/")
    }

    @Test("the text report's coverage block aligns the contracts exercised, never exercised and uncovered")
    func coverageText() {
        let coverage = Coverage(
            exercised: [Coverage.Exercised(contract: "hanyang-menu", file: "hanyang-menu.json", method: "GET", path: "/COMM/A202100004", requests: 3, drifted: 1)],
            unexercised: [Coverage.Unexercised(contract: "naver-news", file: "naver-news.json", method: "GET", path: "/v1/search/news.json")],
            uncovered: [Coverage.Uncovered(method: "GET", path: "/v1/menus/{id}", requests: 2, statuses: [200: 1, 404: 1])])
        #expect(TextReporter().renderCoverage(coverage) == """
            Coverage: 1 of 2 contracts exercised (3 requests), 1 never; 2 requests no contract covers
              exercised        GET  /COMM/A202100004      hanyang-menu  3 requests, 1 drifted
              never exercised  GET  /v1/search/news.json  naver-news
              no contract      GET  /v1/menus/{id}                      2 requests (200 ×1, 404 ×1)


            """)
    }
}
