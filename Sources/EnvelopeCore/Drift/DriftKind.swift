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

    /// The severity a finding of this kind has unless a contract or the command line says
    /// otherwise: everything breaks a consumer except news it can ignore or keep.
    public var defaultSeverity: Severity {
        switch self {
        case .unknownKey, .optionalNeverPresent, .unknownEnumValue: .warning
        default: .breaking
        }
    }
}
