/// The request a contract sends.
public struct ContractRequest: Sendable, Hashable {
    /// The HTTP method.
    public var method: String
    /// The path, starting with `/`.
    public var path: String
    /// Query parameters, in order.
    public var query: [(name: String, value: String)]
    /// Request headers, in order; values may hold `${VAR}`.
    public var headers: [(name: String, value: String)]
    /// A JSON request body, if any.
    public var body: JSONValue?

    /// Creates a request.
    public init(method: String = "GET", path: String, query: [(name: String, value: String)] = [], headers: [(name: String, value: String)] = [], body: JSONValue? = nil) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The path with its query string, percent-encoded.
    public var target: String {
        guard !query.isEmpty else { return path }
        return path + "?" + query.map { QueryEncoding.encode($0.name) + "=" + QueryEncoding.encode($0.value) }.joined(separator: "&")
    }

    public static func == (lhs: ContractRequest, rhs: ContractRequest) -> Bool {
        lhs.method == rhs.method && lhs.path == rhs.path && lhs.body == rhs.body
            && lhs.query.elementsEqual(rhs.query, by: ==) && lhs.headers.elementsEqual(rhs.headers, by: ==)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(path)
    }
}
