/// The response side of a stub.
public struct ResponseDefinition: Sendable {
    public var status: Int
    /// `statusMessage`: the reason phrase to send instead of the standard one.
    public var statusMessage: String?
    /// Header fields in the order written (a JSON array value gives several fields).
    public var headers: [MockHeader]
    /// The body bytes (from `body`, `base64Body`, `jsonBody` or `bodyFileName`, read at load time).
    public var body: [UInt8]
    /// Where the body came from.
    public var bodySource: BodySource
    /// `fixedDelayMilliseconds`: wait this long before answering (the connection is not blocked).
    public var fixedDelayMilliseconds: Int
    /// `delayDistribution`: a random delay added to the fixed one, drawn per request.
    public var delayDistribution: DelayDistribution?
    /// `chunkedDribbleDelay`: send the body in pieces spread over a duration.
    public var chunkedDribbleDelay: ChunkedDribbleDelay?
    /// `fault`: answer with a broken connection instead of a response.
    public var fault: Fault?
    /// `proxyBaseUrl` and its companions: forward the request there instead of answering
    /// from this definition.
    public var proxy: ProxyTarget? = nil
    /// The compiled response template, when the stub is templated and has tags; nil keeps
    /// the answer fixed (encoded once, no per-request work).
    public var template: ResponseTemplate? = nil

    public init(status: Int = 200, statusMessage: String? = nil, headers: [MockHeader] = [], body: [UInt8] = [],
                bodySource: BodySource = .none, fixedDelayMilliseconds: Int = 0, delayDistribution: DelayDistribution? = nil,
                chunkedDribbleDelay: ChunkedDribbleDelay? = nil, fault: Fault? = nil) {
        self.status = status
        self.statusMessage = statusMessage
        self.headers = headers
        self.body = body
        self.bodySource = bodySource
        self.fixedDelayMilliseconds = fixedDelayMilliseconds
        self.delayDistribution = delayDistribution
        self.chunkedDribbleDelay = chunkedDribbleDelay
        self.fault = fault
    }

    public enum BodySource: Hashable, Sendable {
        case none
        case body
        case base64Body
        case jsonBody
        /// The file's path under `__files/` as written in the mapping.
        case bodyFile(String)
    }

    /// WireMock's `fault` values.
    public enum Fault: String, Sendable, CaseIterable {
        /// Close the connection without answering.
        case emptyResponse = "EMPTY_RESPONSE"
        /// Reset the connection (TCP RST) without answering.
        case connectionResetByPeer = "CONNECTION_RESET_BY_PEER"
        /// Send garbage bytes, then close.
        case randomDataThenClose = "RANDOM_DATA_THEN_CLOSE"
        /// Send a 200 head with a broken chunked body, then close.
        case malformedResponseChunk = "MALFORMED_RESPONSE_CHUNK"
    }
}

/// `chunkedDribbleDelay`: the body goes out in `numberOfChunks` pieces, the first at once and
/// the others spread evenly over `totalDuration` milliseconds.
public struct ChunkedDribbleDelay: Hashable, Sendable {
    public var numberOfChunks: Int
    public var totalDuration: Int

    public init(numberOfChunks: Int, totalDuration: Int) {
        self.numberOfChunks = numberOfChunks
        self.totalDuration = totalDuration
    }
}
