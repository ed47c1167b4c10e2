import EnvelopeCore
import EnvelopeHTTP
import Foundation

/// `record --url`: one endpoint without a contract, sent as `check` sends a contract's request
/// (TLS, timeouts, retries, redirects, the body limit, `--verbose`) and reported the same way.
extension RecordCommand {
    /// Records one URL that has no contract.
    func recordURL(_ url: String, name: String) throws -> Int32 {
        try check.verifyCACertificateFile()
        let (plan, redactor) = try urlPlan(url)
        check.warnIfInsecure()
        var sent: HTTPOutcome?
        HTTPMultiClient(maxConcurrent: 1).run([plan.request], retry: check.retryPolicy) { _, outcome in sent = outcome }
        guard let outcome = sent else { throw CommandFailure.transport("no answer from \(plan.displayURL): the request was not sent") }
        if check.verbose { check.writeExchanges([CheckCommand.Exchange(outcome)], names: [name], plans: [plan], redactor: redactor) }
        let response: HTTPResponse
        switch outcome.result {
        case .success(let answer): response = answer
        case .failure(let error):
            let (result, transfer) = failedResult(error, outcome: outcome, name: name, plan: plan)
            return try reportURL(result, transfer: transfer, redactor: redactor, afterLine: false)
        }
        // Path and query from the URL as written, so a ${VAR} in it stays out of the file.
        guard let components = URLComponents(string: url.replacingOccurrences(of: "${", with: "%24%7B").replacingOccurrences(of: "}", with: "%7D")) else {
            throw CommandFailure.badInput("--url \(url) is not a URL")
        }
        let path = (components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath)
            .replacingOccurrences(of: "%24%7B", with: "${").replacingOccurrences(of: "%7D", with: "}")
        let query = (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }.filter { !$0.1.contains("${") && !$0.1.contains("%24%7B") }
        let mapping = RecordedMapping(
            name: name, method: method, path: path, query: query, status: response.status,
            headers: keptHeaders(response.headers, names: Self.replayedHeaders(status: response.status), redactor: redactor),
            body: redactedBody(response.body, redactor: redactor), recordedFrom: plan.source,
            requestHeaders: plan.request.headers.map { ($0.name, Self.redacted($0, redactor)) },
            redirectedTo: response.redirectCount > 0 ? response.effectiveURL : nil, redirects: response.redirectCount)
        let refusals = RecordingRefusal.refusals(status: response.status, expectedStatus: nil, body: response.body,
                                                 expectsJSON: !response.body.isEmpty, contentType: response.header("Content-Type"))
        let written = try record(mapping, refusals: refusals, redactor: redactor)
        let result = urlResult(response, refusals: refusals, name: name, source: plan.source)
        let transfer = check.transferRecord(of: response, attempts: outcome.attempts, result: result)
        let exitCode = try reportURL(result, transfer: transfer, redactor: redactor, afterLine: true)
        return written || exitCode != 0 ? exitCode : 1
    }

    /// The headers of an answer worth replaying without a contract: `Content-Type`, and a
    /// redirect's `Location` (a recorded 3xx without it would lead nowhere).
    static func replayedHeaders(status: Int) -> Set<String> {
        (300...399).contains(status) ? ["content-type", "location"] : ["content-type"]
    }

