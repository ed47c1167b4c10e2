/// One header field as received or as configured. Names keep their spelling; compare them
/// case-insensitively (``HTTPHeader/hasName(_:)``).
public struct HTTPHeader: Hashable, Sendable, CustomStringConvertible {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// Whether this header is called `other`, ignoring ASCII case.
    public func hasName(_ other: String) -> Bool {
        asciiCaseInsensitiveEquals(name, other)
    }

    public var description: String { "\(name): \(value)" }
}

/// A complete HTTP/1.x request as parsed off the wire by ``HTTPRequestParser``.
public struct HTTPRequest: Sendable {
    /// The method token exactly as sent (methods are case-sensitive).
    public var method: String
    /// The request target exactly as sent (origin-form `/path?query`, absolute-form, or `*`).
    public var target: String
    /// The minor version of HTTP/1.x (0 or 1).
    public var versionMinor: Int
    /// Header fields in the order received.
    public var headers: [HTTPHeader]
    /// The request body (Content-Length or de-chunked); empty when there was none.
    public var body: [UInt8]
    /// Whether the connection stays open after the answer (HTTP/1.1 default, `Connection: close`,
    /// HTTP/1.0 `Connection: keep-alive`).
    public var keepAlive: Bool

    public init(method: String, target: String, versionMinor: Int = 1, headers: [HTTPHeader] = [],
                body: [UInt8] = [], keepAlive: Bool = true) {
        self.method = method
        self.target = target
        self.versionMinor = versionMinor
        self.headers = headers
        self.body = body
        self.keepAlive = keepAlive
    }

    /// All values of the header `name` (case-insensitive), in order.
    public func headerValues(_ name: String) -> [String] {
        headers.filter { $0.hasName(name) }.map(\.value)
    }

    /// The first value of the header `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.hasName(name) }?.value
    }
}

@inline(__always)
func asciiLowercased(_ byte: UInt8) -> UInt8 {
    (byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte
}

func asciiCaseInsensitiveEquals(_ a: String, _ b: String) -> Bool {
    // Over the stored bytes when both strings have them (native and small strings do): zipping
    // the two UTF-8 views went through their generic iterators, byte by byte.
    let stored = a.utf8.withContiguousStorageIfAvailable { x in
        b.utf8.withContiguousStorageIfAvailable { y -> Bool in
            guard x.count == y.count else { return false }
            for index in x.indices where asciiLowercased(x[index]) != asciiLowercased(y[index]) { return false }
            return true
        }
    }
    if let stored, let result = stored { return result }
    let a = a.utf8, b = b.utf8
    guard a.count == b.count else { return false }
    for (x, y) in zip(a, b) where asciiLowercased(x) != asciiLowercased(y) {
        return false
    }
    return true
}

func asciiLowercased(_ text: String) -> String {
    String(decoding: text.utf8.map(asciiLowercased), as: UTF8.self)
}

/// Standard reason phrases for the status line.
enum HTTPStatus {
    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 101: "Switching Protocols"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 203: "Non-Authoritative Information"
        case 204: "No Content"
        case 205: "Reset Content"
        case 206: "Partial Content"
        case 300: "Multiple Choices"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 402: "Payment Required"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 411: "Length Required"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 416: "Range Not Satisfiable"
        case 417: "Expectation Failed"
        case 418: "I'm a teapot"
        case 421: "Misdirected Request"
        case 422: "Unprocessable Content"
        case 425: "Too Early"
        case 426: "Upgrade Required"
        case 428: "Precondition Required"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 451: "Unavailable For Legal Reasons"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }

    /// Statuses whose responses never carry a body nor a Content-Length (RFC 9110 §8.6, §15.3.5).
    static func forbidsBody(_ status: Int) -> Bool {
        status < 200 || status == 204 || status == 304
    }
}
