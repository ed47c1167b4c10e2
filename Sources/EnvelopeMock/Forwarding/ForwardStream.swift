/// A forwarded answer that goes to the client while it arrives from the upstream: the bytes
/// framed for the client and not yet moved to the connection's output, and how much of the body
/// has come. It lives in the request's place in the connection's queue until the last piece.
struct ForwardStream {
    /// How the body is framed; nil when the answer is not streamed after all (an answer to
    /// HEAD, a status without a body, one a fallback mock may replace): it then comes whole.
    var framing: StreamFraming?
    /// The status line and headers, without the body.
    var head: UpstreamResponse
    /// Framed bytes waiting for the answers before this one to be sent.
    var bytes: [UInt8] = []
    /// Body bytes in ``bytes``.
    var bodyInBytes = 0
    /// Body bytes received so far.
    var bodyBytes = 0
    /// The connection closes after this answer.
    var close = false
    /// What the forwarder is told as the body goes out, when it holds back.
    var control: (any UpstreamStreamControl)?

    /// The stream for `head`, the first piece of the answer to `request`, with the head
    /// already in ``bytes``; one without ``framing`` when it must come whole.
    static func start(_ head: UpstreamResponse, for request: MockRequest, fallsBackToStubs: Bool, draining: Bool,
                      control: (any UpstreamStreamControl)?) -> ForwardStream {
        if request.method == "HEAD" || HTTPStatus.forbidsBody(head.status) || head.status == 304
            || (fallsBackToStubs && StubResponder.wantsFallback(.response(head))) {
            return ForwardStream(framing: nil, head: head, control: control)
        }
        let (encoded, framing) = PreparedResponse.streamedHead(of: head, chunkedAllowed: request.versionMinor >= 1)
        let close = draining || !request.keepAlive || framing == .untilClose
        var stream = ForwardStream(framing: framing, head: head, bytes: encoded, close: close, control: control)
        if close {
            stream.bytes.append(contentsOf: "Connection: close\r\n".utf8)
        } else if request.versionMinor == 0 {
            stream.bytes.append(contentsOf: "Connection: keep-alive\r\n".utf8)
        }
        stream.bytes.append(contentsOf: [0x0D, 0x0A])
        return stream
    }

    /// Adds a piece of the body. One that is not streamed keeps nothing: the whole answer
    /// comes with the result, and the forwarder hears at once that the piece is done with.
    mutating func append(_ piece: [UInt8]) {
        guard let framing else {
            control?.sent(bytes: piece.count)
            return
        }
        framing.frame(piece, into: &bytes)
        bodyBytes += piece.count
        bodyInBytes += piece.count
    }

    /// Takes the framed bytes waiting to go out, and how many body bytes they hold.
    mutating func takeBytes() -> (bytes: [UInt8], body: Int) {
        defer {
            bytes = []
            bodyInBytes = 0
        }
        return (bytes, bodyInBytes)
    }

    /// The reply that ends the answer once `result` is in: the rest of the body and the end
    /// of the framing; or, when the upstream failed midway, what is left and a reset, so the
    /// client sees the answer cut short rather than complete.
    func finalReply(for result: UpstreamResult) -> Reply {
        var last = self
        switch result {
        case .response(let response):
            if response.body.count > bodyBytes { last.framing?.frame(Array(response.body[bodyBytes...]), into: &last.bytes) }
            last.bytes.append(contentsOf: framing?.end ?? [])
            return Reply(response: nil, raw: last.bytes, close: close)
        case .failure:
            return Reply(response: nil, raw: last.bytes, fault: .connectionResetByPeer, close: true)
        }
    }
}
