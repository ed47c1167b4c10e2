import EnvelopeCore
import EnvelopeHTTP
import EnvelopeMock
import Foundation

/// Recording: the contract mode and the URL mode.
extension RecordCommand {
    /// Records every selected contract's answer, validates it and reports its drift.
    func recordContracts() throws -> Int32 {
        let config: ProjectConfig?
        do {
            config = check.environmentName != nil ? try ProjectConfig.load(path: check.configPath) : try ProjectConfig.loadIfPresent(path: check.configPath)
        } catch {
            throw CommandFailure.badInput(error.description)
        }
        var options = ContractLoadOptions()
        options.mappings += config?.referenceMappings ?? []
        let set = try ContractSet.load(directory: check.contractsDirectory, options: options)
        if !set.errors.isEmpty { throw CommandFailure.badInput(set.errorText(directory: check.contractsDirectory)) }
        var environment: ProjectConfig.Environment?
        if let name = check.environmentName, let config { environment = try config.environment(named: name, file: check.configPath) }
        let contracts = try check.select(set.httpContracts, environment: environment)
        let origin = environment.map { "environment \($0.name) (\(check.configPath))" }
        let target = CheckCommand.Target(baseURL: check.baseURL ?? environment?.baseURL ?? "", headers: environment?.headers ?? [], origin: origin)
        let expander = TemplateExpander(environment: ProcessInfo.processInfo.environment)
        let plans = try contracts.map { contract throws(CommandFailure) in try check.plan(contract, target: target, expander: expander) }
        let redactor = Redactor(secrets: plans.flatMap(\.secrets))

        var outcomes = [HTTPOutcome?](repeating: nil, count: plans.count)
        HTTPMultiClient(maxConcurrent: 4).run(plans.map(\.request)) { index, outcome in outcomes[index] = outcome }

        var results: [ContractResult] = []
        var transfers: [TransferRecord?] = []
        var notWritten = false
        for (index, contract) in contracts.enumerated() {
            guard let outcome = outcomes[index] else { continue }
            let plan = plans[index]
            let (result, transfer) = check.evaluate(outcome, contract: contract, plan: plan)
            results.append(result)
            transfers.append(transfer)
            guard case .success(let response) = outcome.result else { continue }
            let kept = Set(contract.response.headers.map { $0.name.lowercased() } + ["content-type"])
            let mapping = RecordedMapping(
                name: contract.name, method: contract.request.method, path: contract.request.path,
                query: contract.request.query.filter { !$0.value.contains("${") },
                status: response.status, headers: keptHeaders(response.headers, names: kept, redactor: redactor),
                body: redactedBody(response.body, redactor: redactor), recordedFrom: plan.source,
                requestHeaders: plan.request.headers.map { header in (header.name, Self.redacted(header, redactor)) })
            let refusals = RecordingRefusal.refusals(
                status: response.status, expectedStatus: contract.response.status, body: response.body,
                expectsJSON: contract.response.body != nil, contentType: response.header("Content-Type"), result: result)
            if try !record(mapping, refusals: refusals, redactor: redactor) { notWritten = true }
        }
        // A blank line between the lines about mappings and the report, when there were any.
        if outcomes.contains(where: { if case .success = $0?.result { true } else { false } }) { say("\n") }
        let report = redactor.redact(Report(results: results, failOn: failOn, transfers: transfers,
                                            contractsDirectory: check.contractsDirectory))
        try check.output.write(report)
        return notWritten && report.exitCode == 0 ? 1 : report.exitCode
    }

