import EnvelopeCore

/// Why `envelope record` does not write an answer as a mock unless `--allow-errors` is given:
/// an outage or an error page during a re-recording must not replace a good mock.
enum RecordingRefusal: Hashable, Sendable {
    /// The status is not the expected one: the contract's, or any 2xx without a contract
    /// (or with one that names no status).
    case unexpectedStatus(found: Int, expected: Int?)
    /// The body is not JSON where JSON is expected, with the `Content-Type` it came with.
    case notJSON(contentType: String?)
    /// The answer breaks its contract: this many breaking findings besides the two above (and
    /// besides `server-error`, which is the unexpected status seen as an outage).
    case breaksContract(findings: Int)

    /// `status 500, expected 200`: one reason, for the line that says what was skipped.
    var reason: String {
        switch self {
        case .unexpectedStatus(let found, let expected):
            "status \(found), expected \(expected.map(String.init) ?? "2xx")"
        case .notJSON(let contentType):
            "the body is not JSON (\(contentType.map { "Content-Type \($0)" } ?? "no Content-Type"))"
        case .breaksContract(let findings):
            "it breaks its contract (\(findings) breaking finding\(findings == 1 ? "" : "s"))"
        }
    }

    /// What is wrong with an answer of `status` with `body`: a status other than `expectedStatus`
    /// (2xx when nil), a body that is not JSON when `expectsJSON`, and the breaking findings of
    /// `result` (its contract's verdict) other than those two.
    static func refusals(status: Int, expectedStatus: Int?, body: [UInt8], expectsJSON: Bool, contentType: String?,
                         result: ContractResult? = nil) -> [RecordingRefusal] {
        var refusals: [RecordingRefusal] = []
        if !(expectedStatus.map { status == $0 } ?? (200..<300).contains(status)) {
            refusals.append(.unexpectedStatus(found: status, expected: expectedStatus))
        }
        if expectsJSON, (try? JSONDocument.parse(body)) == nil {
            refusals.append(.notJSON(contentType: contentType))
        }
        let others = result?.findings.filter { finding in
            finding.severity == .breaking && ![.statusMismatch, .notJSON, .transportError, .serverError].contains(finding.kind)
        }.count ?? 0
        if others > 0 { refusals.append(.breaksContract(findings: others)) }
        return refusals
    }
}
