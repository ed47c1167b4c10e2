import EnvelopeHTTP

/// One contract's request, ready to send: the request itself, how reports show it (every value
/// from `${VAR}` as `***`), and the secrets it carries, which reports must hide.
struct PlannedRequest {
    /// The request to send.
    var request: HTTPRequest
    /// `METHOD URL` with secrets hidden, the result's `source`.
    var source: String
    /// The URL as shown, secrets hidden.
    var displayURL: String
    /// Values that came from `${VAR}` or sit in sensitive headers.
    var secrets: [String]
}
