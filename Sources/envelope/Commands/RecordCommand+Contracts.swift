import EnvelopeCore
import EnvelopeHTTP
import EnvelopeMock
import Foundation

/// Recording in contract mode, and what both modes share.
extension RecordCommand {
    /// Records every selected contract's answer, validates it and reports its drift. A file
    /// that does not load ends the run as it ends check's: exit 2, in every report format.
    func recordContracts() throws -> Int32 {
        let config: ProjectConfig?
        do {
            config = try ProjectConfig.load(path: check.configPath, needed: check.environmentName != nil, given: check.configGiven)
        } catch {
            return try check.reportLoadFailure([error.problem], errorText: error.description)
        }
        var options = check.schemaOptions.load
        options.mappings += config?.referenceMappings ?? []
        let set = try ContractSet.load(directory: check.contractsDirectory, options: options, projectFile: check.configGiven ? check.configPath : nil)
        let problems = check.loadProblems(of: set)
        if !problems.isEmpty { return try check.reportLoadFailure(problems) }
        var environment: ProjectConfig.Environment?
        if let name = check.environmentName, let config { environment = try config.environment(named: name, file: check.configPath) }
        let contracts = try check.select(set.httpContracts, environment: environment)
        try check.verifyCACertificateFile()
        let origin = environment.map { "environment \($0.name) (\(check.configPath))" }
        let target = CheckCommand.Target(baseURL: check.baseURL ?? environment?.baseURL ?? "", headers: environment?.headers ?? [], origin: origin)
        let expander = TemplateExpander(environment: ProcessInfo.processInfo.environment)
        let plans = try contracts.map { contract throws(CommandFailure) in try check.plan(contract, target: target, expander: expander) }
        let redactor = Redactor(secrets: plans.flatMap(\.secrets))
        check.warnIfInsecure()

        var outcomes = [HTTPOutcome?](repeating: nil, count: plans.count)
        HTTPMultiClient(maxConcurrent: 4).run(plans.map(\.request), retry: check.retryPolicy) { index, outcome in outcomes[index] = outcome }
        if check.verbose {
            check.writeExchanges(outcomes.map { $0.map(CheckCommand.Exchange.init) }, contracts: contracts, plans: plans, redactor: redactor)
        }

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
            let kept = Self.replayedHeaders(status: response.status).union(contract.response.headers.map { $0.name.lowercased() })
            // The mapping answers the request as the contract sends it, with the answer the
            // redirects (if any) led to.
            let mapping = RecordedMapping(
                name: contract.name, method: contract.request.method, path: contract.request.path,
                query: contract.request.query.filter { !$0.value.contains("${") },
                status: response.status, headers: keptHeaders(response.headers, names: kept, redactor: redactor),
                body: redactedBody(response.body, redactor: redactor), recordedFrom: plan.source,
                requestHeaders: plan.request.headers.map { header in (header.name, Self.redacted(header, redactor)) },
                redirectedTo: response.redirectCount > 0 ? response.effectiveURL : nil, redirects: response.redirectCount)
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
