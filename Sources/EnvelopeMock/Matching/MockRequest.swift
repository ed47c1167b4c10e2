/// A request to the mock server, as parsed off the wire (``HTTPRequestParser``) or built in
/// code: what was sent, and its target split into path and query as the matcher reads it.
public struct MockRequest: Sendable {
    /// The method token exactly as sent (methods are case-sensitive).
    public var method: String
    /// The request target exactly as sent (origin-form `/path?query`, absolute-form, or `*`).
    public let target: String
    /// The path and query exactly as sent (`/a/b?x=1`), without scheme and authority.
    public let url: String
    /// The path as sent (still percent-encoded).
    public let path: String
    /// The path with percent-escapes decoded (equal to `path` when there were none).
    public let decodedPath: String
    /// Query parameters in order, names and values percent-decoded (`+` is a space).
    public let queryParameters: [(name: String, value: String)]
    /// The minor version of HTTP/1.x (0 or 1).
    public var versionMinor: Int
    /// Header fields in the order received.
    public var headers: [MockHeader]
    /// The request body (Content-Length or de-chunked); empty when there was none.
    public var body: [UInt8]
    /// Whether the connection stays open after the answer (HTTP/1.1 default, `Connection: close`,
    /// HTTP/1.0 `Connection: keep-alive`).
    public var keepAlive: Bool
    /// Where the connection arrived (this machine's address, IPv6 without brackets, and port),
    /// set by the server for a request without a (non-empty) `Host` header; see
    /// ``addressed``.
    package var localAddress: (host: String, port: UInt16)?

    /// Splits `target` (origin-form, absolute-form or `*`) into path and query.
    public init(method: String, target: String, versionMinor: Int = 1, headers: [MockHeader] = [], body: [UInt8] = [],
                keepAlive: Bool = true) {
        self.method = method
        self.target = target
        self.versionMinor = versionMinor
        self.keepAlive = keepAlive
        // Split by code point, not Character: a delimiter followed by a combining mark is one
        // Character to Swift ("/?\u{301}a=1" has a query). Every delimiter is ASCII, and an
        // ASCII byte in UTF-8 is always a whole code point, so the UTF-8 bytes are searched.
        let bytes = target.utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        var leadingSlash = false
        if bytes.starts(with: "http://".utf8) || bytes.starts(with: "https://".utf8) {
            // The scheme is ASCII and ends in "://": the authority starts three bytes on.
            let schemeEnd = bytes.firstIndex(of: UInt8(ascii: ":")) ?? bytes.startIndex
            let afterScheme = bytes.index(schemeEnd, offsetBy: 3, limitedBy: bytes.endIndex) ?? bytes.endIndex
            if let slash = bytes[afterScheme...].firstIndex(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") }) {
                start = slash
                leadingSlash = bytes[slash] == UInt8(ascii: "?")
            } else {
                start = bytes.endIndex
                leadingSlash = true
            }
        }
        if let hash = bytes[start..<end].firstIndex(of: UInt8(ascii: "#")) { end = hash }
        let url = leadingSlash ? "/" + target[start..<end] : String(target[start..<end])
        self.url = url
        let pathPart: Substring
        var query: [(name: String, value: String)] = []
        if let question = url.utf8.firstIndex(of: UInt8(ascii: "?")) {
            pathPart = url[..<question]
            let rest = url[url.utf8.index(after: question)...]
            var pairStart = rest.startIndex
            while pairStart < rest.endIndex {
                let pairEnd = rest.utf8[pairStart...].firstIndex(of: UInt8(ascii: "&")) ?? rest.endIndex
                let pair = rest[pairStart..<pairEnd]
                if !pair.isEmpty {
                    if let equals = pair.utf8.firstIndex(of: UInt8(ascii: "=")) {
                        query.append((percentDecoded(pair[..<equals], plusIsSpace: true),
                                      percentDecoded(pair[pair.utf8.index(after: equals)...], plusIsSpace: true)))
                    } else {
                        query.append((percentDecoded(pair, plusIsSpace: true), ""))
                    }
                }
                pairStart = pairEnd < rest.endIndex ? rest.utf8.index(after: pairEnd) : rest.endIndex
            }
        } else {
            pathPart = url[...]
        }
        self.path = String(pathPart)
        self.decodedPath = pathPart.utf8.contains(UInt8(ascii: "%")) ? percentDecoded(pathPart, plusIsSpace: false) : String(pathPart)
        self.queryParameters = query
        self.headers = headers
        self.body = body
    }

    /// The first value of query parameter `name`.
    public func queryValue(_ name: String) -> String? {
        queryParameters.first { $0.name == name }?.value
    }

    /// The values of cookie `name` from every `Cookie` header (`a=1; b=2`), in order.
    public func cookieValues(_ name: String) -> [String] {
        var values: [String] = []
        for header in headers where header.hasName("Cookie") {
            for pair in header.value.split(separator: ";") {
                let trimmed = pair.trimmingOWS()
                guard let equals = trimmed.firstIndex(of: "=") else { continue }
                guard trimmed[..<equals].trimmingOWS() == name else { continue }
                var value = trimmed[trimmed.index(after: equals)...].trimmingOWS()
                // RFC 6265: a cookie value may be wrapped in double quotes.
                if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = value.dropFirst().dropLast() }
                values.append(String(value))
            }
        }
        return values
    }

    /// The first value of header `name` (case-insensitive).
    public func headerValue(_ name: String) -> String? {
        headers.first { $0.hasName(name) }?.value
    }

    /// All values of header `name` (case-insensitive), in order.
    public func headerValues(_ name: String) -> [String] {
        headers.filter { $0.hasName(name) }.map(\.value)
    }
}

/// Decodes `%XX` escapes (invalid ones are kept as written; invalid UTF-8 is repaired).
func percentDecoded(_ text: Substring, plusIsSpace: Bool) -> String {
    let utf8 = Array(text.utf8)
    guard utf8.contains(0x25) || (plusIsSpace && utf8.contains(0x2B)) else { return String(text) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count)
    var index = 0
    while index < utf8.count {
        let byte = utf8[index]
        if byte == 0x25, index + 2 < utf8.count, let high = hexDigit(utf8[index + 1]), let low = hexDigit(utf8[index + 2]) {
            bytes.append(high << 4 | low)
            index += 3
        } else {
            bytes.append(plusIsSpace && byte == 0x2B ? 0x20 : byte)
            index += 1
        }
    }
    return String(decoding: bytes, as: UTF8.self)
}

private func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: byte - 0x30
    case 0x41...0x46: byte - 0x41 + 10
    case 0x61...0x66: byte - 0x61 + 10
    default: nil
    }
}
