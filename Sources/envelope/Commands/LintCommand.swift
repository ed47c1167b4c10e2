import EnvelopeCore
import EnvelopeMock
import Foundation

/// `envelope lint`: check the contracts and mocks themselves, and every mock against its
/// contract.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check contracts and mocks themselves, and that each mock meets its contract.",
        discussion: """
            Every contract and mapping file is loaded and every problem is listed, not just the \
            first: unknown keys, fields of the wrong type, bad schema keywords, $refs that lead \
            nowhere, body files that are missing (errors, exit 2). Mappings that no contract's \
            request reaches and contracts that no mapping answers are warnings. The mock that \
            answers each contract is then validated against it, and its drift reported (exit 1 \
            at or above --fail-on). --format json, junit, github, markdown and html carry the problems \
            as well as the drift.

            OpenAPI documents are linted too: those given as arguments (then only they are),             and those the contracts name in "openapi". A $ref the operations need that leads             nowhere, an answer schema that does not load and an example that breaks its schema             are errors; an operation without a JSON answer is a warning.
            """,
        options: [
            .value("--contracts", valueName: "dir", help: "Folder of contract files.", default: "Contracts"),
            .value("--mocks", valueName: "dir", help: "Folder of mocks (mappings/ and __files/).", default: "Mocks"),
            .value("--config", valueName: "file", help: "The project file (its refMap, and the environments the record advice names).", default: "envelope.json"),
        ] + ReportOutput.optionSpecs(failingOn: "drift or warnings") + [
        ],
        arguments: [ArgumentSpec("openapi", help: "OpenAPI documents to lint instead of the project, e.g. openapi.yaml.", kind: .repeating)]
    )

    let contractsDirectory: String
    let mocksDirectory: String
    /// The project file lint reads (for `refMap`, and for the environments its advice names).
    let configPath: String
    /// Whether `--config` was given: then a missing file is an error, not "no project file".
    let configGiven: Bool
    let output: ReportOutput
    let failOn: FailLevel
    /// The OpenAPI documents given: then only they are linted.
    let documents: [String]

    init(parsed: ParsedArguments) throws(CLIError) {
        documents = parsed.argument("openapi")
        contractsDirectory = parsed.value("--contracts") ?? "Contracts"
        mocksDirectory = parsed.value("--mocks") ?? "Mocks"
        configPath = parsed.value("--config") ?? "envelope.json"
        configGiven = parsed.isSpecified("--config")
        output = ReportOutput(parsed: parsed)
        failOn = FailLevel(rawValue: parsed.value("--fail-on") ?? "breaking") ?? .breaking
    }

    func run() throws -> Int32 {
        if !documents.isEmpty { return try lintDocuments() }
        var problems: [FileProblem] = []
        var options = ContractLoadOptions()
        var config: ProjectConfig?
        do {
            config = try ProjectConfig.load(path: configPath, needed: false, given: configGiven)
            options.mappings += config?.referenceMappings ?? []
        } catch {
            problems.append(error.problem)
        }
        let set = try ContractSet.load(directory: contractsDirectory, options: options, projectFile: configGiven ? configPath : nil)
        problems += set.problems(directory: contractsDirectory)
        let named = openAPIDocuments(of: set.contracts)
        for document in named { problems += openAPIProblems(document) }
        // Templates are checked like every other key (a stub with "transformers", or every
        // stub when envelope.json's "mocks" asks for global templating).
        let catalog = MockCatalog.load(directory: mocksDirectory, globalTemplating: config?.mockGlobalTemplating ?? false)
        problems += catalog.problems
        let advice = RecordAdvice(config: config, configPath: configPath, contractsDirectory: contractsDirectory, mocksDirectory: mocksDirectory)
        if !catalog.exists {
            problems.append(FileProblem(level: .warning, file: mocksDirectory, message: "no mappings/ folder here, so no contract has a mock; " + advice.forAll()))
        }

        // Which stub answers each contract, and which stubs no contract reaches.
        var answered: [(Contract, StubMapping)] = []
        if catalog.exists {
            for contract in set.httpContracts {
                if let stub = catalog.stub(for: contract) {
                    answered.append((contract, stub))
                } else {
                    problems.append(FileProblem(level: .warning, file: FileSystem.join(contractsDirectory, contract.file), location: contract.responseLocation,
                                                message: "no mock answers \(contract.request.method) \(contract.request.target); " + advice.forContract(contract)))
                }
            }
            // A contract that did not load may be the one that reaches a mapping: say so.
            let requests = set.httpContracts.map(MockCatalog.request(for:))
            let reachers = set.errors.isEmpty ? "any contract's request" : "the request of any contract that loaded"
            for stub in catalog.unreached(by: requests).map({ catalog.stubs[$0] }) {
                problems.append(FileProblem(level: .warning, file: stub.source.file, location: stub.source.location,
                                            message: "mapping '\(stub.displayName)' is not reached by \(reachers); write a contract for it, or remove it"))
            }
        }

        // Each mock answer against its contract.
        var results: [ContractResult] = []
        // A proxyBaseUrl stub has no answer of its own to validate: the upstream's is checked live.
        let bodyFiles = MockFolder.bodyFiles(of: mocksDirectory)
        for (contract, stub) in answered where stub.response.fault == nil && stub.response.proxy == nil {
            // A templated stub is checked as it answers the contract's request.
            let response = stub.response(for: MockCatalog.request(for: contract), bodyFiles: bodyFiles)
            let observed = ObservedResponse(status: response.status, headers: response.headers.map { ($0.name, $0.value) }, body: response.body)
            results.append(validate(observed, against: contract, source: "mock \(stub.source.file)"))
        }
        var report = Report(results: results, failOn: failOn, contractsDirectory: contractsDirectory)
        // Errors first, then warnings, each in load order.
        report.problems = problems.filter { $0.level == .error } + problems.filter { $0.level == .warning }
        let contractCount = set.contracts.count + set.failedFiles.count
        try output.write(report) { useColor, _ in
            text(of: report, contracts: contractCount, mappings: catalog.stubs.count, documents: named.count, useColor: useColor)
        }
        return report.exitCode
    }

    /// `envelope lint openapi.yaml ...`: the documents alone.
    func lintDocuments() throws -> Int32 {
        let problems = documents.flatMap(openAPIProblems)
        var report = Report(results: [], failOn: failOn, contractsDirectory: contractsDirectory)
        report.problems = problems.filter { $0.level == .error } + problems.filter { $0.level == .warning }
        try output.write(report) { useColor, _ in
            let errors = report.loadErrors.count, warnings = report.fileWarnings.count
            let noun = documents.count == 1 ? "OpenAPI document" : "OpenAPI documents"
            return report.problems.map { $0.description + "\n" }.joined() + (report.problems.isEmpty ? "" : "\n")
                + "lint: \(documents.count) \(noun): \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")\n"
        }
        return report.exitCode
    }

    /// The text report: every problem as `file:line:column: level: message`, the mocks'
    /// drift, and a line of counts.
    func text(of report: Report, contracts: Int, mappings: Int, documents: Int = 0, useColor: Bool) -> String {
        var out = report.problems.map { $0.description + "\n" }.joined()
        if !report.problems.isEmpty { out += "\n" }
        if !report.results.isEmpty {
            var drift = report
            drift.problems = []
            out += TextReporter(useColor: useColor).render(drift)
        }
        let errors = report.loadErrors.count, warnings = report.fileWarnings.count
        let drifted = report.results.filter { !$0.findings.isEmpty }.count
        out += "lint: \(contracts) contract\(contracts == 1 ? "" : "s"), \(mappings) mapping\(mappings == 1 ? "" : "s")"
            + (documents == 0 ? "" : ", \(documents) OpenAPI document\(documents == 1 ? "" : "s")") + ": "
            + "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s"), "
            + "\(drifted) mock\(drifted == 1 ? "" : "s") with drift\n"
        return out
    }
}
