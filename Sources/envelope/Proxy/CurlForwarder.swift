import Foundation
import EnvelopeHTTP
import EnvelopeMock

/// The proxy's ``UpstreamForwarder``: each request goes to the upstream through the one
/// libcurl multi handle that serves `queue` on its own thread (connections reused, TLS
/// verified), as a reverse proxy sends it on: the client's headers without the hop-by-hop
/// ones, `Host` the upstream's, `X-Forwarded-For`/`-Proto`/`-Host` added, the body as sent,
/// and the answer's body left compressed if it came so.
struct CurlForwarder: UpstreamForwarder {
    /// Where requests go: `https://staging.example.com` or with a path prefix, no trailing `/`;
    /// a request from a `proxyBaseUrl` stub goes to the stub's ``ForwardedRequest/target`` instead.
    let upstream: String
    /// Headers every forwarded request carries unless the client sent its own (an
    /// environment's, `${VAR}` expanded).
    let extraHeaders: [HTTPHeader]
    let queue: HTTPRequestQueue
    let timeout: Double
    let connectTimeout: Double
    let verifyTLS: Bool
    let caCertificateFile: String?

    /// Request headers a proxy does not forward besides the hop-by-hop ones
    /// (``MockHeader/isHopByHop(connectionOptions:)``): `Host` (libcurl writes the upstream's),
    /// the framing (libcurl frames the body it sends), and `Expect` (the proxy has answered
    /// `100-continue` itself).
    static let droppedRequestHeaders = ["Host", "Content-Length", "Expect"]

    /// Whether a request header the client sent goes on to the upstream.
    static func forwards(_ header: MockHeader, connectionOptions: [Substring]) -> Bool {
        !header.isHopByHop(connectionOptions: connectionOptions) && !droppedRequestHeaders.contains(where: header.hasName)
    }

    func forward(_ forwarded: ForwardedRequest, completion: @escaping @Sendable (UpstreamResult) -> Void) {
        let request = httpRequest(for: forwarded)
        queue.submit(request) { outcome in
            completion(Self.result(of: outcome))
        }
    }

    /// An answer larger than ``streamThreshold`` goes on to the app in pieces while it arrives
    /// (the whole body still comes with `completion`, for validation), at most ``streamWindow``
    /// bytes ahead of what the server has sent to the app: past that the transfer stops reading
    /// from the upstream until the app catches up.
    func forward(_ forwarded: ForwardedRequest, streaming: @escaping @Sendable (UpstreamPiece) -> Void,
                 completion: @escaping @Sendable (UpstreamResult) -> Void) {
        let stream = HTTPResponseStream(threshold: Self.streamThreshold, pieceBytes: Self.streamThreshold, windowBytes: Self.streamWindow) { piece in
            let head = piece.head.map { head in
                UpstreamResponse(status: head.status, reason: head.reasonPhrase, headers: head.headers.map { MockHeader(name: $0.name, value: $0.value) },
                                 body: [])
            }
            streaming(UpstreamPiece(head: head, bytes: piece.bytes, control: piece.window))
        }
        queue.submit(httpRequest(for: forwarded), stream: stream) { outcome in
            completion(Self.result(of: outcome))
        }
    }

    /// Body bytes after which an answer streams, and the size of its pieces: small answers
    /// (most JSON) come whole in one hand-over, large ones start reaching the app at once.
    static let streamThreshold = 256 * 1024

    /// How far a streamed answer may run ahead of the app: four pieces.
    static let streamWindow = 4 * streamThreshold

    /// The libcurl request for what the client sent.
    func httpRequest(for forwarded: ForwardedRequest) -> HTTPRequest {
        let original = forwarded.request
        let connectionOptions = MockHeader.connectionOptions(of: original.headers)
        var headers: [HTTPHeader] = []
        var forwardedFor: String?
        // A proxyBaseUrl stub's removals and additions apply to what the client sent.
        let sent = forwarded.target.map { $0.editedHeaders(original.headers) } ?? original.headers
        for header in sent {
            guard Self.forwards(header, connectionOptions: connectionOptions) else { continue }
            if header.hasName("X-Forwarded-For") {
                forwardedFor = forwardedFor.map { $0 + ", " + header.value } ?? header.value
                continue
            }
            headers.append(HTTPHeader(name: header.name, value: header.value))
        }
        for extra in extraHeaders where !headers.contains(where: { $0.name.lowercased() == extra.name.lowercased() }) {
            headers.append(extra)
        }
        let client = forwarded.clientAddress
        if !client.isEmpty { forwardedFor = forwardedFor.map { $0 + ", " + client } ?? client }
        if let forwardedFor { headers.append(HTTPHeader(name: "X-Forwarded-For", value: forwardedFor)) }
        if original.headerValue("X-Forwarded-Proto") == nil { headers.append(HTTPHeader(name: "X-Forwarded-Proto", value: "http")) }
        if original.headerValue("X-Forwarded-Host") == nil, let host = original.headerValue("Host") {
            headers.append(HTTPHeader(name: "X-Forwarded-Host", value: host))
        }
        let hasBody = !original.body.isEmpty || original.headerValue("Content-Length") != nil || original.headerValue("Transfer-Encoding") != nil
        var request = HTTPRequest(method: original.method, url: forwarded.target?.upstreamURL(for: original.url) ?? upstream + original.url, headers: headers, body: hasBody ? original.body : nil,
                                  connectTimeout: connectTimeout, timeout: timeout, followRedirects: false,
                                  verifyTLS: verifyTLS, caCertificateFile: caCertificateFile, maxBodyBytes: 0)
        request.forwardsVerbatim = true
        // A streamed answer lasts as long as the app takes to read it; only silence from the
        // upstream is its fault.
        request.timeoutIsIdle = true
        return request
    }

    /// The mock server's view of what libcurl got.
    static func result(of outcome: HTTPOutcome) -> UpstreamResult {
        switch outcome.result {
        case .success(let response):
            return .response(UpstreamResponse(status: response.status, reason: response.reasonPhrase,
                                              headers: response.headers.map { MockHeader(name: $0.name, value: $0.value) },
                                              body: response.body, seconds: response.timings.total))
        case .failure(let error):
            return .failure(UpstreamFailure(name: error.name, message: error.message))
        }
    }
}
