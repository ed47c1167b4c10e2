/// What became of one request sent by `HTTPMultiClient`: the final answer or transport error,
/// and how many attempts it took to get there.
public struct HTTPOutcome: Sendable {
    /// The final answer, or why there was none.
    public var result: Result<HTTPResponse, TransportError>
    /// Attempts made, 1 when the first one was final.
    public var attempts: Int
    /// What arrived of an answer that was cut off at the body limit (status, headers, timings
    /// and the body up to the limit), so a report can say the server did answer; `nil` otherwise.
    public var cutOff: HTTPResponse?
    /// The exchange, when the request asked for it (``HTTPRequest/recordsTranscript``): `> `
    /// lines sent, `< ` lines received, `* ` libcurl's notes, for the final attempt.
    public var transcript: [String]

    /// The answer's body length in bytes; 0 without an answer.
    public var bodyByteCount: Int {
        if case .success(let response) = result { response.body.count } else { 0 }
    }

    /// Creates an outcome.
    public init(result: Result<HTTPResponse, TransportError>, attempts: Int, cutOff: HTTPResponse? = nil, transcript: [String] = []) {
        self.result = result
        self.attempts = attempts
        self.cutOff = cutOff
        self.transcript = transcript
    }
}
