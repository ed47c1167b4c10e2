import CCurl
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One libcurl easy handle (`CURL *`) and everything a transfer on it needs: the error buffer,
/// the header list and the response collector. The only owner of each of those.
///
/// `HTTPClient` runs it with `curl_easy_perform`; `HTTPMultiClient` adds it to a multi handle.
/// Either way one transfer runs on it at a time, from one thread: not `Sendable`.
final class EasyTransfer {
    /// The libcurl easy handle.
    let handle: UnsafeMutableRawPointer
    /// CURLOPT_ERRORBUFFER: libcurl writes its detailed message here when a transfer fails.
    private let errorBuffer: UnsafeMutablePointer<CChar>
    /// Where the header and write callbacks put the response.
    private let collector = ResponseCollector()
    /// The request's header list (CURLOPT_HTTPHEADER); libcurl does not copy it, so this object
    /// owns it until the transfer ends and then frees it.
    private var headerList: UnsafeMutablePointer<curl_slist>?
    /// The request being transferred, for the response's URL and error messages.
    private(set) var request: HTTPRequest?

    /// The result of loading libcurl and running `curl_global_init`, exactly once per process:
    /// a static `let` is initialised lazily and thread-safely, which is the once-token curl
    /// asks for.
    static let globalInitCode: Int = Int(envelope_curl_global_init_default().rawValue)

    /// Why libcurl cannot be used at all (it could not be loaded, or its global init failed),
    /// or nil when it can.
    static func unusable() -> TransportError? {
        if let reason = CurlLibrary.load() { return .libraryUnavailable(reason: reason) }
        let globalCode = globalInitCode
        return globalCode == Int(CURLE_OK.rawValue) ? nil : .setupFailed(code: globalCode, summary: summary(forCode: globalCode))
    }

    /// Creates a handle, or explains why libcurl could not give one.
    static func make() -> Result<EasyTransfer, TransportError> {
        if let error = unusable() { return .failure(error) }
        guard let easy = envelope_curl_easy_init() else {
            return .failure(.setupFailed(code: Int(CURLE_FAILED_INIT.rawValue), summary: "curl_easy_init returned no handle"))
        }
        return .success(EasyTransfer(handle: easy))
    }

    private init(handle: UnsafeMutableRawPointer) {
        self.handle = handle
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    }

    deinit {
        freeHeaderList()
        envelope_curl_easy_cleanup(handle)
        errorBuffer.deallocate()
    }

    /// Validates `request` and sets every option for it on the reset handle. Reset clears the
    /// previous request's options but keeps the connection cache, DNS and TLS sessions.
    func prepare(_ request: HTTPRequest) throws(TransportError) {
        try request.validate()
        collector.reset()
        collector.resetTranscript()
        collector.limit = request.maxBodyBytes
        errorBuffer[0] = 0
        envelope_curl_easy_reset(handle)
        detachHeaderList()
        self.request = request
        let code = configure(for: request)
        guard code == CURLE_OK else { throw failure(code) }
    }

    /// Hands the body of the transfer just prepared to `stream` in pieces while it arrives;
    /// its window, once there is one, wakes the client serving `queue`.
    func streamBody(to stream: HTTPResponseStream?, waking queue: HTTPRequestQueue? = nil) {
        collector.stream = stream
        collector.queue = queue
    }

    /// The window of the answer streaming now, once its first piece is handed over.
    var streamWindow: HTTPStreamWindow? { collector.window }

    /// Forgets the stream of the transfer that has ended: its window wakes nobody any more.
    func endStream() {
        collector.endStream()
    }

    /// The outcome of the transfer that ended with `code`.
    func finish(_ code: CURLcode) -> Result<HTTPResponse, TransportError> {
        guard code == CURLE_OK else { return .failure(failure(code)) }
        return .success(makeResponse(collected: collector.take()))
    }

    /// The outcome of the transfer that ended with `code`, with what arrived of an answer cut
    /// off at the body limit and the transcript when the request asked for one.
    func finishWithDetails(_ code: CURLcode) -> (result: Result<HTTPResponse, TransportError>, cutOff: HTTPResponse?, transcript: [String]) {
        let transcript = collector.transcript
        guard code != CURLE_OK, collector.exceededLimit || code == CURLE_FILESIZE_EXCEEDED else {
            return (finish(code), nil, transcript)
        }
        let error = failure(code)
        return (.failure(error), makeResponse(collected: collector.take()), transcript)
    }

