import CCurl

/// Turning an `HTTPRequest` into libcurl options, and libcurl's results into an `HTTPResponse`.
extension EasyTransfer {
    /// Protocols libcurl may use, for the request and for redirects: a contract test never
    /// wants `file://` or `ftp://`, even if a server redirects there.
    private static let allowedProtocols = "http,https"

    /// Sets every option for `request` on a freshly reset handle; returns the first failure.
    ///
    /// Proxies are not set here on purpose: libcurl then reads `http_proxy`, `https_proxy`,
    /// `all_proxy` and `no_proxy` from the environment, as curl users expect.
    func configure(for request: HTTPRequest) -> CURLcode {
        var setter = OptionSetter(handle: handle)
        setter.pointer(CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBufferPointer))
        setTransportOptions(for: request, with: &setter)
        setMethodAndBody(of: request, with: &setter)
        setHeaders(of: request, with: &setter)
        setCallbacks(for: request, with: &setter)
        return setter.result
    }

    /// The URL, protocols, HTTP version, timeouts, redirects, TLS and size limit.
    private func setTransportOptions(for request: HTTPRequest, with setter: inout OptionSetter) {
        setter.string(CURLOPT_URL, request.url)
        // Without NOSIGNAL libcurl uses SIGALRM for DNS timeouts, which is unsafe with threads.
        setter.long(CURLOPT_NOSIGNAL, 1)
        setter.string(CURLOPT_PROTOCOLS_STR, Self.allowedProtocols)
        setter.string(CURLOPT_REDIR_PROTOCOLS_STR, Self.allowedProtocols)
        if request.forwardsVerbatim {
            // A reverse proxy hands the answer on as sent: no decoding, no User-Agent of its
            // own, and HTTP/1.1 so the status line keeps the server's reason phrase.
            setter.long(CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_1_1)
        } else {
            // An empty string offers every Content-Encoding this libcurl can decode (gzip, br, zstd).
            setter.string(CURLOPT_ACCEPT_ENCODING, "")
            setter.string(CURLOPT_USERAGENT, EnvelopeHTTPInfo.userAgent)
            // HTTP/2 over TLS when the server offers it in ALPN; plain http:// stays HTTP/1.1.
            setter.long(CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_2TLS)
        }
        setter.long(CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(request.connectTimeout))
        if request.timeoutIsIdle, request.timeout > 0 {
            // Below 1 byte a second for that long; libcurl leaves a paused transfer out of it.
            setter.long(CURLOPT_LOW_SPEED_LIMIT, 1)
            setter.long(CURLOPT_LOW_SPEED_TIME, max(1, Int(request.timeout.rounded(.up))))
        } else {
            setter.long(CURLOPT_TIMEOUT_MS, Self.milliseconds(request.timeout))
        }
        setter.long(CURLOPT_FOLLOWLOCATION, request.followRedirects ? 1 : 0)
        setter.long(CURLOPT_MAXREDIRS, request.maxRedirects)
        setter.long(CURLOPT_SSL_VERIFYPEER, request.verifyTLS ? 1 : 0)
        setter.long(CURLOPT_SSL_VERIFYHOST, request.verifyTLS ? 2 : 0)
        if let file = request.caCertificateFile { setter.string(CURLOPT_CAINFO, file) }
        if request.maxBodyBytes > 0 {
            // Fails at once when Content-Length says too much; the write callback catches the
            // rest (chunked or compressed answers).
            setter.offT(CURLOPT_MAXFILESIZE_LARGE, request.maxBodyBytes)
        }
    }

    /// The method, and the body when there is one.
    private func setMethodAndBody(of request: HTTPRequest, with setter: inout OptionSetter) {
        switch (request.method, request.body) {
        case ("HEAD", nil):
            // NOBODY makes libcurl send HEAD and not wait for a body that never comes.
            setter.long(CURLOPT_NOBODY, 1)
        case ("GET", nil):
            setter.long(CURLOPT_HTTPGET, 1)
        case ("POST", .some):
            break // POSTFIELDS (below) makes it a POST.
        default:
            setter.string(CURLOPT_CUSTOMREQUEST, request.method)
        }
        if let body = request.body {
            // COPYPOSTFIELDS copies the bytes, so they need not stay pinned while a multi handle
            // runs the transfer later; the size must be set first for binary bodies.
            setter.offT(CURLOPT_POSTFIELDSIZE_LARGE, body.count)
            body.withUnsafeBytes { bytes in
                // An empty array may have no storage, and a NULL COPYPOSTFIELDS means "use the
                // read callback"; any valid address does for zero bytes.
                var placeholder: UInt8 = 0
                withUnsafeMutablePointer(to: &placeholder) { fallback in
                    let start = bytes.baseAddress.map { UnsafeMutableRawPointer(mutating: $0) } ?? UnsafeMutableRawPointer(fallback)
                    setter.pointer(CURLOPT_COPYPOSTFIELDS, start)
                }
            }
        }
    }

    /// The request's headers, and the ones libcurl would add of its own that must not go.
    private func setHeaders(of request: HTTPRequest, with setter: inout OptionSetter) {
        for header in request.headers {
            // "Name;" is libcurl's way to send a header with an empty value ("Name:" deletes it).
            let line = header.value.isEmpty ? "\(header.name);" : "\(header.name): \(header.value)"
            setter.check(appendHeaderLine(line))
        }
        // libcurl adds "Expect: 100-continue" to larger bodies and then waits for a 100 that
        // simple servers never send; an empty Expect suppresses it unless the caller set one.
        if !request.headers.contains(where: { $0.name.lowercased() == "expect" }) {
            setter.check(appendHeaderLine("Expect:"))
        }
        if request.forwardsVerbatim {
            // libcurl's own Accept (and the form Content-Type it gives a POST body) would be
            // headers the client never sent; "Name:" removes them.
            for name in ["Accept", "Content-Type"] where !request.headers.contains(where: { $0.name.lowercased() == name.lowercased() }) {
                setter.check(appendHeaderLine(name + ":"))
            }
        }
        setter.slist(CURLOPT_HTTPHEADER, currentHeaderList)
    }

    /// The callbacks that collect the answer (and the transcript, when asked for).
    private func setCallbacks(for request: HTTPRequest, with setter: inout OptionSetter) {
        if request.recordsTranscript {
            // VERBOSE makes libcurl call the debug callback; with one installed it prints nothing.
            setter.debugCallback()
            setter.pointer(CURLOPT_DEBUGDATA, collectorPointer)
            setter.long(CURLOPT_VERBOSE, 1)
        }
        setter.callback(CURLOPT_WRITEFUNCTION, isHeader: false)
        setter.pointer(CURLOPT_WRITEDATA, collectorPointer)
        setter.callback(CURLOPT_HEADERFUNCTION, isHeader: true)
        setter.pointer(CURLOPT_HEADERDATA, collectorPointer)
    }

    /// Reads status, URL, version, Retry-After and timings from the handle after a successful
    /// transfer.
    func makeResponse(collected: (headers: [HTTPHeader], body: [UInt8], reason: String)) -> HTTPResponse {
        let requestURL = request?.url ?? ""
        var status = 0
        _ = envelope_curl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        var urlPointer: UnsafePointer<CChar>?
        _ = envelope_curl_easy_getinfo_string(handle, CURLINFO_EFFECTIVE_URL, &urlPointer)
        let effectiveURL = urlPointer.map { String(cString: $0) } ?? requestURL

        /// A *_TIME_T value (microseconds) in seconds; 0 if libcurl does not know it.
        func seconds(_ info: CURLINFO) -> Double {
            var micros: curl_off_t = 0
            guard envelope_curl_easy_getinfo_off_t(handle, info, &micros) == CURLE_OK else { return 0 }
            return Double(micros) / 1_000_000
        }
        let timings = HTTPTimings(
            dns: seconds(CURLINFO_NAMELOOKUP_TIME_T),
            connect: seconds(CURLINFO_CONNECT_TIME_T),
            tls: seconds(CURLINFO_APPCONNECT_TIME_T),
            firstByte: seconds(CURLINFO_STARTTRANSFER_TIME_T),
            total: seconds(CURLINFO_TOTAL_TIME_T)
        )
        var redirects = 0
        _ = envelope_curl_easy_getinfo_long(handle, CURLINFO_REDIRECT_COUNT, &redirects)
        var version = 0
        _ = envelope_curl_easy_getinfo_long(handle, CURLINFO_HTTP_VERSION, &version)
        return HTTPResponse(status: status, headers: collected.headers, body: collected.body,
                            effectiveURL: effectiveURL, timings: timings,
                            httpVersion: Self.versionName(version), retryAfter: retryAfter(collected.headers), redirectCount: redirects,
                            reasonPhrase: collected.reason)
    }

    /// The wait `Retry-After` asks for. libcurl parses both forms (seconds and HTTP date) but
    /// reads "0" and "absent" alike, so the header decides whether there was one.
    private func retryAfter(_ headers: [HTTPHeader]) -> Double? {
        guard let value = headers.last(where: { $0.name.lowercased() == "retry-after" })?.value else { return nil }
        if let seconds = Int(value), seconds >= 0 { return Double(seconds) }
        var parsed: curl_off_t = 0
        guard envelope_curl_easy_getinfo_off_t(handle, CURLINFO_RETRY_AFTER, &parsed) == CURLE_OK, parsed >= 0 else { return nil }
        return Double(parsed)
    }

    /// CURLINFO_HTTP_VERSION's number as people write it.
    private static func versionName(_ version: Int) -> String {
        switch version {
        case CURL_HTTP_VERSION_1_0: "1.0"
        case CURL_HTTP_VERSION_1_1: "1.1"
        case CURL_HTTP_VERSION_2_0: "2"
        case CURL_HTTP_VERSION_3: "3"
        default: ""
        }
    }

    /// Seconds as whole milliseconds for libcurl, rounded up so a tiny positive timeout does not
    /// become 0 (which libcurl reads as "no limit"), and capped to fit a 32-bit `long`.
    /// Rounds by hand because `rounded(.up)` calls libm's `ceil`, which this target does not
    /// link (a program without Foundation failed to link).
    static func milliseconds(_ seconds: Double) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        let exact = seconds * 1000
        guard exact < Double(Int32.max) else { return Int(Int32.max) }
        let truncated = Int(exact)
        return Double(truncated) < exact ? truncated + 1 : truncated
    }
}
