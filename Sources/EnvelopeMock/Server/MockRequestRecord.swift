/// One line of the request log (see ``MockServer/init(mappings:host:port:workers:log:)``).
public struct MockRequestRecord: Sendable {
    public var method: String
    public var target: String
    public var status: Int
    /// The stub that answered, nil for unmatched (404) requests.
    public var stub: StubMapping?
    /// For unmatched requests, why (the 404 body).
    public var unmatched: UnmatchedReport?
}

