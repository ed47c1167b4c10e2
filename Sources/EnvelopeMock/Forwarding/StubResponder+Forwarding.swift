/// Answers for forwarded requests: the upstream's, a stub's when the upstream failed and
/// fallback is on, or a 502.
extension StubResponder {
    /// What the client gets for `request`, whose forwarding came to `result`: the reply to
    /// send, who answered, and the answer as the client sees it (for the observer).
    func forwardedReply(to request: MockRequest, result: UpstreamResult, forceClose: Bool, target: ProxyTarget? = nil)
        -> (reply: Reply, answeredBy: ForwardedExchange.Answerer, answer: UpstreamResponse) {
        let close = forceClose || !request.keepAlive
        let headOnly = request.method == "HEAD"
        if forwarding?.fallsBackToStubs == true, Self.wantsFallback(result),
           let fallback = fallbackReply(to: request, forceClose: forceClose) {
            return fallback
        }
        // The journal gets the answer the client gets: the upstream's own, or the 502.
        switch result {
        case .response(let response):
            journal.record(request, status: response.status, stubIdentifier: target?.stubIdentifier, proxied: response)
        case .failure:
            journal.record(request, status: 502, stubIdentifier: target?.stubIdentifier)
        }
        switch result {
        case .response(let response):
            let prepared = PreparedResponse(forwarding: response, toHead: headOnly)
            return (Reply(response: prepared, headOnly: headOnly, announceKeepAlive: request.versionMinor == 0, close: close),
                    .upstream, response)
        case .failure(let failure):
            let answer = Self.gatewayAnswer(for: failure, upstream: target?.baseURL)
            return (Reply(response: PreparedResponse(status: answer.status, headers: answer.headers, body: answer.body), headOnly: headOnly,
                          announceKeepAlive: request.versionMinor == 0, close: close),
                    .gateway, answer)
        }
    }

    /// Whether a stub should answer instead: the upstream gave no answer, or said it has no
    /// such resource (404) or method (501).
    static func wantsFallback(_ result: UpstreamResult) -> Bool {
        switch result {
        case .failure: true
        case .response(let response): response.status == 404 || response.status == 501
        }
    }

    /// The matching stub's answer, or nil when no stub matches.
    private func fallbackReply(to request: MockRequest, forceClose: Bool)
        -> (reply: Reply, answeredBy: ForwardedExchange.Answerer, answer: UpstreamResponse)? {
        let snapshot = store.snapshot()
        guard let matched = stubReply(to: request, forceClose: forceClose, snapshot: snapshot), matched.reply.forwardTo == nil else { return nil }
        let stub = snapshot.matcher.stubs[matched.index]
        let definition = matched.drifted ?? stub.response
        let answer = UpstreamResponse(status: definition.status, reason: definition.statusMessage ?? "", headers: definition.headers,
                                      body: definition.body)
        return (matched.reply, .stub(stub.name ?? stub.identifier), answer)
    }

    /// The reply for a matched `proxyBaseUrl` stub: the event loop forwards the request to
    /// `target`; a server with no forwarder (EnvelopeTesting's, `check`'s, which link no HTTP
    /// client) answers 502 saying so.
    func proxyReply(to target: ProxyTarget, headOnly: Bool, versionMinor: Int, close: Bool) -> Reply {
        if forwarding != nil { return Reply(response: nil, close: close, forwardTo: target) }
        let failure = UpstreamFailure(name: "no-upstream-client",
                                      message: "this server has no upstream client: proxyBaseUrl stubs need envelope serve")
        let answer = Self.gatewayAnswer(for: failure, upstream: target.baseURL)
        return Reply(response: PreparedResponse(status: answer.status, headers: answer.headers, body: answer.body), headOnly: headOnly,
                     announceKeepAlive: versionMinor == 0, close: close)
    }

    /// The 502 for a request the upstream did not answer: a line of text saying why (naming
    /// `upstream`, a stub's `proxyBaseUrl`, when given), and the failure's name in
    /// `X-Envelope-Error` (ASCII, as every header Envelope adds).
    static func gatewayAnswer(for failure: UpstreamFailure, upstream: String? = nil) -> UpstreamResponse {
        let body = Array((upstream.map { "envelope serve: no answer from the upstream \($0) (\(failure.name)): \(failure.message)\n" }
            ?? "envelope proxy: no answer from the upstream (\(failure.name)): \(failure.message)\n").utf8)
        return UpstreamResponse(status: 502, headers: [MockHeader(name: "Content-Type", value: "text/plain; charset=utf-8"),
                                                       MockHeader(name: "X-Envelope-Error", value: asciiHeaderValue(failure.name))],
                                body: body, seconds: failure.seconds)
    }
}

/// `text` as a header value of printable ASCII only: every other byte of its UTF-8 is written
/// `%XX`, so a message in any language (or a stub named in Korean) stays a valid, readable
/// header on every client.
package func asciiHeaderValue(_ text: String) -> String {
    var out = ""
    for byte in text.utf8 {
        if (0x20...0x7E).contains(byte), byte != UInt8(ascii: "%") {
            out.unicodeScalars.append(Unicode.Scalar(byte))
        } else {
            let hex = String(byte, radix: 16, uppercase: true)
            out += "%" + (hex.count == 1 ? "0" + hex : hex)
        }
    }
    return out
}
