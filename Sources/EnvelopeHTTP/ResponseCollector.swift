import CCurl

/// Gathers one response's header fields and body bytes as libcurl hands them over.
///
/// libcurl calls back from inside `curl_easy_perform` / `curl_multi_perform` on the calling
/// thread, so this needs no locking; `EasyTransfer` owns one collector and passes it as
/// unretained userdata because the transfer object keeps it alive for every transfer.
final class ResponseCollector {
    /// Body bytes received so far for the current response.
    private(set) var body: [UInt8] = []
    /// Header fields received so far for the current response.
    private(set) var headers: [HTTPHeader] = []
    /// The reason phrase of the current response's status line (`OK`, `Not Found`), as sent;
    /// empty when there was none (HTTP/2 has none).
    private(set) var reason = ""
    /// The most body bytes to keep; 0 for no limit.
    var limit = 0
    /// Whether the body went past `limit` (the transfer was then aborted by the write callback).
    private(set) var exceededLimit = false
    /// Whether the stream's receiver cancelled the transfer (the write callback then aborted it).
    private(set) var cancelled = false
    /// The status code of the current response's status line; 0 before one arrived.
    private(set) var status = 0
    /// Where pieces of the body go while it arrives (a proxy's transfers), or nil; and how
    /// many body bytes have been handed over so far.
    var stream: HTTPResponseStream?
    private var streamedBytes = 0
    /// The stream's window once the first piece is handed over, and the queue it wakes.
    private(set) var window: HTTPStreamWindow?
    var queue: HTTPRequestQueue?

    /// The exchange as libcurl reported it, when the request asked for it: `> ` lines sent,
    /// `< ` lines received, `* ` libcurl's notes, every redirect hop included. Not cleared by
    /// ``take()``: it belongs to the whole request, not to one response.
    private(set) var transcript: [String] = []

    /// Forgets the transcript of the last request.
    func resetTranscript() {
        transcript = []
    }

