/// The answer to one request, as received (after redirects, the final answer only).
public struct HTTPResponse: Hashable, Sendable {
    /// The HTTP status code, e.g. 200.
    public var status: Int
    /// Header fields in the order received, from the final response when redirects were followed.
    public var headers: [HTTPHeader]
    /// The body bytes exactly as delivered (after any Content-Encoding was undone by libcurl).
    public var body: [UInt8]
    /// The URL that produced this response: the request URL, or the last redirect target.
    public var effectiveURL: String
    /// Where the time went.
    public var timings: HTTPTimings
    /// The HTTP version of the final answer: `1.0`, `1.1`, `2` or `3` (empty when unknown).
    public var httpVersion: String
    /// Seconds the server asked the client to wait before trying again (`Retry-After`, as
    /// seconds or as an HTTP date), or `nil` when it did not say.
    public var retryAfter: Double?
    /// How many redirects were followed to this answer (0 when none).
    public var redirectCount: Int
    /// The reason phrase of the status line as the server sent it (`OK`, `Not Found`, or a
    /// server's own words); empty when there was none, as in HTTP/2.
    public var reasonPhrase: String

    /// Creates a response; `HTTPClient` builds these, tests and mocks may too.
    public init(status: Int, headers: [HTTPHeader], body: [UInt8], effectiveURL: String, timings: HTTPTimings = HTTPTimings(),
                httpVersion: String = "", retryAfter: Double? = nil, redirectCount: Int = 0, reasonPhrase: String = "") {
        self.status = status
        self.headers = headers
        self.body = body
        self.effectiveURL = effectiveURL
        self.timings = timings
        self.httpVersion = httpVersion
        self.retryAfter = retryAfter
        self.redirectCount = redirectCount
        self.reasonPhrase = reasonPhrase
    }

    /// The value of the first header called `name`, compared case-insensitively (ASCII), or
    /// `nil` when the response has no such header. HTTP field names are case-insensitive.
    public func header(_ name: String) -> String? {
        headers.first { Self.asciiCaseInsensitiveEqual($0.name, name) }?.value
    }

    /// Compares two field names ignoring ASCII case, without building lowercased copies.
    private static func asciiCaseInsensitiveEqual(_ a: String, _ b: String) -> Bool {
        let lhs = a.utf8, rhs = b.utf8
        guard lhs.count == rhs.count else { return false }
        return zip(lhs, rhs).allSatisfy { x, y in
            x == y || (x | 0x20 == y | 0x20 && (x | 0x20) >= UInt8(ascii: "a") && (x | 0x20) <= UInt8(ascii: "z"))
        }
    }
}