    /// A transport error for `code`, with libcurl's detail, or the body limit or the stream's
    /// cancellation when that is what stopped the transfer (libcurl only sees a failed write).
    private func failure(_ code: CURLcode) -> TransportError {
        let url = request?.url ?? ""
        let limit = request?.maxBodyBytes ?? 0
        if collector.exceededLimit || code == CURLE_FILESIZE_EXCEEDED {
            let filesizeCode = Int(CURLE_FILESIZE_EXCEEDED.rawValue)
            return .curl(code: filesizeCode, summary: Self.summary(forCode: filesizeCode),
                         detail: "the answer is larger than the limit of \(limit) bytes and was cut off there", url: url)
        }
        if collector.cancelled {
            let abortedCode = Int(CURLE_ABORTED_BY_CALLBACK.rawValue)
            return .curl(code: abortedCode, summary: Self.summary(forCode: abortedCode),
                         detail: "whoever the answer was handed on to went away, so the transfer was stopped", url: url)
        }
        let number = Int(code.rawValue)
        return .curl(code: number, summary: Self.summary(forCode: number), detail: failureDetail(code), url: url)
    }

    /// The error buffer's text plus the operating system's reason when libcurl recorded one:
    /// curl says "Couldn't connect to server", errno says "Connection refused", and the reader
    /// needs the second to know what to fix.
    ///
    /// Only for socket-level failures: CURLINFO_OS_ERRNO is not cleared between transfers, so
    /// for other errors it may describe an earlier request.
    private func failureDetail(_ code: CURLcode) -> String {
        let buffered = String(cString: errorBuffer)
        let socketLevel = [CURLE_COULDNT_CONNECT, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_SSL_CONNECT_ERROR]
        var osErrno = 0
        guard socketLevel.contains(code),
              envelope_curl_easy_getinfo_long(handle, CURLINFO_OS_ERRNO, &osErrno) == CURLE_OK,
              osErrno != 0, let code = Int32(exactly: osErrno) else { return buffered }
        // strerror returns static text for known codes in glibc and Darwin; the unknown-code
        // buffer it may share across threads only affects an already-unusual message.
        let reason = String(cString: strerror(code))
        if buffered.contains(reason) { return buffered }
        return buffered.isEmpty ? reason : "\(buffered) (\(reason))"
    }

    /// Appends one `Name: value` line to the owned header list.
    func appendHeaderLine(_ line: String) -> Bool {
        guard let extended = envelope_curl_slist_append(headerList, line) else { return false }
        headerList = extended
        return true
    }

    /// Detaches the header list from the handle, then frees it, so the handle never points at
    /// freed memory.
    private func detachHeaderList() {
        _ = envelope_curl_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, nil)
        freeHeaderList()
    }

    /// Frees the header list of the last request.
    private func freeHeaderList() {
        if let headerList { envelope_curl_slist_free_all(headerList) }
        headerList = nil
    }

    /// Hands the collector to libcurl as callback userdata without retaining it; this object
    /// holds the collector for its whole life, which outlasts every transfer.
    var collectorPointer: UnsafeMutableRawPointer {
        Unmanaged.passUnretained(collector).toOpaque()
    }

    /// The libcurl error buffer, for CURLOPT_ERRORBUFFER.
    var errorBufferPointer: UnsafeMutablePointer<CChar> { errorBuffer }

    /// The header list built for the current request, for CURLOPT_HTTPHEADER.
    var currentHeaderList: UnsafeMutablePointer<curl_slist>? { headerList }

    /// curl_easy_strerror's text for a code.
    static func summary(forCode code: Int) -> String {
        guard let raw = UInt32(exactly: code) else { return "unknown error" }
        return String(cString: envelope_curl_easy_strerror(CURLcode(rawValue: raw)))
    }
}

/// An easy handle must not be used from two threads at once, so the transfer is deliberately
/// not Sendable; this makes the compiler say so instead of inferring anything.
@available(*, unavailable)
extension EasyTransfer: Sendable {}