    /// Adds what libcurl's debug callback handed over: header blocks sent or received, and its
    /// informational text; body data is left out.
    func appendDebug(_ type: curl_infotype, _ data: UnsafeRawBufferPointer) {
        let marker: String
        switch type {
        case CURLINFO_HEADER_OUT: marker = "> "
        case CURLINFO_HEADER_IN: marker = "< "
        case CURLINFO_TEXT: marker = "* "
        default: return
        }
        let text = String(decoding: data, as: UTF8.self)
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }) {
            transcript.append(marker + line)
        }
    }

    /// Forgets everything, ready for the next request.
    func reset() {
        body = []
        headers = []
        reason = ""
        status = 0
        exceededLimit = false
        cancelled = false
        endStream()
    }

    /// Hands over what was gathered and starts empty again, so the response owns the bytes
    /// without a copy.
    func take() -> (headers: [HTTPHeader], body: [UInt8], reason: String) {
        defer { reset() }
        return (headers, body, reason)
    }

    /// What the write callback tells libcurl about a chunk.
    enum BodyVerdict {
        /// Kept: the transfer goes on.
        case taken
        /// Not kept: the receiver of the pieces is too far behind; libcurl delivers the chunk
        /// again once the transfer is unpaused.
        case pause
        /// Not kept: the transfer ends (the body limit is passed, or the receiver has gone).
        case stop
    }

    /// Appends a chunk of body bytes; ``BodyVerdict/stop`` (and only what fits kept) when it
    /// would pass `limit`, so the callback can make libcurl stop instead of filling memory with
    /// a runaway answer; ``BodyVerdict/pause`` when the stream's window is full.
    func appendBody(_ chunk: UnsafeRawBufferPointer) -> BodyVerdict {
        // There is a window only once the first piece is handed over.
        if let window {
            switch window.admit() {
            case .take: break
            case .pause: return .pause
            case .stop:
                cancelled = true
                return .stop
            }
        }
        if limit > 0, body.count + chunk.count > limit {
            // Keep what fits, so a report can quote the start of the cut-off answer.
            body.append(contentsOf: chunk.prefix(limit - body.count))
            exceededLimit = true
            return .stop
        }
        body.append(contentsOf: chunk)
        if let stream, body.count >= stream.threshold, body.count - streamedBytes >= stream.pieceBytes {
            handOver(to: stream)
        }
        return .taken
    }

    /// Gives `stream` the body bytes not handed over yet, with the head the first time.
    private func handOver(to stream: HTTPResponseStream) {
        let head = streamedBytes == 0 ? HTTPResponseHead(status: status, reasonPhrase: reason, headers: headers) : nil
        if head != nil, window == nil, stream.windowBytes > 0 {
            window = HTTPStreamWindow(bytes: stream.windowBytes)
            window?.attach(queue)
        }
        window?.handedOver(body.count - streamedBytes)
        stream.receive(HTTPResponsePiece(head: head, bytes: Array(body[streamedBytes...]), window: head == nil ? nil : window))
        streamedBytes = body.count
    }

    /// Forgets the stream and its window (which then wakes nobody: the transfer is over).
    func endStream() {
        window?.attach(nil)
        window = nil
        stream = nil
        streamedBytes = 0
    }

    /// Takes one raw header line (CRLF included), as libcurl delivers them.
    ///
    /// A status line starts a new response: interim (1xx) and redirect responses come first, and
    /// only the final response's fields should remain, so everything gathered so far is dropped.
    func appendHeaderLine(_ raw: UnsafeRawBufferPointer) {
        // Bytes, not Characters: a header line is ASCII framing around opaque values, and
        // Foundation's Substring prefix test cost more than the rest of a small transfer.
        var end = raw.count
        while end > 0, raw[end - 1] == UInt8(ascii: "\r") || raw[end - 1] == UInt8(ascii: "\n") { end -= 1 }
        let line = UnsafeRawBufferPointer(rebasing: raw[..<end])
        if line.starts(with: "HTTP/".utf8) {
            headers.removeAll()
            body.removeAll(keepingCapacity: true)
            streamedBytes = 0
            reason = Self.reasonPhrase(ofStatusLine: line)
            status = Self.statusCode(ofStatusLine: line)
            return
        }
        guard let first = line.first else { return }
        if first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
            // obs-fold (RFC 9112 §5.2): a continuation of the previous field's value.
            if var previous = headers.popLast() {
                previous.value += " " + Self.trimmed(line[...])
                headers.append(previous)
            }
            return
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return }
        headers.append(HTTPHeader(name: Self.trimmed(line[..<colon]), value: Self.trimmed(line[(colon + 1)...])))
    }

    /// The reason phrase of `HTTP/1.1 404 Not Found`: what follows the second space, as sent.
    private static func reasonPhrase(ofStatusLine line: UnsafeRawBufferPointer) -> String {
        guard let first = line.firstIndex(of: UInt8(ascii: " ")),
              let second = line[(first + 1)...].firstIndex(of: UInt8(ascii: " ")) else { return "" }
        return String(decoding: line[(second + 1)...], as: UTF8.self)
    }

    /// The status code of `HTTP/1.1 404 Not Found`: the three digits after the first space; 0
    /// when they are not there.
    private static func statusCode(ofStatusLine line: UnsafeRawBufferPointer) -> Int {
        guard let space = line.firstIndex(of: UInt8(ascii: " ")), space + 4 <= line.count else { return 0 }
        var code = 0
        for byte in line[(space + 1)..<(space + 4)] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return 0 }
            code = code * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return code
    }

    /// Removes optional whitespace (spaces and tabs) around a field name or value.
    private static func trimmed(_ bytes: Slice<UnsafeRawBufferPointer>) -> String {
        var bytes = bytes
        func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        while let first = bytes.first, isSpace(first) { bytes.removeFirst() }
        while let last = bytes.last, isSpace(last) { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
