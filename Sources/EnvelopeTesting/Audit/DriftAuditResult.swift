import EnvelopeCore

/// What ``DriftAudit`` found when decoding one answer into one type.
public struct DriftAuditResult<T> {
    /// The audited type's name (`Root<MenuItem>`).
    public var typeName: String
    /// The decoded value with stand-ins where the data drifted, or nil when decoding could not
    /// finish. Only meaningful when ``findings`` has nothing breaking.
    public var value: T?
    /// The findings, grouped over array elements, in the order they first occur in the answer.
    public var findings: [DriftFinding]
    /// When decoding stopped early, the JSON Pointer of the value no stand-in could be made for
    /// (an enum that is not `CaseIterable`, a custom `init(from:)` that refused the stand-in);
    /// keys after it went unchecked. Nil when the audit saw the whole answer.
    public var stoppedAt: String?

    /// Creates a result.
    public init(typeName: String, value: T?, findings: [DriftFinding], stoppedAt: String?) {
        self.typeName = typeName
        self.value = value
        self.findings = findings
        self.stoppedAt = stoppedAt
    }

    /// Whether `JSONDecoder` would decode the answer: no breaking findings.
    public var decodes: Bool { !findings.contains { $0.severity == .breaking } }

    /// The findings as a contract result, for the reporters (`TextReporter`, `JSONReporter`...).
    public func contractResult(source: String = "Decodable audit") -> ContractResult {
        ContractResult(contract: typeName, file: "", source: source, valid: decodes, findings: findings)
    }

    /// The text report, as `envelope check` prints it.
    public var report: String {
        var text = TextReporter().renderResult(contractResult(), failOn: .breaking)
        if let stoppedAt {
            text += "  (decoding stopped at \(stoppedAt.isEmpty ? "the root" : stoppedAt): no stand-in value could be made there, so later keys of the objects around it were not checked)\n"
        }
        return text
    }
}
