/// The kinds of drift, with stable ids (they appear in reports and in contracts' `drift`
/// settings; never rename one).
public enum DriftKind: String, Sendable, CaseIterable, Hashable, Codable {
    /// The body is not JSON at all (an HTML error page, a cut-off answer).
    case notJSON = "not-json"
    /// The HTTP status differs from the contract's.
    case statusMismatch = "status-mismatch"
    /// A response header is missing or does not match.
    case headerMismatch = "header-mismatch"
    /// A key the contract requires is absent.
    case missingKey = "missing-key"
    /// A value is null where the contract does not allow null.
    case unexpectedNull = "unexpected-null"
    /// A value has another JSON type than the contract's.
    case typeMismatch = "type-mismatch"
    /// A value outside the contract's `enum` or `const`.
    case enumViolation = "enum-violation"
    /// Any other schema keyword failed (lengths, ranges, patterns, combinators).
    case constraintViolation = "constraint-violation"
    /// A key the contract does not declare.
    case unknownKey = "unknown-key"
    /// A key the contract declares optional that never appeared.
    case optionalNeverPresent = "optional-never-present"
    /// The answer could not be fetched (refused, timed out, TLS failed).
    case transportError = "transport-error"
    /// A string an open enum does not list yet: news the generated model keeps as
    /// `.unknown(value)`, where a closed enum's would be an ``enumViolation``.
    case unknownEnumValue = "unknown-enum-value"
    /// The server answered with a 5xx status the contract does not expect: an outage, not a
    /// changed answer, so its body and headers are not judged.
    case serverError = "server-error"
    /// The answer was larger than `--max-body` and was cut off there, so it could not be judged.
    case bodyTooLarge = "body-too-large"
    /// The answer took longer than the latency budget (the contract's `response.slow` or
    /// `--slow`).
    case slowAnswer = "slow-answer"

    /// The severity a finding of this kind has unless a contract or the command line says
    /// otherwise: everything breaks a consumer except news it can ignore or keep.
    public var defaultSeverity: Severity {
        switch self {
        case .unknownKey, .optionalNeverPresent, .unknownEnumValue, .slowAnswer: .warning
        default: .breaking
        }
    }

    /// Whether a finding of this kind means the answer could not be judged at all (no answer,
    /// a server error, a body cut off): such findings are not drift, count apart from breaking
    /// findings and make the exit code 3 unless drift elsewhere makes it 1.
    public var blocksValidation: Bool {
        switch self {
        case .transportError, .serverError, .bodyTooLarge: true
        default: false
        }
    }
}