    /// The request for `--url` with its `--header`s, `${VAR}` expanded, and the transfer options
    /// check would use; and the redactor for every secret sent.
    func urlPlan(_ url: String) throws -> (plan: PlannedRequest, redactor: Redactor) {
        let expander = TemplateExpander(environment: ProcessInfo.processInfo.environment)
        var secrets: [String] = []
        var sent: [HTTPHeader] = []
        for line in headers {
            guard let colon = line.firstIndex(of: ":") else {
                throw CLIError.invalidValue(option: "--header", value: line, expected: "'Name: value'", suggestion: nil)
            }
            let headerName = line[..<colon].trimmingCharacters(in: .whitespaces)
            let expansion: TemplateExpander.Expansion
            do {
                expansion = try expander.expansion(of: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            } catch {
                throw CommandFailure.badInput("header \(headerName) uses ${\(error.name)}, which is not set in the environment. Set it (export \(error.name)=...).")
            }
            secrets += expansion.secrets
            if Redactor.isSensitiveHeader(headerName) { secrets.append(expansion.value) }
            sent.append(HTTPHeader(name: headerName, value: expansion.value))
        }
        let urlExpansion: TemplateExpander.Expansion
        do {
            urlExpansion = try expander.expansion(of: url)
        } catch {
            throw CommandFailure.badInput("--url uses ${\(error.name)}, which is not set in the environment. Set it (export \(error.name)=...).")
        }
        secrets += urlExpansion.secrets
        var request = HTTPRequest(method: method, url: urlExpansion.value, headers: sent,
                                  connectTimeout: check.connectTimeout, timeout: check.timeout,
                                  followRedirects: check.maxRedirects > 0, maxRedirects: check.maxRedirects,
                                  verifyTLS: !check.insecure, caCertificateFile: check.caCertificateFile, maxBodyBytes: check.maxBody)
        request.recordsTranscript = check.verbose
        let plan = PlannedRequest(request: request, source: "\(method) \(urlExpansion.display)", displayURL: urlExpansion.display, secrets: secrets)
        return (plan, Redactor(secrets: secrets))
    }

    /// The result of a request that got no whole answer, as check reports it: an answer cut off
    /// at `--max-body` (a server error still a `server-error`), else a `transport-error`.
    func failedResult(_ error: TransportError, outcome: HTTPOutcome, name: String, plan: PlannedRequest) -> (ContractResult, TransferRecord) {
        let file = FileSystem.join(mocksDirectory, "mappings/\(name).json")
        if let cutOff = outcome.cutOff {
            let observed = ObservedResponse(status: cutOff.status, headers: cutOff.headers.map { ($0.name, $0.value) }, body: cutOff.body)
            let finding = serverError(observed, expected: nil) ?? check.bodyTooLargeFinding(status: cutOff.status)
            let result = ContractResult(contract: name, file: file, source: plan.source, valid: false, findings: [finding],
                                        duration: cutOff.timings.total, httpStatus: cutOff.status)
            return (result, check.transferRecord(of: cutOff, attempts: outcome.attempts, result: result))
        }
        // The description names the real URL; show the redacted one.
        let explanation = error.description.replacing(plan.request.url, with: plan.displayURL)
            + (outcome.attempts > 1 ? " (after \(outcome.attempts) attempts)" : "")
        let finding = DriftFinding(kind: .transportError, pointer: "", severity: .breaking, expected: "an answer from \(plan.displayURL)",
                                   actual: explanation, keyword: error.name)
        let result = ContractResult(contract: name, file: file, source: plan.source, valid: false, findings: [finding])
        return (result, TransferRecord(timings: RequestTimings(), attempts: outcome.attempts))
    }

    /// Prints the `--url` report (one result, counted as a URL) in `--format`, after a blank
    /// line when a line about the mapping came first; returns its exit code.
    func reportURL(_ result: ContractResult, transfer: TransferRecord, redactor: Redactor, afterLine: Bool) throws(CommandFailure) -> Int32 {
        if afterLine { say("\n") }
        let report = redactor.redact(Report(results: [result], failOn: failOn, transfers: [transfer], subject: .urls))
        try check.output.write(report)
        return report.exitCode
    }

    /// The `--url` answer as a report result: a 5xx status is a `server-error` (an outage), any
    /// other status but 2xx a `status-mismatch` (a redirect with where it leads), a body that
    /// is not JSON a `not-json` finding, an answer slower than `--slow` a `slow-answer`, as
    /// `check` reports them for a contract. Its file is the mapping's, the place a CI
    /// annotation should point at.
    func urlResult(_ response: HTTPResponse, refusals: [RecordingRefusal], name: String, source: String) -> ContractResult {
        let file = FileSystem.join(mocksDirectory, "mappings/\(name).json")
        // An outage is one finding of its own, as check reports it.
        let observed = ObservedResponse(status: response.status, headers: response.headers.map { ($0.name, $0.value) }, body: response.body)
        if let outage = serverError(observed, expected: nil) {
            return ContractResult(contract: name, file: file, source: source, valid: false, findings: [outage],
                                  duration: response.timings.total, httpStatus: response.status)
        }
        var findings: [DriftFinding] = []
        for refusal in refusals {
            switch refusal {
            case .unexpectedStatus:
                findings.append(DriftFinding(kind: .statusMismatch, pointer: "", severity: .breaking,
                                             expected: "a 2xx status", actual: statusText(observed)))
            case .notJSON:
                var actual = bodyExcerpt(SharedBytes(response.body))
                var locations: [SourceLocation] = []
                do throws(JSONError) {
                    _ = try JSONDocument.parse(response.body)
                } catch {
                    actual += " (\(error.message))"
                    locations = error.location.map { [$0] } ?? []
                }
                findings.append(DriftFinding(kind: .notJSON, pointer: "", severity: .breaking,
                                             expected: "a JSON body", actual: actual, locations: locations))
            case .breaksContract: break
            }
        }
        let valid = findings.isEmpty
        if let budget = check.slowAfter, response.timings.total > budget {
            findings.append(DriftFinding(kind: .slowAnswer, pointer: "", severity: DriftKind.slowAnswer.defaultSeverity,
                                         expected: "an answer within \(durationText(budget))", actual: "an answer after \(durationText(response.timings.total))"))
        }
        var result = ContractResult(contract: name, file: file, source: source, valid: valid, findings: findings,
                                    duration: response.timings.total, httpStatus: response.status)
        check.explainUnfollowedRedirect(in: &result, status: response.status)
        return result
    }
}
