/// What fetching one contract's answer recorded besides the result itself: timings, attempts,
/// the HTTP version, and the body (kept only when a report may quote it).
///
/// Kept beside ``ContractResult`` (in ``Report/transfers``) rather than in it, so the result
/// stays the validator's output and the transport facts stay the command's.
public struct TransferRecord: Sendable {
    /// Where the time went, for the final attempt.
    public var timings: RequestTimings
    /// How many attempts the answer took (1 when the first was final).
    public var attempts: Int
    /// The HTTP version of the answer (`1.1`, `2`), empty when there was none.
    public var httpVersion: String
    /// The answer's body, when a report should show lines of it around a finding; `nil` when
    /// there is nothing to quote.
    public var body: [UInt8]?
    /// How many redirects were followed to the answer (0 when none).
    public var redirects: Int
    /// Where the redirects led, secrets hidden; `nil` when none were followed.
    public var finalURL: String?

    /// Creates a record.
    public init(timings: RequestTimings, attempts: Int = 1, httpVersion: String = "", body: [UInt8]? = nil,
                redirects: Int = 0, finalURL: String? = nil) {
        self.timings = timings
        self.attempts = attempts
        self.httpVersion = httpVersion
        self.body = body
        self.redirects = redirects
        self.finalURL = finalURL
    }
}
