/// Builds the contract file `envelope infer` writes around an inferred body schema.
public enum InferredContract {
    /// The contract as JSON, in the field order of docs/contracts.md: `contract`, `summary`,
    /// `request` (`method`, `path`, `query`), `response` (`status`, `body`), `drift`.
    ///
    /// `optional-never-present` is set to `ignore`: an inferred optional key is one some
    /// samples lacked, so one answer without it is normal, not news.
    public static func make(name: String, summary: String, method: String, path: String,
                            query: [(name: String, value: String)], status: Int?, body: JSONValue) -> JSONValue {
        var request: [JSONValue.Member] = [
            JSONValue.Member(key: "method", value: .string(method)),
            JSONValue.Member(key: "path", value: .string(path)),
        ]
        if !query.isEmpty {
            request.append(JSONValue.Member(key: "query", value: .object(query.map { JSONValue.Member(key: $0.name, value: .string($0.value)) })))
        }
        var response: [JSONValue.Member] = []
        if let status { response.append(JSONValue.Member(key: "status", value: .number(String(status)))) }
        response.append(JSONValue.Member(key: "body", value: body))
        return .object([
            JSONValue.Member(key: "contract", value: .string(name)),
            JSONValue.Member(key: "summary", value: .string(summary)),
            JSONValue.Member(key: "request", value: .object(request)),
            JSONValue.Member(key: "response", value: .object(response)),
            JSONValue.Member(key: "drift", value: .object([JSONValue.Member(key: "optional-never-present", value: .string("ignore"))])),
        ])
    }
}
