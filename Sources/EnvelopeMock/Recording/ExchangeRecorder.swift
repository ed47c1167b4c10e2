/// What turns proxied exchanges into mappings for `/__admin/recordings` (stop and snapshot).
/// The server keeps the exchanges in its journal; the command line fills this in with
/// `envelope record`'s writer (secrets as `***`, error answers skipped and said so on
/// standard error, atomic writes, no overwrite without `--force`), which EnvelopeMock does not carry. A server without one
/// answers the recordings endpoints with 501.
public protocol ExchangeRecorder: Sendable {
    /// The mappings for `exchanges` (oldest first) under `spec`, each as the JSON text of one
    /// mapping; written to the mappings folder first when `spec.persist` says so.
    func mappings(for exchanges: [RecordedExchange], spec: RecordingSpec) -> RecordingOutcome
}

/// One proxied request and the upstream's answer to it.
public struct RecordedExchange: Sendable {
    /// The request as the client sent it.
    public var request: MockRequest
    /// The upstream's answer as received.
    public var response: UpstreamResponse

    /// Creates an exchange.
    public init(request: MockRequest, response: UpstreamResponse) {
        self.request = request
        self.response = response
    }
}

/// What an ``ExchangeRecorder`` made of a recording.
public struct RecordingOutcome: Sendable {
    /// The mappings, each a JSON object as text, in the order of their first request.
    public var mappings: [String]

    /// Creates an outcome.
    public init(mappings: [String]) {
        self.mappings = mappings
    }
}
