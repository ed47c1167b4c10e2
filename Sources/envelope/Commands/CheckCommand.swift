import EnvelopeCore
import EnvelopeHTTP
import EnvelopeMock
import Foundation

/// `envelope check`: fetch every contract's request (from the in-process mock server unless
/// `--base-url` or `--env` is given), validate the answers and report drift.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Fetch every contract's request, validate the answers, report drift.",
        discussion: """
            Without --base-url or --env the bundled mocks are served on a free loopback port in \
            this process and every contract is checked against them. With --env NAME the requests \
            go to that environment of envelope.json (its base URL and headers); --base-url names a \
            server directly. ${VAR} in URLs and header values comes from the environment, and \
            every such value is shown as *** in reports. Requests run --jobs at a time over \
            shared connections; results are reported in contract order. With --compare-env \
            BASELINE every request goes to that environment too, in the same round, and each \
            answer is compared with the baseline's by structure (keys, nulls, types, enum values, \
            array items, status, content type): --env staging --compare-env prod reads "staging \
            compared with prod", prod being what the app ships against today. Each difference is \
            breaking where it fails a rule of the contract, else a warning.
            """,
        options: [
            .value("--contracts", valueName: "dir", help: "Folder of contract files.", default: "Contracts"),
            .value("--mocks", valueName: "dir", help: "Folder of mocks (mappings/ and __files/) to serve.", default: "Mocks"),
            .value("--env", short: "-e", valueName: "name", help: "Check against this environment of the project file."),
            .value("--config", valueName: "file", help: "The project file with the environments.", default: "envelope.json"),
            .value("--base-url", valueName: "url", help: "Check against this server instead of the mocks (overrides the environment's)."),
        ] + ReportOutput.optionSpecs() + [
            .repeatable("--only", valueName: "name", help: "Check only this contract; repeat (or separate with commas) for more."),
            .value("--shard", valueName: "i/n", help: "Check only the i-th of n deterministic slices of the contracts (for CI matrices)."),
            .value("--jobs", short: "-j", valueName: "n", help: "Requests in flight at once.", default: "8"),
            .value("--timeout", valueName: "seconds", help: "Give up on an answer after this long.", default: "30"),
            .value("--connect-timeout", valueName: "seconds", help: "Give up connecting after this long.", default: "10"),
            .value("--retries", valueName: "n", help: "Send again after connection failures, 429 and 503, with exponential backoff.", default: "0"),
            .value("--retry-delay", valueName: "seconds", help: "Wait before the first retry; doubles each time (Retry-After wins).", default: "1"),
            .value("--max-redirects", valueName: "n", help: "Follow at most this many redirects; 0 reports the redirect itself.", default: "10"),
            .value("--max-body", valueName: "size", help: "Cut off and report answers larger than this (e.g. 512K, 64M; 0 for no limit).", default: "64M"),
            .value("--cacert", valueName: "file", help: "Trust the CA certificates in this PEM file (e.g. a test server's own)."),
            .flag("--insecure", short: "-k", help: "Do not verify TLS certificates (test servers only; prints a warning)."),
            .value("--compare-env", valueName: "name", help: "Also send every request to this environment (the baseline) and report how --env's answers differ from its."),
            .flag("--compare-mocks", help: "Also compare each live answer's structure with its recorded mock and report stale mocks."),
            .value("--slow", valueName: "ms", help: "Warn (slow-answer) about answers slower than this many milliseconds (overrides contracts' response.slow)."),
            .flag("--verbose", short: "-v", help: "Print each exchange to standard error: request line, headers sent and received (secrets as ***), timings."),
            .value("--pact", valueName: "file", help: "Check the provider (--base-url or --env) against this pact file's interactions instead of the contracts."),
            .value("--state-change-url", valueName: "url", help: "With --pact: POST each interaction's provider states here first, as Pact's verifier does."),
            .flag("--state-change-teardown", help: "With --state-change-url: POST the same states with action teardown after each interaction."),
        ] + SchemaOptions.specs
    )

    let contractsDirectory: String
    let mocksDirectory: String
    let environmentName: String?
    let configPath: String
    /// Whether `--config` was given, so that a missing file is an error even without `--env`.
    let configGiven: Bool
    let baseURL: String?
    let output: ReportOutput
    let failOn: FailLevel
    let only: [String]
    let shard: Shard?
    let jobs: Int
    let timeout: Double
    let connectTimeout: Double
    let retries: Int
    let retryDelay: Double
    let maxRedirects: Int
    let maxBody: Int
    let caCertificateFile: String?
    let insecure: Bool
    let schemaOptions: SchemaOptions
    let compareMocks: Bool
    /// `--compare-env`: the baseline environment the checked one is compared with.
    let compareEnvironmentName: String?
    /// `--slow`, in seconds.
    let slowAfter: Double?
    let verbose: Bool
    /// `--pact`: the pact whose interactions are checked instead of the contracts.
    let pactPath: String?
    /// `--state-change-url`: where provider states are set up, one interaction at a time.
    let stateChangeURL: String?
    let stateChangeTeardown: Bool

    init(parsed: ParsedArguments) throws(CLIError) {
        contractsDirectory = parsed.value("--contracts") ?? "Contracts"
        mocksDirectory = parsed.value("--mocks") ?? "Mocks"
        environmentName = parsed.value("--env")
        configPath = parsed.value("--config") ?? "envelope.json"
        configGiven = parsed.isSpecified("--config")
        baseURL = parsed.value("--base-url")
        if let baseURL, !(baseURL.hasPrefix("http://") || baseURL.hasPrefix("https://")) {
            throw .invalidValue(option: "--base-url", value: baseURL, expected: "an http:// or https:// URL", suggestion: nil)
        }
        output = ReportOutput(parsed: parsed)
        failOn = FailLevel(rawValue: parsed.value("--fail-on") ?? "breaking") ?? .breaking
        only = parsed.values("--only").flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
        shard = try parsed.value("--shard").map { text throws(CLIError) in try Shard(parsing: text) }
        jobs = try parsed.integer("--jobs", in: 1...256) ?? 8
        timeout = try parsed.number("--timeout", in: 0.001...86_400) ?? 30
        connectTimeout = try parsed.number("--connect-timeout", in: 0.001...86_400) ?? 10
        retries = try parsed.integer("--retries", in: 0...20) ?? 0
        retryDelay = try parsed.number("--retry-delay", in: 0...600) ?? 1
        maxRedirects = try parsed.integer("--max-redirects", in: 0...100) ?? 10
        maxBody = try ByteSize.parse(parsed.value("--max-body") ?? "64M", option: "--max-body")
        caCertificateFile = parsed.value("--cacert")
        insecure = parsed.flag("--insecure")
        schemaOptions = try SchemaOptions(parsed: parsed)
        compareMocks = parsed.flag("--compare-mocks")
        compareEnvironmentName = parsed.value("--compare-env")
        slowAfter = try parsed.number("--slow", in: 1...86_400_000).map { $0 / 1000 }
        verbose = parsed.flag("--verbose")
        pactPath = parsed.value("--pact")
        stateChangeURL = parsed.value("--state-change-url")
        stateChangeTeardown = parsed.flag("--state-change-teardown")
        if pactPath != nil && environmentName == nil && baseURL == nil {
            throw .usage("--pact checks a provider against the pact; give it with --base-url URL or --env NAME.")
        }
        if stateChangeURL != nil && pactPath == nil {
            throw .usage("--state-change-url sets up the provider states of a pact's interactions; give the pact with --pact FILE.")
        }
        if let stateChangeURL, !(stateChangeURL.hasPrefix("http://") || stateChangeURL.hasPrefix("https://")) {
            throw .invalidValue(option: "--state-change-url", value: stateChangeURL, expected: "an http:// or https:// URL", suggestion: nil)
        }
        if pactPath != nil && (compareMocks || compareEnvironmentName != nil) {
            throw .usage("--pact checks the pact's interactions; --compare-mocks and --compare-env compare contracts' answers: use them without --pact.")
        }
        if compareMocks && environmentName == nil && baseURL == nil {
            throw .usage("--compare-mocks compares live answers with the mocks; give --env NAME or --base-url URL.")
        }
        if let compareEnvironmentName {
            guard environmentName != nil || baseURL != nil else {
                throw .usage("--compare-env compares two environments; give --env NAME (or --base-url URL) for the one to check against \(compareEnvironmentName).")
            }
            if compareEnvironmentName == environmentName && baseURL == nil {
                throw .usage("--compare-env \(compareEnvironmentName) is the environment --env checks; name another one, the baseline to compare it with.")
            }
        }
    }

    func run() throws -> Int32 {
        // libcurl is opened on first use: open it on another thread while the contracts load.
        CurlLibrary.loadInBackground()
        var config: ProjectConfig?
        do {
            config = try ProjectConfig.load(path: configPath, needed: environmentName != nil || compareEnvironmentName != nil, given: configGiven)
        } catch {
            return try reportLoadFailure([error.problem], errorText: error.description)
        }
        var loadOptions = schemaOptions.load
        loadOptions.mappings += config?.referenceMappings ?? []
        var pactStates: [[PactProviderState]] = []
        var pactContracts: [Contract]?
        if let pactPath { (pactContracts, pactStates) = try self.pactContracts(pactPath) }
        let set = pactContracts == nil ? try ContractSet.load(directory: contractsDirectory, options: loadOptions, projectFile: configGiven ? configPath : nil)
            : ContractSet(contracts: [], errors: [])
        let templating = config?.mockGlobalTemplating ?? false
        let problems = loadProblems(of: set, globalTemplating: templating)
        if !problems.isEmpty { return try reportLoadFailure(problems) }
        var environment: ProjectConfig.Environment?
        if let environmentName, let config {
            environment = try config.environment(named: environmentName, file: configPath)
        }
        let contracts = try pactContracts ?? select(set.httpContracts, environment: environment)
        var baselineEnvironment: ProjectConfig.Environment?
        if let compareEnvironmentName, let config {
            baselineEnvironment = try config.environment(named: compareEnvironmentName, file: configPath)
        }
        try verifyCACertificateFile()

        // Plan every request before sending any, so a missing variable stops the run at once.
        let target: Target
        var server: MockServer?
        defer { server?.stop() }
        if let baseURL {
            target = Target(baseURL: baseURL, headers: environment?.headers ?? [], origin: environment.map { "environment \($0.name) (\(configPath))" })
        } else if let environment {
            target = Target(baseURL: environment.baseURL, headers: environment.headers, origin: "environment \(environment.name) (\(configPath))")
        } else {
            // Without a server to talk to, the mocks are served in process.
            let mock: MockServer
            do {
                mock = try startMockServer(globalTemplating: templating)
            } catch let failure as MockLoadFailure {
                return try reportLoadFailure(mockProblems(after: failure, globalTemplating: templating))
            }
            server = mock
            target = Target(baseURL: mock.baseURL, headers: [], origin: nil)
        }
        let expander = TemplateExpander(environment: ProcessInfo.processInfo.environment)
        let plans = try contracts.map { contract throws(CommandFailure) in try plan(contract, target: target, expander: expander) }
        let baseline = try baselineEnvironment.map { environment throws(CommandFailure) in try planBaseline(contracts, environment: environment, expander: expander) }
        // The baseline's requests go in the same round, after the checked environment's.
        let allPlans = plans + (baseline?.requests ?? [])
        let redactor = Redactor(secrets: allPlans.flatMap(\.secrets))
        warnIfInsecure()

        // Answers are validated on other threads while libcurl fetches the next ones.
        let evaluations = BackgroundMap<Evaluation>(count: contracts.count, maxPending: 4 * Cores.available)
        let tally = TransferTally(total: allPlans.count, keepsBodies: compareMocks || baseline != nil)
        let client = HTTPMultiClient(maxConcurrent: jobs)
        var exchanges = [Exchange?](repeating: nil, count: verbose ? allPlans.count : 0)
        let requestContracts = contracts + contracts.indices.filter { baseline?.plans[$0] != nil }.map { contracts[$0] }
        send(allPlans.map(\.request), states: pactStates, client: client) { [self] index, outcome in
            let contract = requestContracts[index], plan = allPlans[index]
            if index < contracts.count { evaluations.submit(at: index) { evaluate(outcome, contract: contract, plan: plan) } }
            tally.finished(index, name: contract.name, outcome: outcome)
            if verbose { exchanges[index] = Exchange(outcome) }
        }
        tally.progress.finish()
        if verbose { writeExchanges(exchanges, contracts: requestContracts, plans: allPlans, redactor: redactor) }
        let evaluated = evaluations.results()
        let results = evaluated.compactMap { $0?.result }
        var unredacted = Report(results: results, failOn: failOn, transfers: evaluated.map { $0?.transfer }, contractsDirectory: contractsDirectory)
        if let baseline { unredacted.comparisons = compareEnvironments(contracts, baseline: baseline, answers: tally.liveAnswers) }
        let report = redactor.redact(unredacted)
        try output.write(report)
        if compareMocks { return reportStaleMocks(contracts, liveAnswers: tally.liveAnswers, redactor: redactor, exitCode: report.exitCode) }
        return report.exitCode
    }

    /// The contracts this run checks: `--only` (or the environment's `only`), then `--shard`.
    func select(_ all: [Contract], environment: ProjectConfig.Environment?) throws(CommandFailure) -> [Contract] {
        var contracts = all
        let wanted = only.isEmpty ? environment?.only ?? [] : only
        if !wanted.isEmpty {
            let known = Set(contracts.map(\.name))
            for name in wanted where !known.contains(name) {
                let suggestion = EditDistance.suggestion(for: name, among: Array(known)).map { " Did you mean '\($0)'?" } ?? ""
                let origin = only.isEmpty ? " (listed in \"only\" of environment \(environment?.name ?? "") in \(configPath))" : ""
                throw CommandFailure.badInput("no contract named '\(name)' in \(contractsDirectory)\(origin).\(suggestion)")
            }
            contracts = contracts.filter { wanted.contains($0.name) }
        }
        guard !contracts.isEmpty else {
            throw CommandFailure.badInput("no contracts in \(contractsDirectory) (contract files are *.json directly in that folder)")
        }
        // An empty slice is not an error: a matrix may have more jobs than contracts.
        return shard?.select(contracts) ?? contracts
    }

    /// The in-process mock server for the mappings of `--mocks`, serving on a free loopback
    /// port. No request journal: check reads none. With `globalTemplating` (envelope.json's
    /// `"mocks": {"globalResponseTemplating": true}`) every stub is a template, those added
    /// through its admin API too.
    func startMockServer(globalTemplating: Bool = false) throws -> MockServer {
        let mappings: MockMappings
        do {
            mappings = try MockMappings.load(directory: mocksDirectory, globalTemplating: globalTemplating)
        } catch {
            throw MockLoadFailure(error: error)
        }
        var options = MockServerOptions(host: "127.0.0.1", port: 0, journalCapacity: 0)
        options.globalResponseTemplating = globalTemplating
        let server = MockServer(mappings: mappings, options: options)
        do {
            try server.start()
        } catch {
            throw CommandFailure.transport("cannot start the mock server: \(error)")
        }
        return server
    }

    /// What one answer came to: its result, and what the transfer took.
    typealias Evaluation = (result: ContractResult, transfer: TransferRecord?)

    /// Validates one answer, or turns a transport failure into a `transport-error` finding.
    func evaluate(_ outcome: HTTPOutcome, contract: Contract, plan: PlannedRequest) -> Evaluation {
        switch outcome.result {
        case .success(let response):
            let observed = ObservedResponse(status: response.status, headers: response.headers.map { ($0.name, $0.value) }, body: response.body)
            var result = validate(observed, against: contract, source: plan.source, policy: schemaOptions.policy,
                                  duration: response.timings.total, slowAfter: slowAfter)
            explainUnfollowedRedirect(in: &result, status: response.status)
            return (result, transferRecord(of: response, attempts: outcome.attempts, result: result))
        case .failure(let error):
            if let cutOff = outcome.cutOff { return evaluateCutOff(cutOff, outcome: outcome, contract: contract, plan: plan) }
            // The description names the real URL; show the redacted one.
            let explanation = error.description.replacing(plan.request.url, with: plan.displayURL)
                + (outcome.attempts > 1 ? " (after \(outcome.attempts) attempts)" : "")
            let finding = DriftFinding(kind: .transportError, pointer: "", severity: .breaking,
                                       expected: "an answer from \(plan.displayURL)", actual: explanation, keyword: error.name)
            let result = ContractResult(contract: contract.name, file: contract.file, source: plan.source, valid: false,
                                        findings: [finding], contractLocation: contract.responseLocation)
            return (result, TransferRecord(timings: RequestTimings(), attempts: outcome.attempts))
        }
    }
}
