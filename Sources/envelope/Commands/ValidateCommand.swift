import EnvelopeCore
import Foundation

/// `envelope validate CONTRACT FILE...`: check saved answers offline, one result per file, in
/// one process. For a URL contract the arguments are URLs: `envelope validate
/// Contracts/deeplink-host.json 'abc://host?a1_b=1&a2=2'`.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check saved response bodies against a contract, offline.",
        discussion: """
            Each FILE is a response body (JSON). '-' reads one from standard input. Status and \
            header rules are not checked, since a saved body has neither. For a URL contract \
            (one with "url" instead of "request"/"response"), each argument is a URL, such as a \
            deep link: its scheme, host, path and query parameters are checked.
            """,
        options: [
        ] + ReportOutput.optionSpecs() + [
        ] + SchemaOptions.specs,
        arguments: [
            ArgumentSpec("contract", help: "The contract file."),
            ArgumentSpec("file", help: "Response body files; '-' reads standard input. URLs for a URL contract.", kind: .repeating),
        ]
    )

    let contractPath: String
    let files: [String]
    let output: ReportOutput
    let failOn: FailLevel
    let schemaOptions: SchemaOptions

    init(parsed: ParsedArguments) throws(CLIError) {
        contractPath = parsed.argument("contract").first ?? ""
        files = parsed.argument("file")
        guard !files.isEmpty else { throw .missingArgument("file") }
        output = ReportOutput(parsed: parsed)
        failOn = FailLevel(rawValue: parsed.value("--fail-on") ?? "breaking") ?? .breaking
        schemaOptions = try SchemaOptions(parsed: parsed)
    }

    func run() throws -> Int32 {
        // The project file's refMap applies here too, as it does for check.
        var loadOptions = schemaOptions.load
        do {
            loadOptions.mappings += try ProjectConfig.loadIfPresent(path: "envelope.json")?.referenceMappings ?? []
        } catch {
            return try reportLoadFailure([error.problem], errorText: error.description)
        }
        let directory = (contractPath as NSString).deletingLastPathComponent
        let name = (contractPath as NSString).lastPathComponent
        var errors: [ContractError] = []
        let reader = ProjectReader(directory: directory.isEmpty ? "." : directory)
        guard let contract = ContractSet.loadContract(file: name, reader: reader, options: loadOptions, collectingProblemsInto: &errors) else {
            let problems = errors.map { error in
                directory.isEmpty ? FileProblem(level: .error, file: error.file, location: error.location, message: error.message)
                    : FileProblem(contractError: error, directory: directory)
            }
            return try reportLoadFailure(problems, errorText: problems.map(\.description).joined(separator: "\n"))
        }
        var results: [ContractResult] = []
        if contract.url != nil {
            // A URL contract: each argument is a URL (a deep link), not a file.
            for url in files {
                results.append(EnvelopeCore.validate(url: url, against: contract, policy: schemaOptions.policy))
            }
            let report = Report(results: results, failOn: failOn, subject: .urls)
            try output.write(report)
            return report.exitCode
        }
        var transfers: [TransferRecord?] = []
        for file in files {
            let body: SharedBytes
            if file == "-" {
                body = SharedBytes(FileSystem.readStandardInput())
            } else {
                do {
                    body = try FileSystem.contents(of: file)
                } catch {
                    throw CommandFailure.badInput(error.description)
                }
            }
            let result = result(of: body, source: file == "-" ? "standard input" : file, against: contract)
            results.append(result)
            transfers.append(quotedBody(body, of: result))
        }
        let report = Report(results: results, failOn: failOn, transfers: transfers, subject: .answers)
        try output.write(report)
        return report.exitCode
    }

    /// Ends a run whose contract (or project file) did not load: its problems on standard
    /// error as a compiler prints them, and the report in the chosen format with them. Exit 2.
    func reportLoadFailure(_ problems: [FileProblem], errorText: String) throws(CommandFailure) -> Int32 {
        Terminal.writeStandardError(errorText + "\n")
        var report = Report(results: [], failOn: failOn, subject: .answers)
        report.problems = problems
        var output = output
        output.problemsOnStandardError = true
        try output.write(report)
        return report.exitCode
    }

    /// The body kept for the HTML report, which quotes the lines around each finding's place
    /// as check's reports do; `nil` for other formats (their output stays as it was) and for
    /// a result with no place to quote.
    func quotedBody(_ body: SharedBytes, of result: ContractResult) -> TransferRecord? {
        guard output.format == "html", result.findings.contains(where: { $0.location != nil }) else { return nil }
        return TransferRecord(timings: RequestTimings(), body: body.bytes)
    }

    /// One saved body's result: no status or headers to check, only the body.
    func result(of body: SharedBytes, source: String, against contract: Contract) -> ContractResult {
        EnvelopeCore.validate(ObservedResponse(status: nil, body: body), against: contract, source: source, policy: schemaOptions.policy)
    }
}
