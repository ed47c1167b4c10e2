/// How a ``MockServer`` forwards requests to an upstream (``MockServerOptions/forwarding``).
public struct Forwarding: Sendable {
    /// Which requests are forwarded.
    public enum Scope: Sendable {
        /// Every request (`envelope proxy`): the stubs answer only as a fallback.
        case everyRequest
        /// Only what a `proxyBaseUrl` stub matches, and what no stub matches when `unmatched`
        /// is given (`envelope serve --proxy-all URL`); the other stubs answer as usual.
        case proxyStubs(unmatched: ProxyTarget?)
    }

    /// Sends the requests on.
    public var forwarder: any UpstreamForwarder
    /// Which requests go to the upstream.
    public var scope: Scope
    /// When the upstream cannot be reached or answers 404 or 501, a stub that matches the
    /// request answers instead (`--fallback-to-mocks`).
    public var fallsBackToStubs: Bool
    /// Called for every forwarded request once its answer is written to the client (or the
    /// client has gone), on an event loop's thread: keep it short (hand work to a queue).
    public var observer: (@Sendable (ForwardedExchange) -> Void)?

    /// Forwarding with `forwarder`.
    public init(forwarder: any UpstreamForwarder, scope: Scope = .everyRequest, fallsBackToStubs: Bool = false,
                observer: (@Sendable (ForwardedExchange) -> Void)? = nil) {
        self.forwarder = forwarder
        self.scope = scope
        self.fallsBackToStubs = fallsBackToStubs
        self.observer = observer
    }
}

/// One forwarded request and what became of it, for ``Forwarding/observer``.
public struct ForwardedExchange: Sendable {
    /// Who answered the client.
    public enum Answerer: Sendable {
        /// The upstream; the client got its answer unchanged.
        case upstream
        /// A stub answered instead (the upstream failed or said 404/501): its name, or its
        /// id when it has none.
        case stub(String)
        /// Nobody: the client got a 502 saying why.
        case gateway
    }

    /// The request as the client sent it.
    public var request: MockRequest
    /// What the upstream did.
    public var upstream: UpstreamResult
    /// Who answered the client.
    public var answeredBy: Answerer
    /// What the client got: the upstream's answer, the stub's, or the 502.
    public var answer: UpstreamResponse
    /// Seconds from the request's arrival to its answer being ready to send.
    public var seconds: Double
    /// Whether the client was still connected to receive the answer.
    public var delivered: Bool
    /// The client went away while its answer was streaming, so the transfer was stopped:
    /// ``upstream`` is that failure, not the upstream's, and ``answer`` has the upstream's
    /// status and headers without the body. There is no whole answer to judge.
    public var abandoned = false
}
