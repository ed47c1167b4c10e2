/// One answer, encoded once at startup: the head without the `Connection` header and the
/// blank line, and the body.
struct PreparedResponse: Sendable {
    let head: [UInt8]
    let body: [UInt8]
    let delayMilliseconds: Int
    let fault: ResponseDefinition.Fault?

    init(status: Int, reason: String? = nil, headers: [MockHeader], body: [UInt8],
         delayMilliseconds: Int = 0, fault: ResponseDefinition.Fault? = nil) {
        // Written as bytes: building a String by interpolation and then copying out its UTF-8
        // cost more than the rest of loading a small mapping.
        var head: [UInt8] = []
        head.reserveCapacity(64 + headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 })
        head.append(contentsOf: "HTTP/1.1 ".utf8)
        head.append(contentsOf: String(status).utf8)
        head.append(0x20)
        head.append(contentsOf: (reason ?? HTTPStatus.reasonPhrase(status)).utf8)
        head.append(contentsOf: [0x0D, 0x0A])
        for header in headers {
            // The server owns framing and connection management.
            if header.hasName("Content-Length") || header.hasName("Transfer-Encoding") || header.hasName("Connection")
                || header.hasName("Keep-Alive") {
                continue
            }
            head.append(contentsOf: header.name.utf8)
            head.append(contentsOf: [0x3A, 0x20])
            head.append(contentsOf: header.value.utf8)
            head.append(contentsOf: [0x0D, 0x0A])
        }
        let bodyAllowed = !HTTPStatus.forbidsBody(status)
        if bodyAllowed {
            head.append(contentsOf: "Content-Length: ".utf8)
            head.append(contentsOf: String(body.count).utf8)
            head.append(contentsOf: [0x0D, 0x0A])
        }
        self.head = head
        self.body = bodyAllowed ? body : []
        self.delayMilliseconds = delayMilliseconds
        self.fault = fault
    }

    /// An answer whose head (without the `Connection` header and the blank line) is already
    /// encoded.
    init(head: [UInt8], body: [UInt8]) {
        self.head = head
        self.body = body
        self.delayMilliseconds = 0
        self.fault = nil
    }

    init(_ definition: ResponseDefinition) {
        self.init(status: definition.status, reason: definition.statusMessage, headers: definition.headers,
                  body: definition.body, delayMilliseconds: definition.fixedDelayMilliseconds, fault: definition.fault)
    }

    /// Appends the full answer to `output`.
    func encode(into output: inout [UInt8], headOnly: Bool, connection: ConnectionDirective) {
        output.reserveCapacity(output.count + head.count + 26 + (headOnly ? 0 : body.count))
        output.append(contentsOf: head)
        switch connection {
        case .none: break
        case .close: output.append(contentsOf: Self.closeLine)
        case .keepAlive: output.append(contentsOf: Self.keepAliveLine)
        }
        output.append(0x0D)
        output.append(0x0A)
        if !headOnly { output.append(contentsOf: body) }
    }

    private static let closeLine = Array("Connection: close\r\n".utf8)
    private static let keepAliveLine = Array("Connection: keep-alive\r\n".utf8)

    /// A plain-text answer (errors and unmatched requests).
    static func plainText(status: Int, _ text: String) -> PreparedResponse {
        PreparedResponse(status: status, headers: [MockHeader(name: "Content-Type", value: "text/plain; charset=utf-8")],
                         body: Array(text.utf8))
    }
}

