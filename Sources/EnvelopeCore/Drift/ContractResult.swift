/// The outcome of checking one answer against one contract.
public struct ContractResult: Sendable {
    /// How the check ended.
    public enum Status: String, Sendable {
        /// No findings.
        case ok
        /// Findings (at any reported severity).
        case drift
        /// The answer could not be judged: not fetched, a server error, or cut off.
        case error
    }

    /// The contract's name.
    public var contract: String
    /// The contract file, relative to the contracts folder.
    public var file: String
    /// Where the answer came from: `GET http://127.0.0.1:PORT/COMM/A202100004`, or a file.
    public var source: String
    /// Whether the answer satisfies the contract (status, headers and body schema), whatever
    /// the severities.
    public var valid: Bool
    /// The findings, grouped and ordered.
    public var findings: [DriftFinding]
    /// Seconds the fetch took, when there was one.
    public var duration: Double?
    /// Where `response` is in the contract file (for CI annotations).
    public var contractLocation: SourceLocation?
    /// The HTTP status of the answer, when there was one (not for saved bodies).
    public var httpStatus: Int?

    /// Creates a result.
    public init(contract: String, file: String, source: String, valid: Bool, findings: [DriftFinding], duration: Double? = nil,
                contractLocation: SourceLocation? = nil, httpStatus: Int? = nil) {
        self.contract = contract
        self.file = file
        self.source = source
        self.valid = valid
        self.findings = findings
        self.duration = duration
        self.contractLocation = contractLocation
        self.httpStatus = httpStatus
    }

    /// `error` when the answer could not be judged (a transport error, a server error, a body
    /// cut off), `drift` for other findings, else `ok`.
    public var status: Status {
        if findings.contains(where: \.kind.blocksValidation) { return .error }
        return findings.isEmpty ? .ok : .drift
    }

    /// Findings at `breaking` (not counting those that kept the answer from being judged).
    public var breakingCount: Int { findings.filter { $0.severity == .breaking && !$0.kind.blocksValidation }.count }
    /// The finding that kept the answer from being judged, if there is one.
    public var blockingFinding: DriftFinding? { findings.first(where: \.kind.blocksValidation) }
    /// Findings at `warning`.
    public var warningCount: Int { findings.filter { $0.severity == .warning }.count }
}
