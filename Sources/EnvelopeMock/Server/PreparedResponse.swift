/// One answer, encoded once at startup: the head without the `Connection` header and the
/// blank line, and the body.
struct PreparedResponse: Sendable {
    let head: [UInt8]
    let body: [UInt8]
    let delayMilliseconds: Int
    let fault: ResponseDefinition.Fault?

    init(status: Int, reason: String? = nil, headers: [HTTPHeader], body: [UInt8],
         delayMilliseconds: Int = 0, fault: ResponseDefinition.Fault? = nil) {
        var head = "HTTP/1.1 \(status) \(reason ?? HTTPStatus.reasonPhrase(status))\r\n"
        for header in headers {
            // The server owns framing and connection management.
            if header.hasName("Content-Length") || header.hasName("Transfer-Encoding") || header.hasName("Connection")
                || header.hasName("Keep-Alive") {
                continue
            }
            head += "\(header.name): \(header.value)\r\n"
        }
        let bodyAllowed = !HTTPStatus.forbidsBody(status)
        if bodyAllowed {
            head += "Content-Length: \(body.count)\r\n"
        }
        self.head = Array(head.utf8)
        self.body = bodyAllowed ? body : []
        self.delayMilliseconds = delayMilliseconds
        self.fault = fault
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
        PreparedResponse(status: status, headers: [HTTPHeader(name: "Content-Type", value: "text/plain; charset=utf-8")],
                         body: Array(text.utf8))
    }
}

