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
            first: unknown keys, bad schemas, $refs that lead nowhere, body files that are \
            missing (errors, exit 2). Mappings that no contract's request reaches and contracts \
            that no mapping answers are warnings. The mock that answers each contract is then \
            validated against it, and its drift reported (exit 1 at or above --fail-on).
            """,
        options: [
            .value("--contracts", valueName: "dir", help: "Folder of contract files.", default: "Contracts"),
            .value("--mocks", valueName: "dir", help: "Folder of mocks (mappings/ and __files/).", default: "Mocks"),
            .value("--fail-on", valueName: "level", help: "Exit 1 on drift or warnings at or above: breaking, warning, never.", default: "breaking",
                   allowed: FailLevel.allCases.map(\.rawValue)),
        ]
    )

    let contractsDirectory: String
    let mocksDirectory: String
    let failOn: FailLevel

    init(parsed: ParsedArguments) throws(CLIError) {
        contractsDirectory = parsed.value("--contracts") ?? "Contracts"
        mocksDirectory = parsed.value("--mocks") ?? "Mocks"
        failOn = FailLevel(rawValue: parsed.value("--fail-on") ?? "breaking") ?? .breaking
    }

    func run() throws -> Int32 {
        var problems: [LintProblem] = []
        var options = ContractLoadOptions()
        do {
            options.mappings += try ProjectConfig.loadIfPresent(path: "envelope.json")?.referenceMappings ?? []
        } catch {
            problems.append(LintProblem(level: .error, file: "envelope.json", message: error.description))
        }
        let set = try ContractSet.load(directory: contractsDirectory, options: options)
        for error in set.errors {
            problems.append(LintProblem(level: .error, file: FileSystem.join(contractsDirectory, error.file), location: error.location, message: error.message))
        }
        let catalog = MockCatalog.load(directory: mocksDirectory)
        problems += catalog.problems
        if !catalog.exists {
            problems.append(LintProblem(level: .warning, file: mocksDirectory, message: "no mappings/ folder here, so no contract has a mock; record some with envelope record"))
        }

        // Which stub answers each contract, and which stubs no contract reaches.
        var answered: [(Contract, StubMapping)] = []
        if catalog.exists {
            for contract in set.httpContracts {
                if let stub = catalog.stub(for: contract) {
                    answered.append((contract, stub))
                } else {
                    problems.append(LintProblem(level: .warning, file: FileSystem.join(contractsDirectory, contract.file), location: contract.responseLocation,
                                                message: "no mock answers \(contract.request.method) \(contract.request.target); record one with envelope record --only \(contract.name)"))
                }
            }
            let requests = set.httpContracts.map(MockCatalog.request(for:))
            for stub in catalog.unreached(by: requests).map({ catalog.stubs[$0] }) {
                problems.append(LintProblem(level: .warning, file: stub.source.file, location: stub.source.location,
                                            message: "mapping '\(stub.displayName)' is not reached by any contract's request; write a contract for it, or remove it"))
            }
        }

        let errors = problems.filter { $0.level == .error }
        let warnings = problems.filter { $0.level == .warning }
        for problem in errors + warnings { Terminal.writeStandardOutput(problem.description + "\n") }
        if !problems.isEmpty { Terminal.writeStandardOutput("\n") }

        // Each mock answer against its contract.
        var results: [ContractResult] = []
        for (contract, stub) in answered where stub.response.fault == nil {
            let observed = ObservedResponse(status: stub.response.status, headers: stub.response.headers.map { ($0.name, $0.value) }, body: stub.response.body)
            results.append(validate(observed, against: contract, source: "mock \(stub.source.file)"))
        }
        let report = Report(results: results, failOn: failOn, contractsDirectory: contractsDirectory)
        if !results.isEmpty {
            Terminal.writeStandardOutput(TextReporter(useColor: Terminal.wantsColor(fileDescriptor: STDOUT_FILENO)).render(report))
        }
        let drifted = results.filter { !$0.findings.isEmpty }.count
        let contractCount = set.contracts.count + set.errors.count
        Terminal.writeStandardOutput("lint: \(contractCount) contract\(contractCount == 1 ? "" : "s"), \(catalog.stubs.count) mapping\(catalog.stubs.count == 1 ? "" : "s"): "
            + "\(errors.count) error\(errors.count == 1 ? "" : "s"), \(warnings.count) warning\(warnings.count == 1 ? "" : "s"), "
            + "\(drifted) mock\(drifted == 1 ? "" : "s") with drift\n")
        if !errors.isEmpty { return 2 }
        if report.exitCode == 1 { return 1 }
        return failOn == .warning && !warnings.isEmpty ? 1 : 0
    }
}
