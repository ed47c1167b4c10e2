import EnvelopeMock

extension StubMapping {
    /// A stub built in code: answer `method` requests for `path` (the query is ignored) with
    /// `status` and a JSON `body`.
    ///
    /// ```swift
    /// let server = try InProcessMockServer(stubs: [.json("/v1/search/news.json", body: #"{"items": []}"#)])
    /// ```
    public static func json(_ path: String, method: String = "GET", status: Int = 200, body: String,
                            headers: [String: String] = [:]) -> StubMapping {
        var fields = [MockHeader(name: "Content-Type", value: "application/json; charset=utf-8")]
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { fields.append(MockHeader(name: name, value: value)) }
        return StubMapping(name: "\(method) \(path)", request: RequestPattern(method: method, url: .urlPath(path)),
                           response: ResponseDefinition(status: status, headers: fields, body: Array(body.utf8)),
                           source: MappingSource(file: "(built in code)"))
    }
}
