/// How the `Connection` header of an answer is written.
enum ConnectionDirective {
    /// HTTP/1.1 keep-alive: no header.
    case none
    /// `Connection: close`.
    case close
    /// HTTP/1.0 keep-alive: `Connection: keep-alive`.
    case keepAlive
}

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

/// What the event loop sends for one request. Encoded only when it is sent, so that a
/// server that starts draining meanwhile can still add `Connection: close`.
struct Reply {
    /// The answer, or nil for raw bytes (faults, `100 Continue`).
    var response: PreparedResponse?
    var raw: [UInt8] = []
    var headOnly = false
    /// HTTP/1.0 keep-alive: say `Connection: keep-alive`.
    var announceKeepAlive = false
    var delayMilliseconds = 0
    var fault: ResponseDefinition.Fault? = nil
    /// Close the connection after this answer.
    var close: Bool

    /// Appends the bytes to `output`; `close` may be forced by a draining server.
    func encode(into output: inout [UInt8], close: Bool) {
        guard let response else {
            output.append(contentsOf: raw)
            return
        }
        response.encode(into: &output, headOnly: headOnly,
                        connection: close ? .close : (announceKeepAlive ? .keepAlive : .none))
    }
}

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

/// Turns parsed requests into answers from the stubs. Immutable and shared by every worker.
final class StubResponder: Sendable {
    let matcher: StubMatcher
    let prepared: [PreparedResponse]
    let log: (@Sendable (MockRequestRecord) -> Void)?

    init(mappings: MockMappings, log: (@Sendable (MockRequestRecord) -> Void)?) {
        matcher = StubMatcher(mappings: mappings)
        prepared = mappings.stubs.map { PreparedResponse($0.response) }
        self.log = log
    }

    func reply(to request: HTTPRequest, forceClose: Bool) -> Reply {
        let close = forceClose || !request.keepAlive
        let headOnly = request.method == "HEAD"
        var mockRequest = MockRequest(request)
        var index = matcher.matchIndex(mockRequest)
        if index == nil, headOnly {
            // HEAD is GET without the body (RFC 9110 §9.3.2): use the GET stub.
            mockRequest.method = "GET"
            index = matcher.matchIndex(mockRequest)
            mockRequest.method = "HEAD"
        }
        if let index {
            let response = prepared[index]
            log?(MockRequestRecord(method: request.method, target: request.target,
                                   status: matcher.stubs[index].response.status, stub: matcher.stubs[index], unmatched: nil))
            if let fault = response.fault {
                return Reply(response: nil, raw: Self.faultBytes(fault), delayMilliseconds: response.delayMilliseconds,
                             fault: fault, close: true)
            }
            return Reply(response: response, headOnly: headOnly, announceKeepAlive: request.versionMinor == 0,
                         delayMilliseconds: response.delayMilliseconds, close: close)
        }
        let report = matcher.unmatchedReport(for: mockRequest)
        log?(MockRequestRecord(method: request.method, target: request.target, status: 404, stub: nil, unmatched: report))
        return Reply(response: .plainText(status: 404, report.description), headOnly: headOnly,
                     announceKeepAlive: request.versionMinor == 0, close: close)
    }

    /// The answer to a request that could not be parsed; the connection closes after it.
    func reply(to error: HTTPParseError) -> Reply {
        Reply(response: .plainText(status: error.status, error.reason + "\n"), close: true)
    }

    static func faultBytes(_ fault: ResponseDefinition.Fault) -> [UInt8] {
        switch fault {
        case .emptyResponse, .connectionResetByPeer:
            return []
        case .randomDataThenClose:
            var generator = SystemRandomNumberGenerator()
            return (0..<64).map { _ in UInt8.random(in: 0...255, using: &generator) }
        case .malformedResponseChunk:
            return Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nlorem ipsum dolor sit amet".utf8)
        }
    }
}
