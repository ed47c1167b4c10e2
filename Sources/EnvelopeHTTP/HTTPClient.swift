import CCurl
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A blocking HTTP client on one libcurl easy handle.
///
/// The handle is reused for every request, so libcurl keeps connections (and DNS and TLS
/// sessions) alive between requests to the same server.
///
/// Not `Sendable`: one easy handle may only be used by one thread at a time, and `send` blocks
/// that thread until the response is in. Code that needs requests in parallel creates one
/// client per thread or task; clients share nothing.
public final class HTTPClient {
    /// The libcurl easy handle (`CURL *`), or `nil` when libcurl could not be set up.
    private let handle: UnsafeMutableRawPointer?
    /// Why `handle` is `nil`; thrown by every `send`.
    private let setupError: TransportError?
    /// CURLOPT_ERRORBUFFER: libcurl writes its detailed message here when a transfer fails.
    private let errorBuffer: UnsafeMutablePointer<CChar>
    /// Where the header and write callbacks put the response.
    private let collector = ResponseCollector()
    /// The request's header list (CURLOPT_HTTPHEADER); libcurl does not copy it, so the client
    /// owns it until the transfer ends and then frees it.
    private var headerList: UnsafeMutablePointer<curl_slist>?

    /// The result of `curl_global_init`, run exactly once per process: a static `let` is
    /// initialised lazily and thread-safely, which is the once-token curl asks for.
    private static let globalInitCode: Int = Int(envelope_curl_global_init_default().rawValue)

    /// Creates a client with its own easy handle. Never fails: if libcurl cannot be set up,
    /// every `send` throws `TransportError.setupFailed` explaining why.
    public init() {
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        let globalCode = Self.globalInitCode
        if globalCode != Int(CURLE_OK.rawValue) {
            handle = nil
            setupError = .setupFailed(code: globalCode, summary: Self.summary(forCode: globalCode))
        } else if let easy = curl_easy_init() {
            handle = easy
            setupError = nil
        } else {
            handle = nil
            setupError = .setupFailed(code: Int(CURLE_FAILED_INIT.rawValue), summary: "curl_easy_init returned no handle")
        }
    }

    deinit {
        freeHeaderList()
        if let handle { curl_easy_cleanup(handle) }
        errorBuffer.deallocate()
    }

    /// Sends `request` and waits for the complete response.
    ///
    /// Any HTTP status is a response; only a failure to get one (refused, timed out, TLS,
    /// unparseable reply, invalid request) throws.
    public func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
        guard let handle else {
            throw setupError ?? .setupFailed(code: Int(CURLE_FAILED_INIT.rawValue), summary: "no libcurl handle")
        }
        try request.validate()

        // Reset clears every option from the previous request but keeps the connection cache.
        curl_easy_reset(handle)
        collector.reset()
        errorBuffer[0] = 0
        defer {
            // Detach the list before freeing it so the handle never points at freed memory.
            _ = envelope_curl_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, nil)
            freeHeaderList()
        }

        var code = configure(handle, for: request)
        if code == CURLE_OK {
            code = perform(handle, body: request.body)
        }
        guard code == CURLE_OK else {
            let number = Int(code.rawValue)
            throw .curl(code: number, summary: Self.summary(forCode: number),
                        detail: failureDetail(handle, code: code), url: request.url)
        }
        return makeResponse(handle, requestURL: request.url, collected: collector.take())
    }

    /// Runs the transfer with the body (if any) pinned in memory: CURLOPT_POSTFIELDS does not
    /// copy, so the bytes must stay put until `curl_easy_perform` returns.
    private func perform(_ handle: UnsafeMutableRawPointer, body: [UInt8]?) -> CURLcode {
        guard let body else { return curl_easy_perform(handle) }
        return body.withUnsafeBufferPointer { bytes -> CURLcode in
            // An empty array may have no storage; libcurl reads POSTFIELDS == NULL as "use the
            // read callback", so point at a valid (never read) byte instead.
            var placeholder: UInt8 = 0
            return withUnsafeMutablePointer(to: &placeholder) { fallback -> CURLcode in
                let start = UnsafeMutableRawPointer(mutating: bytes.baseAddress.map(UnsafeRawPointer.init) ?? UnsafeRawPointer(fallback))
                var code = envelope_curl_easy_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(bytes.count))
                if code == CURLE_OK { code = envelope_curl_easy_setopt_pointer(handle, CURLOPT_POSTFIELDS, start) }
                if code == CURLE_OK { code = curl_easy_perform(handle) }
                return code
            }
        }
    }

    /// The error buffer's text plus the operating system's reason when libcurl recorded one:
    /// curl says "Couldn't connect to server", errno says "Connection refused", and the reader
    /// needs the second to know what to fix.
    ///
    /// Only for socket-level failures: CURLINFO_OS_ERRNO is not cleared between transfers, so
    /// for other errors it may describe an earlier request.
    private func failureDetail(_ handle: UnsafeMutableRawPointer, code: CURLcode) -> String {
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

    /// Appends one `Name: value` line to the client-owned header list.
    func appendHeaderLine(_ line: String) -> Bool {
        guard let extended = curl_slist_append(headerList, line) else { return false }
        headerList = extended
        return true
    }

    /// Frees the header list of the last request.
    private func freeHeaderList() {
        if let headerList { curl_slist_free_all(headerList) }
        headerList = nil
    }

    /// Hands the collector to libcurl as callback userdata without retaining it; the client
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
        return String(cString: curl_easy_strerror(CURLcode(rawValue: raw)))
    }
}

/// An easy handle must not be used from two threads at once, so the client is deliberately
/// not Sendable; this makes the compiler say so instead of inferring anything.
@available(*, unavailable)
extension HTTPClient: Sendable {}
