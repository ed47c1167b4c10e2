/// An upstream's answer as the proxy sends it on.
extension PreparedResponse {
    /// The header fields a proxy never passes on (RFC 9110 §7.6.1): they describe one
    /// connection, not the message. Lower-cased.
    static let hopByHopHeaders: Set<String> = ["connection", "keep-alive", "proxy-connection", "te", "trailer",
                                               "transfer-encoding", "upgrade"]

    /// Whether `header` is hop-by-hop: one of ``hopByHopHeaders``, any `Proxy-*`, or one that
    /// `connectionOptions` (the tokens of the `Connection` header, lower-cased) names.
    static func isHopByHop(_ header: MockHeader, connectionOptions: Set<String>) -> Bool {
        let name = header.name.lowercased()
        return hopByHopHeaders.contains(name) || name.hasPrefix("proxy-") || connectionOptions.contains(name)
    }

    /// The tokens of every `Connection` header in `headers`, lower-cased.
    static func connectionOptions(of headers: [MockHeader]) -> Set<String> {
        var options: Set<String> = []
        for header in headers where header.hasName("Connection") {
            for token in header.value.split(separator: ",") { options.insert(token.trimmingOWS().lowercased()) }
        }
        return options
    }

    /// `response` as the client gets it: the upstream's status line and end-to-end headers in
    /// order, the body re-framed with `Content-Length`. An answer to HEAD, and a 304, keep the
    /// upstream's `Content-Length` (it describes a body that is not sent).
    init(forwarding response: UpstreamResponse, toHead: Bool) {
        var head: [UInt8] = []
        head.reserveCapacity(256)
        head.append(contentsOf: "HTTP/1.1 ".utf8)
        head.append(contentsOf: String(response.status).utf8)
        head.append(0x20)
        head.append(contentsOf: (response.reason.isEmpty ? HTTPStatus.reasonPhrase(response.status) : response.reason).utf8)
        head.append(contentsOf: [0x0D, 0x0A])
        let options = Self.connectionOptions(of: response.headers)
        let keepsLength = toHead || response.status == 304
        for header in response.headers {
            if Self.isHopByHop(header, connectionOptions: options) { continue }
            if header.hasName("Content-Length"), !keepsLength { continue }
            head.append(contentsOf: header.name.utf8)
            head.append(contentsOf: [0x3A, 0x20])
            head.append(contentsOf: header.value.utf8)
            head.append(contentsOf: [0x0D, 0x0A])
        }
        let bodyAllowed = !HTTPStatus.forbidsBody(response.status)
        if bodyAllowed, !keepsLength {
            head.append(contentsOf: "Content-Length: ".utf8)
            head.append(contentsOf: String(response.body.count).utf8)
            head.append(contentsOf: [0x0D, 0x0A])
        }
        self.init(head: head, body: bodyAllowed && !toHead ? response.body : [])
    }
}
