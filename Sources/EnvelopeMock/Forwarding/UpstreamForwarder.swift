/// What the mock server calls for a request it forwards instead of answering from a stub:
/// `envelope proxy` forwards every request; `envelope serve` forwards what a `proxyBaseUrl`
/// stub matches (and, with `--proxy-all`, what no stub matches). The server
/// has no HTTP client of its own (EnvelopeMock does no outgoing I/O); the command line fills
/// this in with libcurl.
///
/// ``forward(_:completion:)`` is called on an event loop's thread and must return at once;
/// `completion` may be called on any thread, exactly once, and the event loop then writes the
/// answer to the client.
public protocol UpstreamForwarder: Sendable {
    /// Sends `request` on and calls `completion` with what came back.
    func forward(_ request: ForwardedRequest, completion: @escaping @Sendable (UpstreamResult) -> Void)

    /// Sends `request` on, may hand a large answer's body to `streaming` in pieces while it
    /// arrives (any thread, in order, all before `completion`), and calls `completion` with
    /// what came back, the whole body included. The server starts sending the answer to the
    /// client with the first piece, and reports through its ``UpstreamPiece/control`` what it
    /// has sent and whether the client went away. The default streams nothing.
    func forward(_ request: ForwardedRequest, streaming: @escaping @Sendable (UpstreamPiece) -> Void,
                 completion: @escaping @Sendable (UpstreamResult) -> Void)
}

extension UpstreamForwarder {
    /// Streams nothing: the answer comes whole, with `completion`.
    public func forward(_ request: ForwardedRequest, streaming: @escaping @Sendable (UpstreamPiece) -> Void,
                        completion: @escaping @Sendable (UpstreamResult) -> Void) {
        forward(request, completion: completion)
    }
}

/// A piece of an upstream's answer handed over while it arrives
/// (``UpstreamForwarder/forward(_:streaming:completion:)``).
public struct UpstreamPiece: Sendable {
    /// The status line and headers (its `body` empty): on the first piece only.
    public var head: UpstreamResponse?
    /// Body bytes as received since the last piece.
    public var bytes: [UInt8]
    /// On the first piece, when the forwarder holds back: what the server tells as it sends
    /// the bytes on (and when the client goes). Without one, the forwarder hands over the
    /// answer as fast as it arrives.
    public var control: (any UpstreamStreamControl)?

    /// Creates a piece.
    public init(head: UpstreamResponse?, bytes: [UInt8], control: (any UpstreamStreamControl)? = nil) {
        self.head = head
        self.bytes = bytes
        self.control = control
    }
}

/// A request to forward: as the client sent it, and who sent it (for `X-Forwarded-For`).
public struct ForwardedRequest: Sendable {
    /// The request as parsed off the wire.
    public var request: MockRequest
    /// The client's IP address as text (`127.0.0.1`, `::1`); empty when unknown.
    public var clientAddress: String
    /// Where a `proxyBaseUrl` stub sends it, and how it edits it; nil sends it to the
    /// forwarder's own upstream (`envelope proxy`).
    public var target: ProxyTarget?

    /// Creates a request to forward.
    public init(request: MockRequest, clientAddress: String, target: ProxyTarget? = nil) {
        self.request = request
        self.clientAddress = clientAddress
        self.target = target
    }
}

/// What forwarding a request came to: an answer, or why there was none.
public enum UpstreamResult: Sendable {
    /// The upstream answered (any status).
    case response(UpstreamResponse)
    /// The upstream could not be reached, did not answer in time, or sent something that is
    /// not HTTP.
    case failure(UpstreamFailure)
}

/// An upstream's answer, to be handed to the client as it came: status line, end-to-end
/// headers in order, body bytes as received (compressed or not).
public struct UpstreamResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The reason phrase as the upstream sent it; empty for the standard one.
    public var reason: String
    /// The header fields in the order received; the server drops the hop-by-hop ones
    /// (`Connection` and those it names, `Keep-Alive`, `Proxy-*`, `TE`, `Trailer`,
    /// `Transfer-Encoding`, `Upgrade`) and frames the body itself.
    public var headers: [MockHeader]
    /// The body bytes as received (de-chunked, never decompressed).
    public var body: [UInt8]
    /// Seconds the upstream took, first byte sent to last byte received.
    public var seconds: Double

    /// Creates an answer.
    public init(status: Int, reason: String = "", headers: [MockHeader], body: [UInt8], seconds: Double = 0) {
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
        self.seconds = seconds
    }
}

/// Why a forwarded request got no answer.
public struct UpstreamFailure: Sendable, Error {
    /// A stable short name, ASCII (`couldnt-connect`, `operation-timedout`): it goes into the
    /// `X-Envelope-Error` header of the 502.
    public var name: String
    /// What went wrong, in a sentence, for the 502's body and the report.
    public var message: String
    /// Seconds spent before giving up.
    public var seconds: Double

    /// Creates a failure.
    public init(name: String, message: String, seconds: Double = 0) {
        self.name = name
        self.message = message
        self.seconds = seconds
    }
}
