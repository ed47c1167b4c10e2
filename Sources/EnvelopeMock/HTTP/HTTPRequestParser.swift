/// A stateless HTTP/1.x request parser (RFC 9112) over a byte buffer.
///
/// Each call parses the first request at the start of the buffer, so pipelined requests are
/// taken one after another by slicing off `consumed` bytes. It never reads past the buffer,
/// never traps on any input (it is meant to be fuzzed) and bounds the head at
/// ``maxHeadBytes`` (431, or 414 when the request line alone is too long).
///
/// Accepted: request line `METHOD SP target SP HTTP/1.x`, header fields `name: value` with
/// optional whitespace, CRLF or bare LF line ends, leading empty lines, Content-Length bodies
/// and chunked bodies (trailers are read and dropped). Rejected with 400: obsolete line
/// folding, whitespace before the colon, control bytes, conflicting Content-Length, both
/// Content-Length and Transfer-Encoding, a missing or repeated Host in HTTP/1.1.
struct HTTPRequestParser: Sendable {
    /// The most bytes the request line and header fields may take, line ends included.
    var maxHeadBytes: Int
    /// The largest accepted request body (413 above it).
    var maxBodyBytes: Int
    /// The most header fields accepted (431 above it).
    var maxHeaderCount: Int

    init(maxHeadBytes: Int = 16 * 1024, maxBodyBytes: Int = 16 * 1024 * 1024, maxHeaderCount: Int = 128) {
        self.maxHeadBytes = maxHeadBytes
        self.maxBodyBytes = maxBodyBytes
        self.maxHeaderCount = maxHeaderCount
    }

    func parse(_ bytes: [UInt8]) -> HTTPParseResult {
        bytes.withUnsafeBufferPointer { parse($0) }
    }

    func parse(_ bytes: ArraySlice<UInt8>) -> HTTPParseResult {
        bytes.withUnsafeBufferPointer { parse($0) }
    }

    func parse(_ buffer: UnsafeBufferPointer<UInt8>) -> HTTPParseResult {
        let start: Int
        switch skipEmptyLines(buffer) {
        case .failure(let error): return .failure(error)
        case .success(let position): start = position
        }
        if start == buffer.count { return .incomplete }

        // The lines of the head, [start, end) without their line ends.
        var lines: [(Int, Int)] = []
        lines.reserveCapacity(16)
        let headEnd: Int
        switch findHead(buffer, from: start, lines: &lines) {
        case .incomplete: return .incomplete
        case .failure(let error): return .failure(error)
        case .complete(let end): headEnd = end
        }

        let method: String, target: String, minor: Int
        switch parseRequestLine(buffer, lines[0].0, lines[0].1) {
        case .failure(let error): return .failure(error)
        case .success(let line): (method, target, minor) = line
        }

        var head = RequestHead()
        head.headers.reserveCapacity(lines.count - 1)
        for index in 1..<lines.count {
            if let error = readHeaderField(buffer, lines[index], minor: minor, into: &head) { return .failure(error) }
        }
        if minor >= 1 {
            if head.hostCount == 0 { return .failure(HTTPParseError(status: 400, reason: "HTTP/1.1 request without a Host header")) }
            if head.hostCount > 1 { return .failure(HTTPParseError(status: 400, reason: "more than one Host header")) }
        }
        let keepAlive = minor >= 1 ? !head.connectionClose : (head.connectionKeepAlive && !head.connectionClose)

        switch readBody(buffer, from: headEnd, head: head, minor: minor) {
        case .failure(let error): return .failure(error)
        case .incomplete: return .awaitingBody(expectsContinue: head.expectsContinue)
        case .complete(let body, let consumed):
            let request = MockRequest(method: method, target: target, versionMinor: minor, headers: head.headers, body: body, keepAlive: keepAlive)
            return .complete(request, consumed: consumed)
        }
    }

    // MARK: - Steps

    /// What the header fields say about the request's framing and connection, with the
    /// fields themselves.
    private struct RequestHead {
        var headers: [MockHeader] = []
        var contentLength: Int?
        /// The transfer codings, lower-cased, in order.
        var transferEncoding: [String] = []
        var hostCount = 0
        var connectionClose = false
        var connectionKeepAlive = false
        var expectsContinue = false
    }

