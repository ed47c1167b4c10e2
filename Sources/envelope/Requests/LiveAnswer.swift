import EnvelopeHTTP

/// What `check --compare-mocks` keeps of one transfer: the answer's status, type and body, or
/// why there was none, so that a mock left uncompared says why.
enum LiveAnswer: Sendable {
    /// The server answered.
    case response(status: Int, contentType: String?, body: [UInt8])
    /// No HTTP answer came (connection refused, timeout, TLS, a body over `--max-body`...).
    case failed(TransportError)

    /// The kept part of `outcome`.
    init(_ outcome: HTTPOutcome) {
        switch outcome.result {
        case .success(let response):
            let contentType = response.headers.first { $0.name.lowercased() == "content-type" }?.value
            self = .response(status: response.status, contentType: contentType, body: response.body)
        case .failure(let error):
            self = .failed(error)
        }
    }
}
