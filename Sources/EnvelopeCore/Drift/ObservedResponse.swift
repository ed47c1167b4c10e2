/// An answer as received (from the network, the mock server or a saved file): what the
/// validator judges. It carries no I/O of its own.
public struct ObservedResponse: Sendable {
    /// The HTTP status, or nil for a saved body with no status.
    public var status: Int?
    /// The headers, in order.
    public var headers: [(name: String, value: String)]
    /// The body bytes, shared rather than copied (a large saved answer may be a mapped file).
    public var body: SharedBytes

    /// Creates a response.
    public init(status: Int?, headers: [(name: String, value: String)] = [], body: [UInt8]) {
        self.init(status: status, headers: headers, body: SharedBytes(body))
    }

    /// Creates a response whose body is shared, not copied.
    public init(status: Int?, headers: [(name: String, value: String)] = [], body: SharedBytes) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of the first header named `name` (ignoring case).
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }
}