    /// Records one URL that has no contract.
    func recordURL(_ url: String, name: String) throws -> Int32 {
        let (request, display, redactor) = try urlRequest(url)
        let source = "\(method) \(display)"
        let mappingPath = FileSystem.join(mocksDirectory, "mappings/\(name).json")
        let response: HTTPResponse
        do {
            response = try HTTPClient().send(request)
        } catch {
            // As check reports it: a transport-error finding, exit 3. The description names the real URL.
            let finding = DriftFinding(kind: .transportError, pointer: "", severity: .breaking, expected: "an answer from \(display)",
                                       actual: error.description.replacing(request.url, with: display), keyword: error.name)
            let result = ContractResult(contract: name, file: mappingPath, source: source, valid: false, findings: [finding])
            return try reportURL(result, transfer: TransferRecord(timings: RequestTimings(), attempts: 1), redactor: redactor, afterLine: false)
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
            headers: keptHeaders(response.headers, names: ["content-type"], redactor: redactor),
            body: redactedBody(response.body, redactor: redactor), recordedFrom: source,
            requestHeaders: request.headers.map { ($0.name, Self.redacted($0, redactor)) })
        let refusals = RecordingRefusal.refusals(status: response.status, expectedStatus: nil, body: response.body,
                                                 expectsJSON: !response.body.isEmpty, contentType: response.header("Content-Type"))
        let written = try record(mapping, refusals: refusals, redactor: redactor)
        let result = urlResult(response, refusals: refusals, name: name, source: source)
        let exitCode = try reportURL(result, transfer: transfer(of: response, for: result), redactor: redactor, afterLine: true)
        return written || exitCode != 0 ? exitCode : 1
    }

    /// The request for `--url` with its `--header`s, `${VAR}` expanded; the URL to show (secrets
    /// as `***`); and the redactor for every secret sent.
    func urlRequest(_ url: String) throws -> (request: HTTPRequest, display: String, redactor: Redactor) {
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
        let request = HTTPRequest(method: method, url: urlExpansion.value, headers: sent, timeout: timeout, followRedirects: true)
        return (request, urlExpansion.display, Redactor(secrets: secrets))
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
    /// other status but 2xx a `status-mismatch`, a body that is not JSON a `not-json` finding, as
    /// `check` reports them for a contract. Its file is the mapping's, the place a CI annotation
    /// should point at.
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
            case .unexpectedStatus(let found, _):
                findings.append(DriftFinding(kind: .statusMismatch, pointer: "", severity: .breaking,
                                             expected: "a 2xx status", actual: "status \(found)"))
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
        return ContractResult(contract: name, file: file, source: source, valid: findings.isEmpty, findings: findings,
                              duration: response.timings.total, httpStatus: response.status)
    }

    /// What fetching `response` took, with the body kept when the text report will quote it.
    func transfer(of response: HTTPResponse, for result: ContractResult) -> TransferRecord {
        let timings = response.timings
        let quoted = result.findings.contains { $0.severity == .breaking && $0.location != nil }
        return TransferRecord(
            timings: RequestTimings(dns: timings.dns, connect: timings.connect, tls: timings.tls, firstByte: timings.firstByte, total: timings.total),
            attempts: 1, httpVersion: response.httpVersion, body: quoted ? response.body : nil)
    }

    /// The response headers worth replaying: `Content-Type` and those the contract checks,
    /// first of each name, credentials hidden.
    func keptHeaders(_ headers: [HTTPHeader], names: Set<String>, redactor: Redactor) -> [(name: String, value: String)] {
        var seen: Set<String> = []
        return headers.filter { names.contains($0.name.lowercased()) && seen.insert($0.name.lowercased()).inserted }
            .map { ($0.name, Self.redacted($0, redactor)) }
    }

    /// The body with every secret it echoes replaced by `***` (JSON stays JSON: a secret
    /// sits inside a string).
    func redactedBody(_ body: [UInt8], redactor: Redactor) -> [UInt8] {
        guard !redactor.secrets.isEmpty, let text = String(validating: body, as: UTF8.self) else { return body }
        return Array(redactor.redact(text).utf8)
    }

    /// A header's value as it may be written down.
    static func redacted(_ header: HTTPHeader, _ redactor: Redactor) -> String {
        Redactor.isSensitiveHeader(header.name) ? Redactor.mask : redactor.redact(header.value)
    }
}
