/// The outcome of checking one answer against one contract.
public struct ContractResult: Sendable {
    /// How the check ended.
    public enum Status: String, Sendable {
        /// No findings.
        case ok
        /// Findings (at any reported severity).
        case drift
        /// The answer could not be fetched.
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

    /// Creates a result.
    public init(contract: String, file: String, source: String, valid: Bool, findings: [DriftFinding], duration: Double? = nil, contractLocation: SourceLocation? = nil) {
        self.contract = contract
        self.file = file
        self.source = source
        self.valid = valid
        self.findings = findings
        self.duration = duration
        self.contractLocation = contractLocation
    }

    /// `error` when a transport error was found, `drift` for other findings, else `ok`.
    public var status: Status {
        if findings.contains(where: { $0.kind == .transportError }) { return .error }
        return findings.isEmpty ? .ok : .drift
    }

    /// Findings at `breaking`.
    public var breakingCount: Int { findings.filter { $0.severity == .breaking && $0.kind != .transportError }.count }
    /// Findings at `warning`.
    public var warningCount: Int { findings.filter { $0.severity == .warning }.count }
}
