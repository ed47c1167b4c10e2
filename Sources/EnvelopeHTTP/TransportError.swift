/// Why a request got no HTTP response at all: the server could not be reached, did not answer
/// in time, TLS failed, the reply was not HTTP, or the request could not be sent as written.
///
/// An HTTP error status (404, 500) is not a transport error: it is a response.
public enum TransportError: Error, Hashable, Sendable {
    /// libcurl failed the transfer. `code` is the CURLcode, `summary` is curl_easy_strerror's
    /// text for it and `detail` is the more specific CURLOPT_ERRORBUFFER text, followed by the
    /// operating system's reason in parentheses when libcurl recorded one (may be empty).
    case curl(code: Int, summary: String, detail: String, url: String)
    /// The request was refused before anything was sent, e.g. a header value with a line break.
    case invalidRequest(reason: String, url: String)
    /// libcurl itself could not be set up (global init or creating the easy handle failed).
    case setupFailed(code: Int, summary: String)
    /// libcurl could not be loaded (it is opened on first use): the loader's reason, naming
    /// the library.
    case libraryUnavailable(reason: String)

    /// curl's numeric error code (CURLcode), or `nil` when Envelope refused the request itself.
    public var code: Int? {
        switch self {
        case .curl(let code, _, _, _), .setupFailed(let code, _): code
        case .invalidRequest, .libraryUnavailable: nil
        }
    }

    /// A stable short name for the failure, e.g. `couldnt-connect` or `operation-timedout`;
    /// scripts and reports may match on it. Unmapped curl codes read `curl-error-N`.
    public var name: String {
        switch self {
        case .curl(let code, _, _, _), .setupFailed(let code, _): Self.curlName(for: code)
        case .invalidRequest: "invalid-request"
        case .libraryUnavailable: "libcurl-unavailable"
        }
    }

    /// What went wrong in curl's (or Envelope's) own words, most specific text first.
    public var message: String {
        switch self {
        case .curl(_, let summary, let detail, _): detail.isEmpty ? summary : detail
        case .invalidRequest(let reason, _): reason
        case .setupFailed(_, let summary): summary
        case .libraryUnavailable(let reason): reason
        }
    }

    /// The URL that was being requested, when there was one.
    public var url: String? {
        switch self {
        case .curl(_, _, _, let url), .invalidRequest(_, let url): url
        case .setupFailed, .libraryUnavailable: nil
        }
    }
}
