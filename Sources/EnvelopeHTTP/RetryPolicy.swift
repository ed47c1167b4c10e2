/// When and how long to wait before sending a request again.
///
/// Retried: connection failures (the request never reached a server: DNS, refused), and for
/// idempotent methods also failures after sending (timeout, reset, empty reply, broken HTTP/2
/// stream); and the answers `429 Too Many Requests` and `503 Service Unavailable`, which say
/// the server did not act on the request. Waits grow exponentially from `baseDelay` with
/// jitter, so many clients that failed together do not come back together; a `Retry-After`
/// from the server replaces the computed wait.
public struct RetryPolicy: Hashable, Sendable {
    /// How many times a request may be sent again after the first attempt; 0 never retries.
    public var retries: Int
    /// Seconds before the first retry; each later one waits twice as long (before jitter).
    public var baseDelay: Double
    /// The longest computed wait, in seconds.
    public var maxDelay: Double
    /// The longest `Retry-After` honoured, in seconds; a server asking for more gets its answer
    /// reported instead of a wait longer than a CI job should sit idle.
    public var maxRetryAfter: Double

    /// No retries.
    public static let none = RetryPolicy(retries: 0)

    /// Creates a policy.
    public init(retries: Int, baseDelay: Double = 1, maxDelay: Double = 30, maxRetryAfter: Double = 120) {
        self.retries = max(0, retries)
        self.baseDelay = max(0, baseDelay)
        self.maxDelay = max(0, maxDelay)
        self.maxRetryAfter = max(0, maxRetryAfter)
    }

    /// Curl codes for failures where nothing reached a server, so any method may be resent:
    /// 6 couldn't resolve host, 7 couldn't connect.
    static let beforeSendingCodes: Set<Int> = [6, 7]
    /// Curl codes for failures that may happen after the request was sent; resent only for
    /// idempotent methods: 16 HTTP/2, 28 timeout, 52 empty reply, 55 send, 56 receive, 92 stream.
    static let afterSendingCodes: Set<Int> = [16, 28, 52, 55, 56, 92]
    /// Methods that RFC 9110 §9.2.2 calls idempotent.
    static let idempotentMethods: Set<String> = ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE"]

    /// The seconds to wait before attempt `attempt + 1` after `outcome` of attempt `attempt`
    /// (1-based), or `nil` when the outcome is final.
    public func delay(after outcome: Result<HTTPResponse, TransportError>, attempt: Int, method: String,
                      random: () -> Double = { Double.random(in: 0...1) }) -> Double? {
        guard attempt <= retries else { return nil }
        switch outcome {
        case .success(let response):
            guard response.status == 429 || response.status == 503 else { return nil }
            if let asked = response.retryAfter {
                return asked <= maxRetryAfter ? asked : nil
            }
        case .failure(let error):
            guard let code = error.code, case .curl = error else { return nil }
            let retryable = Self.beforeSendingCodes.contains(code)
                || (Self.afterSendingCodes.contains(code) && Self.idempotentMethods.contains(method))
            guard retryable else { return nil }
        }
        return backoff(attempt: attempt, random: random())
    }

    /// `baseDelay * 2^(attempt-1)`, capped at `maxDelay`, then scaled by a factor from 0.5 to 1
    /// ("equal jitter": never less than half the exponential wait, never more than all of it).
    func backoff(attempt: Int, random: Double) -> Double {
        var wait = baseDelay
        for _ in 1..<max(1, attempt) where wait < maxDelay { wait *= 2 }
        return min(wait, maxDelay) * (0.5 + 0.5 * min(max(random, 0), 1))
    }
}
