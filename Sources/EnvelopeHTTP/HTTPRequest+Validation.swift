extension HTTPRequest {
    /// Rejects what libcurl would send wrongly or silently truncate: C strings end at NUL, and a
    /// CR or LF inside a header or method would let one field smuggle in another (header
    /// injection), so such requests fail before anything goes on the wire.
    func validate() throws(TransportError) {
        guard Self.isToken(method) else {
            throw .invalidRequest(reason: "the method \(quoted(method)) is not a valid HTTP token", url: url)
        }
        guard !url.isEmpty, !url.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else {
            throw .invalidRequest(reason: "the URL is empty or contains spaces or control characters", url: url)
        }
        for header in headers {
            guard Self.isToken(header.name) else {
                throw .invalidRequest(reason: "the header name \(quoted(header.name)) is not a valid HTTP token", url: url)
            }
            guard !header.value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) else {
                throw .invalidRequest(reason: "the value of header \(header.name) contains CR, LF or NUL", url: url)
            }
        }
        for (label, seconds) in [("connectTimeout", connectTimeout), ("timeout", timeout)] {
            guard seconds.isFinite, seconds >= 0 else {
                throw .invalidRequest(reason: "\(label) must be a finite number of seconds, 0 or more (got \(seconds))", url: url)
            }
        }
        guard maxRedirects >= 0 else {
            throw .invalidRequest(reason: "maxRedirects must be 0 or more (got \(maxRedirects))", url: url)
        }
        guard maxBodyBytes >= 0 else {
            throw .invalidRequest(reason: "maxBodyBytes must be 0 or more (got \(maxBodyBytes))", url: url)
        }
        if let file = caCertificateFile, file.isEmpty || file.utf8.contains(0) {
            throw .invalidRequest(reason: "the CA certificate file name is empty or contains NUL", url: url)
        }
    }

    /// Whether `text` is an RFC 9110 token (the grammar of methods and header names).
    private static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"):
                return true
            default:
                return "!#$%&'*+-.^_`|~".utf8.contains(byte)
            }
        }
    }

    /// Shows a value in an error message with invisible characters made visible.
    private func quoted(_ text: String) -> String {
        String(reflecting: text)
    }
}