    /// Where a head's lines end, or why they cannot.
    private enum HeadScan {
        case incomplete
        case failure(HTTPParseError)
        /// The head ends just before `end` (after its empty line).
        case complete(end: Int)
    }

    /// Where a body ends, or why it cannot.
    private enum BodyScan {
        case incomplete
        case failure(HTTPParseError)
        case complete([UInt8], end: Int)
    }

    /// Where the request line starts: RFC 9112 §2.2 asks a server to ignore at least one
    /// empty line before it.
    private func skipEmptyLines(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<Int, HTTPParseError> {
        var start = 0
        while start < buffer.count, buffer[start] == 0x0D || buffer[start] == 0x0A {
            if buffer[start] == 0x0D, start + 1 < buffer.count, buffer[start + 1] != 0x0A {
                return .failure(HTTPParseError(status: 400, reason: "bare CR before the request line"))
            }
            start += 1
            if start > 64 { return .failure(HTTPParseError(status: 400, reason: "too many empty lines before the request line")) }
        }
        return .success(start)
    }

    /// Collects the head's lines into `lines` up to the empty line that ends it, within
    /// ``maxHeadBytes`` and ``maxHeaderCount``.
    private func findHead(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, lines: inout [(Int, Int)]) -> HeadScan {
        let end = buffer.count
        let scanLimit = min(end, start + maxHeadBytes)
        var cursor = start
        var lineStart = start
        while cursor < scanLimit {
            let byte = buffer[cursor]
            if byte == 0x0A {
                var lineEnd = cursor
                if lineEnd > lineStart, buffer[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                if lineEnd == lineStart { return .complete(end: cursor + 1) }
                lines.append((lineStart, lineEnd))
                if lines.count > maxHeaderCount + 1 {
                    return .failure(HTTPParseError(status: 431, reason: "more than \(maxHeaderCount) header fields"))
                }
                lineStart = cursor + 1
            } else if byte == 0x0D, cursor + 1 < end, buffer[cursor + 1] != 0x0A {
                return .failure(HTTPParseError(status: 400, reason: "bare CR in the request head"))
            }
            cursor += 1
        }
        if end - start >= maxHeadBytes {
            if lines.isEmpty {
                return .failure(HTTPParseError(status: 414, reason: "request line longer than \(maxHeadBytes) bytes"))
            }
            return .failure(HTTPParseError(status: 431, reason: "request head longer than \(maxHeadBytes) bytes"))
        }
        // Reject an obviously bad request line early instead of waiting for more bytes.
        if lines.isEmpty, cursor > start, case .failure(let error) = quickCheckMethod(buffer, start, cursor) {
            return .failure(error)
        }
        return .incomplete
    }

    /// Reads one header field line into `head`; the error that rejects it, if any.
    private func readHeaderField(_ buffer: UnsafeBufferPointer<UInt8>, _ line: (Int, Int), minor: Int,
                                 into head: inout RequestHead) -> HTTPParseError? {
        let (ls, le) = line
        if buffer[ls] == 0x20 || buffer[ls] == 0x09 {
            return HTTPParseError(status: 400, reason: "obsolete line folding in header fields")
        }
        var colon = ls
        while colon < le, buffer[colon] != 0x3A {
            guard isTokenByte(buffer[colon]) else {
                return HTTPParseError(status: 400, reason: "invalid character in a header field name")
            }
            colon += 1
        }
        guard colon < le, colon > ls else {
            return HTTPParseError(status: 400, reason: "header field without a name or a colon")
        }
        var valueStart = colon + 1
        var valueEnd = le
        while valueStart < valueEnd, buffer[valueStart] == 0x20 || buffer[valueStart] == 0x09 { valueStart += 1 }
        while valueEnd > valueStart, buffer[valueEnd - 1] == 0x20 || buffer[valueEnd - 1] == 0x09 { valueEnd -= 1 }
        for position in valueStart..<valueEnd {
            let byte = buffer[position]
            if (byte < 0x20 && byte != 0x09) || byte == 0x7F {
                return HTTPParseError(status: 400, reason: "control character in a header field value")
            }
        }
        let name = String(decoding: UnsafeBufferPointer(rebasing: buffer[ls..<colon]), as: UTF8.self)
        let value = String(decoding: UnsafeBufferPointer(rebasing: buffer[valueStart..<valueEnd]), as: UTF8.self)
        if let error = noteFraming(name: name, nameLength: colon - ls, value: value, minor: minor, into: &head) { return error }
        head.headers.append(MockHeader(name: name, value: value))
        return nil
    }

    /// Notes what a field that frames the request or governs the connection says (the name's
    /// length is compared first, so that most fields are passed over without a comparison).
    private func noteFraming(name: String, nameLength: Int, value: String, minor: Int, into head: inout RequestHead) -> HTTPParseError? {
        if nameLength == 14, asciiCaseInsensitiveEquals(name, "content-length") {
            for part in value.split(separator: ",", omittingEmptySubsequences: false) {
                guard let length = parseDecimal(part.trimmingOWS()) else {
                    return HTTPParseError(status: 400, reason: "invalid Content-Length '\(value)'")
                }
                if let existing = head.contentLength, existing != length {
                    return HTTPParseError(status: 400, reason: "conflicting Content-Length values")
                }
                head.contentLength = length
            }
        } else if nameLength == 17, asciiCaseInsensitiveEquals(name, "transfer-encoding") {
            for part in value.split(separator: ",") {
                let coding = asciiLowercased(String(part.trimmingOWS()))
                if !coding.isEmpty { head.transferEncoding.append(coding) }
            }
        } else if nameLength == 4, asciiCaseInsensitiveEquals(name, "host") {
            head.hostCount += 1
            // RFC 9112 3.2: an invalid Host is a 400 (as Jetty, under WireMock, answers it).
            if !Self.hasValidPort(value) { return HTTPParseError(status: 400, reason: "invalid port in Host header '\(value)'") }
        } else if nameLength == 6, asciiCaseInsensitiveEquals(name, "expect") {
            if asciiCaseInsensitiveEquals(value, "100-continue") { head.expectsContinue = minor >= 1 }
        } else if nameLength == 10, asciiCaseInsensitiveEquals(name, "connection") {
            for part in value.split(separator: ",") {
                let option = String(part.trimmingOWS())
                if asciiCaseInsensitiveEquals(option, "close") { head.connectionClose = true }
                if asciiCaseInsensitiveEquals(option, "keep-alive") { head.connectionKeepAlive = true }
            }
        }
        return nil
    }

    /// Whether a Host value's port, if it has one, is decimal and at most 65535 (`name`,
    /// `name:port`, `[v6]:port`; an empty port is allowed, as RFC 3986 allows it).
    private static func hasValidPort(_ host: String) -> Bool {
        let afterBrackets = host.hasPrefix("[") ? host[(host.firstIndex(of: "]").map(host.index(after:)) ?? host.endIndex)...] : host[...]
        guard let colon = afterBrackets.lastIndex(of: ":") else { return true }
        let port = afterBrackets[afterBrackets.index(after: colon)...]
        // Digits only: `UInt16` alone would also take a sign.
        return port.isEmpty || (port.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && UInt16(port) != nil)
    }

    /// The body after a head that ends at `headEnd`: chunked, of a Content-Length, or none.
    private func readBody(_ buffer: UnsafeBufferPointer<UInt8>, from headEnd: Int, head: RequestHead, minor: Int) -> BodyScan {
        if !head.transferEncoding.isEmpty {
            if head.contentLength != nil {
                return .failure(HTTPParseError(status: 400, reason: "both Content-Length and Transfer-Encoding"))
            }
            if minor == 0 {
                return .failure(HTTPParseError(status: 400, reason: "Transfer-Encoding in an HTTP/1.0 request"))
            }
            guard head.transferEncoding.last == "chunked" else {
                return .failure(HTTPParseError(status: 400, reason: "Transfer-Encoding without a final 'chunked'"))
            }
            guard head.transferEncoding.count == 1 else {
                return .failure(HTTPParseError(status: 501, reason: "unsupported transfer coding '\(head.transferEncoding[0])'"))
            }
            switch parseChunked(buffer, from: headEnd) {
            case .failure(let error): return .failure(error)
            case .success(nil): return .incomplete
            case .success(let .some((body, end))): return .complete(body, end: end)
            }
        }
        guard let length = head.contentLength, length > 0 else { return .complete([], end: headEnd) }
        if length > maxBodyBytes {
            return .failure(HTTPParseError(status: 413, reason: "request body of \(length) bytes is larger than \(maxBodyBytes)"))
        }
        if buffer.count - headEnd < length { return .incomplete }
        return .complete(Array(UnsafeBufferPointer(rebasing: buffer[headEnd..<(headEnd + length)])), end: headEnd + length)
    }

    // MARK: - Pieces

    private func quickCheckMethod(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Result<Void, HTTPParseError> {
        var index = start
        while index < end, buffer[index] != 0x20 {
            let byte = buffer[index]
            if byte != 0x0D, byte != 0x0A, !isTokenByte(byte) {
                return .failure(HTTPParseError(status: 400, reason: "invalid character in the method"))
            }
            index += 1
        }
        return .success(())
    }

    private func parseRequestLine(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
        -> Result<(String, String, Int), HTTPParseError>
    {
        var index = start
        while index < end, buffer[index] != 0x20 {
            guard isTokenByte(buffer[index]) else {
                return .failure(HTTPParseError(status: 400, reason: "invalid character in the method"))
            }
            index += 1
        }
        guard index > start, index < end else {
            return .failure(HTTPParseError(status: 400, reason: "malformed request line"))
        }
        let method = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<index]), as: UTF8.self)
        index += 1
        let targetStart = index
        while index < end, buffer[index] != 0x20 {
            let byte = buffer[index]
            guard byte > 0x20, byte < 0x7F else {
                return .failure(HTTPParseError(status: 400, reason: "invalid character in the request target"))
            }
            index += 1
        }
        guard index > targetStart, index < end else {
            return .failure(HTTPParseError(status: 400, reason: "malformed request line"))
        }
        let target = String(decoding: UnsafeBufferPointer(rebasing: buffer[targetStart..<index]), as: UTF8.self)
        index += 1
        // HTTP-version = "HTTP/" DIGIT "." DIGIT
        guard end - index == 8,
              buffer[index] == 0x48, buffer[index + 1] == 0x54, buffer[index + 2] == 0x54,
              buffer[index + 3] == 0x50, buffer[index + 4] == 0x2F,
              isDigit(buffer[index + 5]), buffer[index + 6] == 0x2E, isDigit(buffer[index + 7])
        else {
            return .failure(HTTPParseError(status: 400, reason: "malformed HTTP version in the request line"))
        }
        guard buffer[index + 5] == 0x31 else {
            return .failure(HTTPParseError(status: 505, reason: "only HTTP/1.0 and HTTP/1.1 are supported"))
        }
        let minor = Int(buffer[index + 7] - 0x30)
        guard minor <= 1 else {
            return .failure(HTTPParseError(status: 505, reason: "only HTTP/1.0 and HTTP/1.1 are supported"))
        }
        if target.utf8.first != 0x2F, target != "*", !target.hasPrefix("http://"), !target.hasPrefix("https://") {
            if method != "CONNECT" {
                return .failure(HTTPParseError(status: 400, reason: "request target must start with '/'"))
            }
        }
        return .success((method, target, minor))
    }

    /// Parses a chunked body starting at `from`. `.success(nil)` means incomplete.
    private func parseChunked(_ buffer: UnsafeBufferPointer<UInt8>, from: Int)
        -> Result<([UInt8], Int)?, HTTPParseError>
    {
        let end = buffer.count
        var index = from
        var body: [UInt8] = []
        while true {
            // chunk-size [ chunk-ext ] CRLF
            var size = 0
            var digits = 0
            while index < end, let value = hexValue(buffer[index]) {
                size = size &* 16 &+ value
                digits += 1
                if digits > 15 || size > maxBodyBytes {
                    return .failure(HTTPParseError(status: 413, reason: "chunked request body larger than \(maxBodyBytes) bytes"))
                }
                index += 1
            }
            if index == end { return .success(nil) }
            guard digits > 0 else {
                return .failure(HTTPParseError(status: 400, reason: "malformed chunk size"))
            }
            guard let lineEnd = findLineEnd(buffer, from: index, limit: 4096) else {
                return index + 4096 < end
                    ? .failure(HTTPParseError(status: 400, reason: "chunk extension too long"))
                    : .success(nil)
            }
            for position in index..<lineEnd.contentEnd where buffer[position] < 0x09 || (buffer[position] > 0x09 && buffer[position] < 0x20) {
                return .failure(HTTPParseError(status: 400, reason: "control character in a chunk extension"))
            }
            if lineEnd.contentEnd > index, buffer[index] != 0x3B, buffer[index] != 0x20, buffer[index] != 0x09 {
                return .failure(HTTPParseError(status: 400, reason: "malformed chunk size"))
            }
            index = lineEnd.next
            if size == 0 { break }
            if body.count + size > maxBodyBytes {
                return .failure(HTTPParseError(status: 413, reason: "chunked request body larger than \(maxBodyBytes) bytes"))
            }
            if end - index < size { return .success(nil) }
            body.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[index..<(index + size)]))
            index += size
            // CRLF after the data
            if index == end { return .success(nil) }
            if buffer[index] == 0x0D {
                if index + 1 == end { return .success(nil) }
                guard buffer[index + 1] == 0x0A else {
                    return .failure(HTTPParseError(status: 400, reason: "chunk data not followed by CRLF"))
                }
                index += 2
            } else if buffer[index] == 0x0A {
                index += 1
            } else {
                return .failure(HTTPParseError(status: 400, reason: "chunk data not followed by CRLF"))
            }
        }
        // trailer-section CRLF
        var trailerBytes = 0
        while true {
            guard let lineEnd = findLineEnd(buffer, from: index, limit: maxHeadBytes) else {
                return end - index >= maxHeadBytes
                    ? .failure(HTTPParseError(status: 431, reason: "chunked trailer section too long"))
                    : .success(nil)
            }
            let isEmpty = lineEnd.contentEnd == index
            trailerBytes += lineEnd.next - index
            if trailerBytes > maxHeadBytes {
                return .failure(HTTPParseError(status: 431, reason: "chunked trailer section too long"))
            }
            index = lineEnd.next
            if isEmpty { break }
        }
        return .success((body, index))
    }

    private func findLineEnd(_ buffer: UnsafeBufferPointer<UInt8>, from: Int, limit: Int) -> (contentEnd: Int, next: Int)? {
        let end = min(buffer.count, from + limit)
        var index = from
        while index < end {
            if buffer[index] == 0x0A {
                let contentEnd = (index > from && buffer[index - 1] == 0x0D) ? index - 1 : index
                return (contentEnd, index + 1)
            }
            index += 1
        }
        return nil
    }
}

