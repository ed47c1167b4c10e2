/// The one place that turns a transport error into words: stable names for curl's codes and a
/// sentence that says what happened and what to try next.
extension TransportError: CustomStringConvertible {
    /// A readable one-line account, e.g. `could not connect to http://127.0.0.1:1234/x:
    /// Connection refused (curl error 7, couldnt-connect). Is the server running and the URL right?`
    public var description: String {
        switch self {
        case .curl(let code, _, _, let url):
            // libcurl reports a reply without an HTTP status line as "HTTP/0.9 not allowed"
            // under code 1; the generic code-1 wording ("unsupported scheme") would mislead.
            let notHTTP = code == 1 && message.contains("HTTP/0.9")
            let explanation = notHTTP ? Self.explanations[8] : Self.explanations[code]
            let action = explanation?.action ?? "request to"
            let hint = explanation.map { " " + $0.hint } ?? ""
            return "\(action) \(url): \(message) (curl error \(code), \(name)).\(hint)"
        case .invalidRequest(let reason, let url):
            return "refused to send the request to \(url): \(reason) (invalid-request). Fix the request in the contract."
        case .setupFailed(let code, let summary):
            return "could not set up libcurl: \(summary) (curl error \(code), \(name)). The process may be out of memory or libcurl is broken."
        case .libraryUnavailable(let reason):
            return "could not load libcurl: \(reason) (\(name)). Install libcurl, or set ENVELOPE_LIBCURL to the library's path."
        }
    }

    /// The stable short name for a CURLcode; codes without a mapping read `curl-error-N`.
    static func curlName(for code: Int) -> String {
        explanations[code]?.name ?? "curl-error-\(code)"
    }

    /// How one curl error code is named and explained.
    private struct Explanation {
        /// Stable short name (curl's CURLE_ name, lowercased, `_` as `-`).
        let name: String
        /// What happened, completed by the URL: "could not connect to" + URL.
        let action: String
        /// What the reader might do about it.
        let hint: String
    }

    /// The CURLcodes Envelope users meet in practice. Numbers are from curl.h and are part of
    /// libcurl's stable ABI, so a literal table is safe and keeps names stable across versions.
    private static let explanations: [Int: Explanation] = [
        1: Explanation(name: "unsupported-protocol", action: "cannot request", hint: "Only http:// and https:// URLs are supported."),
        2: Explanation(name: "failed-init", action: "libcurl failed to start the request to", hint: "This is a libcurl problem, not the server's."),
        3: Explanation(name: "url-malformat", action: "malformed URL", hint: "Check the base URL and the contract's path."),
        5: Explanation(name: "couldnt-resolve-proxy", action: "could not resolve the proxy for", hint: "Check the proxy environment variables (http_proxy, https_proxy)."),
        6: Explanation(name: "couldnt-resolve-host", action: "could not resolve the host of", hint: "Check the host name and the network/DNS settings."),
        7: Explanation(name: "couldnt-connect", action: "could not connect to", hint: "Is the server running and the URL right?"),
        8: Explanation(name: "weird-server-reply", action: "got a reply that is not valid HTTP from", hint: "Is this really an HTTP server on that port (not TLS, not another protocol)?"),
        16: Explanation(name: "http2", action: "HTTP/2 failed talking to", hint: "The server's HTTP/2 implementation misbehaved; try again or report it upstream."),
        18: Explanation(name: "partial-file", action: "the response was cut short from", hint: "The server closed the connection before sending the whole body."),
        22: Explanation(name: "http-returned-error", action: "HTTP error status from", hint: "The server answered with an error status."),
        23: Explanation(name: "write-error", action: "could not store the response from", hint: "The response could not be kept in memory."),
        26: Explanation(name: "read-error", action: "could not read the request body for", hint: "The request body could not be read."),
        27: Explanation(name: "out-of-memory", action: "ran out of memory requesting", hint: "Free memory or reduce the response size."),
        28: Explanation(name: "operation-timedout", action: "timed out requesting", hint: "The server did not answer in time; check that it is healthy, or raise --timeout (--connect-timeout while connecting)."),
        35: Explanation(name: "ssl-connect-error", action: "TLS handshake failed with", hint: "Check that the URL should be https:// and that the server's TLS setup works."),
        42: Explanation(name: "aborted-by-callback", action: "the request was aborted for", hint: "Envelope stopped the transfer."),
        43: Explanation(name: "bad-function-argument", action: "libcurl rejected an option for", hint: "This is a bug in Envelope; please report it."),
        47: Explanation(name: "too-many-redirects", action: "too many redirects from", hint: "The redirects may loop; raise --max-redirects or fix the server."),
        48: Explanation(name: "unknown-option", action: "libcurl does not support an option used for", hint: "The installed libcurl is too old for Envelope."),
        52: Explanation(name: "got-nothing", action: "got an empty reply from", hint: "The server accepted the connection but sent no response; check its logs."),
        55: Explanation(name: "send-error", action: "could not send the request to", hint: "The connection broke while sending; check the server and network."),
        56: Explanation(name: "recv-error", action: "the connection broke while receiving from", hint: "The server or network reset the connection; check the server's logs."),
        58: Explanation(name: "ssl-certproblem", action: "the client TLS certificate was rejected by", hint: "Check the client certificate and key."),
        60: Explanation(name: "peer-failed-verification", action: "could not verify the TLS certificate of", hint: "The certificate is not trusted or does not match the host name; check the server's certificate or the CA bundle."),
        61: Explanation(name: "bad-content-encoding", action: "could not decode the compressed response from", hint: "The server's Content-Encoding does not match its body."),
        63: Explanation(name: "filesize-exceeded", action: "the answer was too large from", hint: "Raise --max-body if answers this big are expected."),
        77: Explanation(name: "ssl-cacert-badfile", action: "could not load the CA certificates to verify", hint: "Install ca-certificates or point curl at a CA bundle."),
        92: Explanation(name: "http2-stream", action: "an HTTP/2 stream failed with", hint: "The server reset the stream; check its logs."),
        95: Explanation(name: "http3", action: "HTTP/3 failed talking to", hint: "Try HTTP/1.1 or HTTP/2."),
    ]
}
