import EnvelopeCore
import EnvelopeHTTP
import EnvelopeMock
import Foundation

/// `envelope check`: fetch every contract's request (from the in-process mock server unless
/// `--base-url` is given), validate the answers and report drift.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Fetch every contract's request, validate the answers, report drift.",
        discussion: """
            Without --base-url the bundled mocks are served on a free loopback port in this \
            process and every contract is checked against them. With --base-url the requests go \
            to that server instead (a live or staging API).
            """,
        options: [
            .value("--contracts", valueName: "dir", help: "Folder of contract files.", default: "Contracts"),
            .value("--mocks", valueName: "dir", help: "Folder of mocks (mappings/ and __files/) to serve.", default: "Mocks"),
            .value("--base-url", valueName: "url", help: "Check against this server instead of the mocks."),
            .value("--format", valueName: "format", help: "Report format: text, json, junit.", default: "text", allowed: ReportOutput.formats),
            .value("--output", short: "-o", valueName: "file", help: "Write the report to this file."),
            .value("--fail-on", valueName: "level", help: "Exit 1 on findings at or above: breaking, warning, never.", default: "breaking",
                   allowed: FailLevel.allCases.map(\.rawValue)),
            .repeatable("--only", valueName: "name", help: "Check only this contract; repeat for more."),
            .value("--timeout", valueName: "seconds", help: "Give up on an answer after this long.", default: "30"),
            .value("--connect-timeout", valueName: "seconds", help: "Give up connecting after this long.", default: "10"),
        ]
    )

    let contractsDirectory: String
    let mocksDirectory: String
    let baseURL: String?
    let output: ReportOutput
    let failOn: FailLevel
    let only: [String]
    let timeout: Double
    let connectTimeout: Double

    init(parsed: ParsedArguments) throws(CLIError) {
        contractsDirectory = parsed.value("--contracts") ?? "Contracts"
        mocksDirectory = parsed.value("--mocks") ?? "Mocks"
        baseURL = parsed.value("--base-url")
        if let baseURL, !(baseURL.hasPrefix("http://") || baseURL.hasPrefix("https://")) {
            throw .invalidValue(option: "--base-url", value: baseURL, expected: "an http:// or https:// URL", suggestion: nil)
        }
        output = ReportOutput(format: parsed.value("--format") ?? "text", outputPath: parsed.value("--output"))
        failOn = FailLevel(rawValue: parsed.value("--fail-on") ?? "breaking") ?? .breaking
        only = parsed.values("--only")
        timeout = try parsed.number("--timeout", in: 0.001...86_400) ?? 30
        connectTimeout = try parsed.number("--connect-timeout", in: 0.001...86_400) ?? 10
    }

    func run() throws -> Int32 {
        let set = try ContractSet.load(directory: contractsDirectory)
        if !set.errors.isEmpty {
            Terminal.writeStandardError(set.errorText(directory: contractsDirectory) + "\n")
            return 2
        }
        var contracts = set.contracts
        if !only.isEmpty {
            let known = Set(contracts.map(\.name))
            for name in only where !known.contains(name) {
                let suggestion = EditDistance.suggestion(for: name, among: Array(known)).map { " Did you mean '\($0)'?" } ?? ""
                throw CommandFailure.badInput("no contract named '\(name)' in \(contractsDirectory).\(suggestion)")
            }
            contracts = contracts.filter { only.contains($0.name) }
        }
        guard !contracts.isEmpty else {
            throw CommandFailure.badInput("no contracts in \(contractsDirectory) (contract files are *.json directly in that folder)")
        }

        var server: MockServer?
        let base: String
        if let baseURL {
            base = baseURL
        } else {
            let mappings: MockMappings
            do {
                mappings = try MockMappings.load(directory: mocksDirectory)
            } catch {
                throw CommandFailure.badInput("\(error)")
            }
            let mock = MockServer(mappings: mappings, host: "127.0.0.1", port: 0)
            do {
                try mock.start()
            } catch {
                throw CommandFailure.transport("cannot start the mock server: \(error)")
            }
            server = mock
            base = mock.baseURL
        }
        defer { server?.stop() }

        let client = HTTPClient()
        let expander = TemplateExpander(environment: ProcessInfo.processInfo.environment)
        var results: [ContractResult] = []
        for contract in contracts {
            results.append(try check(contract, base: base, client: client, expander: expander))
        }
        try output.write(Report(results: results, failOn: failOn))
        return Report(results: results, failOn: failOn).exitCode
    }

    /// Sends one contract's request and validates the answer.
    func check(_ contract: Contract, base: String, client: HTTPClient, expander: TemplateExpander) throws(CommandFailure) -> ContractResult {
        let trimmedBase = base.hasSuffix("/") ? String(base.dropLast()) : base
        let url = trimmedBase + contract.request.target
        let source = "\(contract.request.method) \(url)"
        var headers: [EnvelopeHTTP.HTTPHeader] = []
        for header in contract.request.headers {
            do throws(TemplateExpander.MissingVariable) {
                headers.append(EnvelopeHTTP.HTTPHeader(name: header.name, value: try expander.expand(header.value)))
            } catch {
                throw .badInput("contract \(contract.name) (\(FileSystem.join(contractsDirectory, contract.file))): header \(header.name) uses ${\(error.name)}, which is not set in the environment")
            }
        }
        let body = contract.request.body.map { Array($0.serialized().utf8) }
        if body != nil, !headers.contains(where: { $0.name.lowercased() == "content-type" }) {
            headers.append(EnvelopeHTTP.HTTPHeader(name: "Content-Type", value: "application/json"))
        }
        let request = HTTPRequest(method: contract.request.method, url: url, headers: headers, body: body,
                                  connectTimeout: connectTimeout, timeout: timeout)
        do throws(TransportError) {
            let response = try client.send(request)
            let observed = ObservedResponse(status: response.status, headers: response.headers.map { ($0.name, $0.value) }, body: response.body)
            return validate(observed, against: contract, source: source, duration: response.timings.total)
        } catch {
            let finding = DriftFinding(kind: .transportError, pointer: "", severity: .breaking,
                                       expected: "an answer from \(url)", actual: error.description, keyword: error.name)
            return ContractResult(contract: contract.name, file: contract.file, source: source, valid: false,
                                  findings: [finding], contractLocation: contract.responseLocation)
        }
    }
}
