import CCurl

/// Sets libcurl options one after another and remembers the first failure, so configuring a
/// request reads as a list of options instead of a ladder of error checks.
struct OptionSetter {
    /// The easy handle being configured.
    let handle: UnsafeMutableRawPointer
    /// CURLE_OK, or the first error any option returned.
    private(set) var result = CURLE_OK

    /// Creates a setter for `handle`.
    init(handle: UnsafeMutableRawPointer) {
        self.handle = handle
    }

    /// Records `code` unless an earlier option already failed.
    private mutating func record(_ code: CURLcode) {
        if result == CURLE_OK { result = code }
    }

    /// Records an out-of-memory failure when `ok` is false (e.g. curl_slist_append failed).
    mutating func check(_ ok: Bool) {
        if !ok { record(CURLE_OUT_OF_MEMORY) }
    }

    /// Sets a numeric option.
    mutating func long(_ option: CURLoption, _ value: Int) {
        record(envelope_curl_easy_setopt_long(handle, option, value))
    }

    /// Sets a size option that takes a `curl_off_t` (the *_LARGE options).
    mutating func offT(_ option: CURLoption, _ value: Int) {
        record(envelope_curl_easy_setopt_off_t(handle, option, curl_off_t(value)))
    }

    /// Sets a string option; libcurl copies the string, so the temporary C string may go.
    mutating func string(_ option: CURLoption, _ value: String) {
        record(value.withCString { envelope_curl_easy_setopt_string(handle, option, $0) })
    }

    /// Sets a pointer option.
    mutating func pointer(_ option: CURLoption, _ value: UnsafeMutableRawPointer?) {
        record(envelope_curl_easy_setopt_pointer(handle, option, value))
    }

    /// Sets a header-list option.
    mutating func slist(_ option: CURLoption, _ value: UnsafeMutablePointer<curl_slist>?) {
        record(envelope_curl_easy_setopt_slist(handle, option, value))
    }

    /// Installs the debug callback, which hands the headers sent and received (and libcurl's
    /// notes) to the `ResponseCollector` passed as DEBUGDATA.
    mutating func debugCallback() {
        record(envelope_curl_easy_setopt_debug_callback(handle, CURLOPT_DEBUGFUNCTION) { _, type, data, size, userdata in
            guard let userdata, let data else { return 0 }
            let collector = Unmanaged<ResponseCollector>.fromOpaque(userdata).takeUnretainedValue()
            collector.appendDebug(type, UnsafeRawBufferPointer(start: data, count: size))
            return 0
        })
    }

    /// Installs the body or header callback, which forwards bytes to the `ResponseCollector`
    /// passed as WRITEDATA / HEADERDATA.
    mutating func callback(_ option: CURLoption, isHeader: Bool) {
        if isHeader {
            record(envelope_curl_easy_setopt_header_callback(handle, option) { data, size, count, userdata in
                let (total, overflow) = size.multipliedReportingOverflow(by: count)
                guard let userdata, !overflow else { return 0 }
                let collector = Unmanaged<ResponseCollector>.fromOpaque(userdata).takeUnretainedValue()
                collector.appendHeaderLine(UnsafeRawBufferPointer(start: data, count: total))
                return total
            })
        } else {
            record(envelope_curl_easy_setopt_write_callback(handle, option) { data, size, count, userdata in
                let (total, overflow) = size.multipliedReportingOverflow(by: count)
                // Returning anything but `total` makes libcurl abort with a write error.
                guard let userdata, !overflow else { return 0 }
                let collector = Unmanaged<ResponseCollector>.fromOpaque(userdata).takeUnretainedValue()
                switch collector.appendBody(UnsafeRawBufferPointer(start: data, count: total)) {
                case .taken: return total
                case .pause: return envelope_curl_writefunc_pause()
                case .stop: return 0
                }
            })
        }
    }
}
