import EnvelopeCore
import EnvelopeHTTP

/// What `check` adds to the validator's result from the transfer itself: the transfer record
/// (timings, redirects), the option behind an unfollowed redirect, and answers cut off at
/// `--max-body`.
extension CheckCommand {
    /// The record of a transfer that got `response`; the body is kept only when the text
    /// report will quote it.
    func transferRecord(of response: HTTPResponse, attempts: Int, result: ContractResult) -> TransferRecord {
        let quoted = result.findings.contains { $0.severity == .breaking && $0.location != nil }
        let timings = response.timings
        return TransferRecord(
            timings: RequestTimings(dns: timings.dns, connect: timings.connect, tls: timings.tls, firstByte: timings.firstByte, total: timings.total),
            attempts: attempts, httpVersion: response.httpVersion, body: quoted ? response.body : nil,
            redirects: response.redirectCount, finalURL: response.redirectCount > 0 ? response.effectiveURL : nil)
    }

    /// With `--max-redirects 0` a 3xx answer is the redirect itself: its status finding says
    /// which option would follow it.
    func explainUnfollowedRedirect(in result: inout ContractResult, status: Int) {
        guard maxRedirects == 0, (300...399).contains(status) else { return }
        for position in result.findings.indices where result.findings[position].kind == .statusMismatch {
            result.findings[position].actual += ", not followed with --max-redirects 0"
        }
    }

    /// An answer cut off at `--max-body`: the server did answer, so this is not "unreachable".
    /// A cut-off server error is still a `server-error`; anything else is `body-too-large`.
    func evaluateCutOff(_ response: HTTPResponse, outcome: HTTPOutcome, contract: Contract, plan: PlannedRequest) -> Evaluation {
        let observed = ObservedResponse(status: response.status, headers: response.headers.map { ($0.name, $0.value) }, body: response.body)
        let result: ContractResult
        if (500...599).contains(response.status), contract.response.status != response.status {
            result = validate(observed, against: contract, source: plan.source, policy: schemaOptions.policy, duration: response.timings.total)
        } else {
            result = ContractResult(contract: contract.name, file: contract.file, source: plan.source, valid: false,
                                    findings: [bodyTooLargeFinding(status: response.status)],
                                    duration: response.timings.total, contractLocation: contract.responseLocation, httpStatus: response.status)
        }
        return (result, transferRecord(of: response, attempts: outcome.attempts, result: result))
    }

    /// The `body-too-large` finding for an answer with `status` cut off at `--max-body`.
    func bodyTooLargeFinding(status: Int) -> DriftFinding {
        DriftFinding(kind: .bodyTooLarge, pointer: "", severity: .breaking, expected: "a body of at most \(maxBody) bytes (--max-body)",
                     actual: "status \(status), but the body is larger than --max-body (\(maxBody) bytes) and was cut off there; raise --max-body if answers this large are expected")
    }
}
