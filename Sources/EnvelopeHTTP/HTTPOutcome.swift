/// What became of one request sent by `HTTPMultiClient`: the final answer or transport error,
/// and how many attempts it took to get there.
public struct HTTPOutcome: Sendable {
    /// The final answer, or why there was none.
    public var result: Result<HTTPResponse, TransportError>
    /// Attempts made, 1 when the first one was final.
    public var attempts: Int

    /// The answer's body length in bytes; 0 without an answer.
    public var bodyByteCount: Int {
        if case .success(let response) = result { response.body.count } else { 0 }
    }

    /// Creates an outcome.
    public init(result: Result<HTTPResponse, TransportError>, attempts: Int) {
        self.result = result
        self.attempts = attempts
    }
}
