/// An upstream's answer as the proxy sends it on.
extension PreparedResponse {
    /// `response` as the client gets it: the upstream's status line and end-to-end headers in
    /// order, the body re-framed with `Content-Length`. An answer to HEAD, and a 304, keep the
    /// upstream's `Content-Length` (it describes a body that is not sent).
    init(forwarding response: UpstreamResponse, toHead: Bool) {
        let keepsLength = toHead || response.status == 304
        var head = Self.forwardedHead(of: response, keepsLength: keepsLength)
        let bodyAllowed = !HTTPStatus.forbidsBody(response.status)
        if bodyAllowed, !keepsLength {
            head.append(contentsOf: "Content-Length: ".utf8)
            head.append(contentsOf: String(response.body.count).utf8)
            head.append(contentsOf: [0x0D, 0x0A])
        }
        self.init(head: head, body: bodyAllowed && !toHead ? response.body : [])
    }

    /// The status line and end-to-end headers of `response`, in order; its `Content-Length`
    /// only when `keepsLength`.
    static func forwardedHead(of response: UpstreamResponse, keepsLength: Bool) -> [UInt8] {
        var head: [UInt8] = []
        head.reserveCapacity(256)
        head.append(contentsOf: "HTTP/1.1 ".utf8)
        head.append(contentsOf: String(response.status).utf8)
        head.append(0x20)
        head.append(contentsOf: (response.reason.isEmpty ? HTTPStatus.reasonPhrase(response.status) : response.reason).utf8)
        head.append(contentsOf: [0x0D, 0x0A])
        let options = MockHeader.connectionOptions(of: response.headers)
        for header in response.headers {
            if header.isHopByHop(connectionOptions: options) { continue }
            if header.hasName("Content-Length"), !keepsLength { continue }
            head.append(contentsOf: header.name.utf8)
            head.append(contentsOf: [0x3A, 0x20])
            head.append(contentsOf: header.value.utf8)
            head.append(contentsOf: [0x0D, 0x0A])
        }
        return head
    }

    /// The head of an answer whose body is sent while it arrives: the upstream's
    /// `Content-Length` when it sent one, else `Transfer-Encoding: chunked` when the client
    /// reads it (`chunkedAllowed`, HTTP/1.1), else the body ends when the connection does.
    static func streamedHead(of response: UpstreamResponse, chunkedAllowed: Bool) -> (head: [UInt8], framing: StreamFraming) {
        let lengths = response.headers.filter { $0.hasName("Content-Length") }.map { Substring($0.value).trimmingOWS() }
        if let length = lengths.first, Int(length) != nil, lengths.allSatisfy({ $0 == length }) {
            return (forwardedHead(of: response, keepsLength: true), .length)
        }
        var head = forwardedHead(of: response, keepsLength: false)
        guard chunkedAllowed else { return (head, .untilClose) }
        head.append(contentsOf: "Transfer-Encoding: chunked\r\n".utf8)
        return (head, .chunked)
    }
}

/// How the body of an answer sent while it arrives is framed for the client.
enum StreamFraming {
    /// The upstream's `Content-Length`: the bytes go as they are.
    case length
    /// Each piece a chunk, and a last empty chunk at the end.
    case chunked
    /// HTTP/1.0 without a length: the body ends when the connection closes.
    case untilClose

    /// `bytes` as they go on the wire.
    func frame(_ bytes: [UInt8], into output: inout [UInt8]) {
        guard self == .chunked else {
            output.append(contentsOf: bytes)
            return
        }
        guard !bytes.isEmpty else { return }
        output.append(contentsOf: String(bytes.count, radix: 16).utf8)
        output.append(contentsOf: [0x0D, 0x0A])
        output.append(contentsOf: bytes)
        output.append(contentsOf: [0x0D, 0x0A])
    }

    /// What ends the body: the last chunk, or nothing.
    var end: [UInt8] { self == .chunked ? Array("0\r\n\r\n".utf8) : [] }
}
