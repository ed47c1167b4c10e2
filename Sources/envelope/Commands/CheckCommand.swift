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
            shared connections; results are reported in contract order.
            """,
        options: [
            .value("--contracts", valueName: "dir", help: "Folder of contract files.", default: "Contracts"),
            .value("--mocks", valueName: "dir", help: "Folder of mocks (mappings/ and __files/) to serve.", default: "Mocks"),
            .value("--env", short: "-e", valueName: "name", help: "Check against this environment of the project file."),
            .value("--config", valueName: "file", help: "The project file with the environments.", default: "envelope.json"),
            .value("--base-url", valueName: "url", help: "Check against this server instead of the mocks (overrides the environment's)."),
            .value("--format", valueName: "format", help: "Report format: text, json, junit, github, markdown.", default: "text", allowed: ReportOutput.formats),
            .value("--output", short: "-o", valueName: "file", help: "Write the report to this file."),
            .value("--fail-on", valueName: "level", help: "Exit 1 on findings at or above: breaking, warning, never.", default: "breaking",
                   allowed: FailLevel.allCases.map(\.rawValue)),
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
            .flag("--compare-mocks", help: "Also compare each live answer's structure with its recorded mock and report stale mocks."),
        ] + SchemaOptions.specs
    )

    let contractsDirectory: String
    let mocksDirectory: String
    let environmentName: String?
    let configPath: String
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

    init(parsed: ParsedArguments) throws(CLIError) {
        contractsDirectory = parsed.value("--contracts") ?? "Contracts"
        mocksDirectory = parsed.value("--mocks") ?? "Mocks"
        environmentName = parsed.value("--env")
        configPath = parsed.value("--config") ?? "envelope.json"
        baseURL = parsed.value("--base-url")
        if let baseURL, !(baseURL.hasPrefix("http://") || baseURL.hasPrefix("https://")) {
            throw .invalidValue(option: "--base-url", value: baseURL, expected: "an http:// or https:// URL", suggestion: nil)
        }
        output = ReportOutput(format: parsed.value("--format") ?? "text", outputPath: parsed.value("--output"))
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
        if compareMocks && environmentName == nil && baseURL == nil {
            throw .usage("--compare-mocks compares live answers with the mocks; give --env NAME or --base-url URL.")
        }
    }

    func run() throws -> Int32 {
        // libcurl is opened on first use (see CurlLibrary): open it on another core now, while
        // the contracts load.
        CurlLibrary.loadInBackground()
        var config: ProjectConfig?
        do {
            config = environmentName != nil ? try ProjectConfig.load(path: configPath) : try ProjectConfig.loadIfPresent(path: configPath)
        } catch {
            Terminal.writeStandardError(error.description + "\n")
            return 2
        }
        var loadOptions = schemaOptions.load
        loadOptions.mappings += config?.referenceMappings ?? []
        // Without a server to talk to, the mocks are served in process: their mappings load
        // along with the contracts, on every core.
        let (set, mappings) = try loadContracts(options: loadOptions, withMocks: baseURL == nil && environmentName == nil)
        if !set.errors.isEmpty {
            Terminal.writeStandardError(set.errorText(directory: contractsDirectory) + "\n")
            return 2
        }
        var environment: ProjectConfig.Environment?
        if let environmentName, let config {
            environment = try config.environment(named: environmentName, file: configPath)
        }
        let contracts = try select(set.httpContracts, environment: environment)
        if let caCertificateFile, !FileManager.default.isReadableFile(atPath: caCertificateFile) {
            throw CommandFailure.badInput("--cacert: no readable file \(caCertificateFile) (expected a PEM file of CA certificates)")
        }

        // Plan every request before sending any, so a missing variable stops the run at once.
        let expander = TemplateExpander(environment: ProcessInfo.processInfo.environment)
        var server: MockServer?
        var affinity: ThreadAffinity?
        var placement: [LanePlacement] = []
        let lanes = transferLanes(requests: contracts.count)
        defer {
            server?.stop()
            affinity?.restore()
        }
        let target: Target
        if let baseURL {
            target = Target(baseURL: baseURL, headers: environment?.headers ?? [], origin: environment.map { "environment \($0.name) (\(configPath))" })
        } else if let environment {
            target = Target(baseURL: environment.baseURL, headers: environment.headers, origin: "environment \(environment.name) (\(configPath))")
        } else {
            let cores = laneCores(lanes: lanes)
            let mock = try makeMockServer(mappings: mappings ?? Result { () throws(MockLoadError) in try MockMappings.load(directory: mocksDirectory) },
                                          lanes: lanes, cores: cores)
            try startMockServer(mock)
            server = mock
            let sockets = mock.localSocketPaths
            #if canImport(Glibc)
            InterruptCleanup.removeOnInterrupt(socketPaths: sockets)
            #endif
            let drivers = mock.loopDrivers
            if drivers.count == lanes {
                // Each lane sends through its own loop's socket and runs that loop itself
                // between libcurl's steps; on a core of its own where there are enough.
                placement = drivers.enumerated().map { lane, driver in
                    LanePlacement(core: cores.isEmpty ? nil : cores[lane], localSocketPath: driver.localSocketPath, work: driver)
                }
            } else {
                // Loops on threads (where they cannot be driven): each lane on the core of the
                // loop it talks to; sequential requests keep client and server on one core
                // (the server's thread inherits the mask when it starts).
                if jobs == 1 { affinity = ThreadAffinity.keepOnCurrentCore() }
                if !cores.isEmpty, sockets.count == cores.count {
                    placement = zip(cores, sockets).map { LanePlacement(core: $0, localSocketPath: $1) }
                }
            }
            target = Target(baseURL: mock.baseURL, headers: [], origin: nil, localSocketPath: sockets.first)
        }
        // Planned on every core (a thousand plans took 10 M instructions on one, while the
        // other waited); the first contract in order that cannot be planned is reported.
        let planned = ParallelMap.map(contracts) { contract in
            Result { () throws(CommandFailure) in try plan(contract, target: target, expander: expander) }
        }
        let plans = try planned.map { result throws(CommandFailure) in try result.get() }
        let redactor = Redactor(secrets: plans.flatMap(\.secrets))
        if insecure {
            Terminal.writeStandardError("warning: --insecure: TLS certificates are not verified, so anyone on the network path could read or change these answers. Use --cacert FILE to trust a test server's certificate instead.\n")
        }

        // Large answers are validated on the other cores while libcurl fetches the next ones;
        // small ones at once, as waking another thread costs about as much as validating them.
        let evaluations = BackgroundMap<Evaluation>(count: contracts.count, maxPending: 4 * Cores.available)
        let tally = TransferTally(total: contracts.count, keepsBodies: compareMocks)
        HTTPMultiClient.run(plans.map(\.request), lanes: lanes, maxConcurrent: jobs,
                            retry: RetryPolicy(retries: retries, baseDelay: retryDelay), placement: placement) { [self] index, outcome in
            // The contract and its plan are read from their arrays where they are used: copies
            // of them retained every field, a thousand times.
            if outcome.bodyByteCount < Self.inlineValidationLimit {
                evaluations.store(evaluate(outcome, contract: contracts[index], plan: plans[index]), at: index)
            } else {
                evaluations.submit(at: index) { evaluate(outcome, contract: contracts[index], plan: plans[index]) }
            }
            tally.finished(index, name: contracts[index].name, outcome: outcome)
        }
        tally.progress.finish()
        // Every answer is in: the mock winds down on its thread while the report is written
        // (stopping it after the report took 0.7 ms on the main thread).
        server?.beginStop()
        let liveBodies = tally.liveBodies
        let evaluated = evaluations.results()
        let results = evaluated.map { $0?.result }
        let transfers = evaluated.map { $0?.transfer }

        let report = redactor.redact(Report(results: results.compactMap { $0 }, failOn: failOn, transfers: transfers,
                                            contractsDirectory: contractsDirectory))
        try output.write(report)
        KeptUntilExit.keep((set, plans, evaluated, server as Any))
        if compareMocks { return reportStaleMocks(contracts, liveBodies: liveBodies, redactor: redactor, exitCode: report.exitCode) }
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

    /// A server, not yet started, for `mappings`, that will serve them on a free loopback
    /// port, and on a Unix socket as well when requests through it would meet what TCP gives
    /// them (``localSocketIsEquivalent(for:followingRedirects:)``). With the Unix socket it has
    /// an event loop for each of the `lanes` transfer lanes, each with its own socket
    /// (``MockServer/localSocketPaths``), which that lane runs itself
    /// (``MockServer/loopDrivers``); where loops cannot be driven they run on threads, on
    /// `cores` (one a lane) when given.
    func makeMockServer(mappings loaded: Result<MockMappings, MockLoadError>, lanes: Int = 1, cores: [Int] = []) throws -> MockServer {
        let mappings: MockMappings
        do {
            mappings = try loaded.get()
        } catch {
            throw MockLoadFailure(error: error)
        }
        let local = Self.localSocketIsEquivalent(for: mappings.stubs, followingRedirects: maxRedirects > 0)
        // Over TCP the kernel picks the loop a connection goes to: a loop per lane needs the
        // sockets. No request journal: check reads none, and keeping one copied every request.
        return MockServer(mappings: mappings, options: MockServerOptions(
            host: "127.0.0.1", port: 0, workers: local ? lanes : nil, journalCapacity: 0, listensOnLocalSocket: local,
            localSocketPerLoop: local, loopCores: local ? cores : [], loopsDrivenByCaller: local))
    }

    /// The cores to keep the transfer lanes on, one each, each lane with the in-process mock's
    /// event loop it runs (see ``ThreadAffinity``); none for one lane or when the process may
    /// use fewer cores.
    func laneCores(lanes: Int) -> [Int] {
        guard jobs > 1, lanes > 1 else { return [] }
        let cores = ThreadAffinity.allowedCores()
        return cores.count >= lanes ? Array(cores.prefix(lanes)) : []
    }

    /// Starts `mock` on a free loopback port (and its Unix socket, when it has one). On the
    /// main thread: the socket's removal on Ctrl-C is set up there as soon as it exists.
    func startMockServer(_ mock: MockServer) throws {
        do {
            try mock.start()
        } catch {
            throw CommandFailure.transport("cannot start the mock server: \(error)")
        }
    }

    /// Whether requests to the in-process mock may go through its Unix socket and still meet
    /// exactly what they would over TCP. The socket skips the loopback TCP stack (a quarter of
    /// a 1,000-contract run's time went to it), but libcurl sends every hop of a redirect
    /// through it, and a Unix socket closed with unread data reports no reset. So: not when a
    /// followed `Location` could leave the mock, nor when a stub answers with a fault.
    static func localSocketIsEquivalent(for stubs: [StubMapping], followingRedirects: Bool) -> Bool {
        // By index, each stub's answer read in place (a copy of each stub retained all of it).
        stubs.indices.allSatisfy { index in
            guard stubs[index].response.fault == nil else { return false }
            guard followingRedirects else { return true }
            return stubs[index].response.headers.allSatisfy { header in
                !header.hasName("Location") || (header.value.hasPrefix("/") && !header.value.hasPrefix("//"))
            }
        }
    }

    /// On how many threads the transfers run: one per core, up to one per four jobs (each
    /// thread keeps its own connections) and one per 32 requests, at most four. One with
    /// `--jobs 1`, which keeps client and server on one core.
    func transferLanes(requests: Int) -> Int {
        max(1, min(Cores.available, jobs / 4, requests / 32, 4))
    }

    /// Answers smaller than this are validated on libcurl's thread as they arrive.
    static let inlineValidationLimit = 64 * 1024

    /// What one answer came to: its result, and what the transfer took.
    typealias Evaluation = (result: ContractResult, transfer: TransferRecord?)

    /// Validates one answer, or turns a transport failure into a `transport-error` finding.
    func evaluate(_ outcome: HTTPOutcome, contract: Contract, plan: PlannedRequest) -> Evaluation {
        switch outcome.result {
        case .success(let response):
            let observed = ObservedResponse(status: response.status, headers: response.headers.map { ($0.name, $0.value) }, body: response.body)
            let result = validate(observed, against: contract, source: plan.source, policy: schemaOptions.policy, duration: response.timings.total)
            // Keep the body only when the text report will quote it.
            let quoted = result.findings.contains { $0.severity == .breaking && $0.location != nil }
            let timings = response.timings
            let record = TransferRecord(
                timings: RequestTimings(dns: timings.dns, connect: timings.connect, tls: timings.tls, firstByte: timings.firstByte, total: timings.total),
                attempts: outcome.attempts, httpVersion: response.httpVersion, body: quoted ? response.body : nil)
            return (result, record)
        case .failure(let error):
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
