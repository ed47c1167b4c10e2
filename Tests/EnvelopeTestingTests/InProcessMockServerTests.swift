import EnvelopeCore
import EnvelopeHTTP
import EnvelopeMock
import EnvelopeTesting
import Foundation
import Testing

@Suite("InProcessMockServer journal and stubs built in code")
struct InProcessMockServerTests {
    @Test("stubs built in code are served, and the journal records every request, unmatched ones too")
    func journal() throws {
        let server = try InProcessMockServer(stubs: [
            .json("/v1/search/news.json", body: #"{"lastBuildDate": "x", "total": 0, "start": 1, "display": 0, "items": []}"#),
            .json("/login", method: "POST", status: 201, body: #"{"ok": true}"#, headers: ["X-Trace": "1"]),
        ])
        let client = HTTPClient()
        let news = try client.send(HTTPRequest(url: server.baseURL + "/v1/search/news.json?query=swift"))
        #expect(news.status == 200)
        expectConforms(news.body, to: .file(packageRoot.appendingPathComponent("Contracts/naver-news.json").path), status: news.status,
                       headers: news.headers.map { ($0.name, $0.value) })
        let login = try client.send(HTTPRequest(method: "POST", url: server.baseURL + "/login", headers: [HTTPHeader(name: "Authorization", value: "Bearer t")], body: Array("{}".utf8)))
        #expect(login.status == 201)
        #expect(login.header("x-trace") == "1")
        let missing = try client.send(HTTPRequest(url: server.baseURL + "/nowhere"))
        #expect(missing.status == 404)

        #expect(server.requests.map { "\($0.method) \($0.target) \($0.status)" } == [
            "GET /v1/search/news.json?query=swift 200", "POST /login 201", "GET /nowhere 404",
        ])
        #expect(server.requests(path: "/v1/search/news.json").count == 1)
        #expect(server.unmatchedRequests.map(\.target) == ["/nowhere"])
        #expect(server.journal.map { $0.request.target } == ["/v1/search/news.json?query=swift", "/login", "/nowhere"])
        #expect(server.journal[1].request.headerValue("Authorization") == "Bearer t")
        server.resetRequests()
        #expect(server.requests.isEmpty)
    }
}