// MARK: - Byte classes

@inline(__always)
private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

@inline(__always)
private func hexValue(_ byte: UInt8) -> Int? {
    switch byte {
    case 0x30...0x39: Int(byte - 0x30)
    case 0x41...0x46: Int(byte - 0x41 + 10)
    case 0x61...0x66: Int(byte - 0x61 + 10)
    default: nil
    }
}

/// tchar (RFC 9110 §5.6.2).
@inline(__always)
func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
    case 0x21, 0x23, 0x24, 0x25, 0x26, 0x27, 0x2A, 0x2B, 0x2D, 0x2E, 0x5E, 0x5F, 0x60, 0x7C, 0x7E: true
    default: false
    }
}

private func parseDecimal(_ text: Substring) -> Int? {
    guard !text.isEmpty, text.utf8.count <= 15 else { return nil }
    var value = 0
    for byte in text.utf8 {
        guard isDigit(byte) else { return nil }
        value = value * 10 + Int(byte - 0x30)
    }
    return value
}

extension Substring {
    /// Without the optional whitespace (RFC 9110 §5.6.3: space and tab bytes) around it. Read as
    /// bytes, not Characters: no grapheme breaking on every header value and cookie.
    func trimmingOWS() -> Substring {
        let bytes = utf8
        var lower = bytes.startIndex, upper = bytes.endIndex
        while lower < upper, bytes[lower] == 0x20 || bytes[lower] == 0x09 { lower = bytes.index(after: lower) }
        while lower < upper {
            let last = bytes.index(before: upper)
            guard bytes[last] == 0x20 || bytes[last] == 0x09 else { break }
            upper = last
        }
        return self[lower..<upper]
    }
}
