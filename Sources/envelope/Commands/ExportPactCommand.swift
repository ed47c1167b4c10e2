import EnvelopeCore
import EnvelopeMock
import Foundation

/// `envelope export pact`: one HTTP interaction per contract, its response the mock that
/// answers the contract's request, its matching rules what the contract's schema says; what
/// Pact cannot say is listed on standard error.
struct ExportPactCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pact",
        abstract: "Write a pact file: an interaction per contract, answered by its mock.",
        discussion: """
            Each contract becomes an HTTP interaction named after it: the contract's request, \
            and the answer of the mock that answers that request (its status, the headers the \
            contract checks, its body as the example). The matching rules say what the \
            contract's body schema says: types (integer, number, boolean, null), pattern as \
            regex, minItems/maxItems as min/max, enums of strings as a regex, maps as values, \
            nullable types as an OR with null. What Pact cannot say (minimum, oneOf with other \
            shapes, optional and required keys, additionalProperties false, ...) is listed on \
            standard error, contract by contract and place by place.

            The file is written atomically; an existing one is kept without --force. Exit codes: \
            0 written; 1 written, but a contract had no mock to answer it and was left out; 2 \
            a contract or mock that does not load, or the file exists.
              envelope export pact --consumer app --provider api --output pacts/app-api.json
            """,
        options: [
            .value("--consumer", valueName: "name", help: "The consumer's name in the pact (the app)."),
            .value("--provider", valueName: "name", help: "The provider's name in the pact (the API)."),
            .value("--contracts", valueName: "dir", help: "Folder of contract files.", default: "Contracts"),
            .value("--mocks", valueName: "dir", help: "Folder of mocks (mappings/ and __files/) whose answers become the examples.", default: "Mocks"),
            .value("--pact-version", valueName: "n", help: "The pact specification to write: 3 or 4.", default: "3", allowed: ["3", "4"]),
            .value("--output", short: "-o", valueName: "file", help: "The pact file to write."),
            .flag("--force", help: "Overwrite the output file if it exists."),
        ]
    )

    let consumer: String
    let provider: String
    let contractsDirectory: String
    let mocksDirectory: String
    let version: Int
    let outputPath: String
    let force: Bool

    init(parsed: ParsedArguments) throws(CLIError) {
        guard let consumer = parsed.value("--consumer"), !consumer.isEmpty else { throw .usage("give the consumer's name with --consumer NAME (the app that calls the API).") }
        guard let provider = parsed.value("--provider"), !provider.isEmpty else { throw .usage("give the provider's name with --provider NAME (the API).") }
        guard let outputPath = parsed.value("--output") else { throw .usage("give the pact file to write with --output FILE.") }
        self.consumer = consumer
        self.provider = provider
        self.outputPath = outputPath
        contractsDirectory = parsed.value("--contracts") ?? "Contracts"
        mocksDirectory = parsed.value("--mocks") ?? "Mocks"
        version = parsed.value("--pact-version") == "4" ? 4 : 3
        force = parsed.flag("--force")
    }

    func run() throws -> Int32 {
        if !force, FileManager.default.fileExists(atPath: outputPath) {
            throw CommandFailure.badInput("\(outputPath) exists; give --force to overwrite it, or another --output")
        }
        let set = try ContractSet.load(directory: contractsDirectory)
        let problems = set.problems(directory: contractsDirectory)
        if !problems.isEmpty {
            Terminal.writeStandardError(problems.map(\.description).joined(separator: "\n") + "\n")
            return 2
        }
        let catalog = MockCatalog.load(directory: mocksDirectory)
        if !catalog.problems.isEmpty {
            Terminal.writeStandardError(catalog.problems.map(\.description).joined(separator: "\n") + "\n")
            return 2
        }
        var export = PactExport(consumer: consumer, provider: provider, version: version)
        var unanswered: [String] = []
        for contract in set.httpContracts {
            guard let stub = catalog.stub(for: contract), stub.response.proxy == nil, stub.response.fault == nil else {
                unanswered.append(contract.name)
                continue
            }
            let answer = PactExport.Answer(status: stub.response.status, headers: stub.response.headers.map { ($0.name, $0.value) }, body: stub.response.body)
            export.add(contract, answer: answer)
        }
        do {
            try FileSystem.write(bytes: Array((SchemaPrinter.print(export.file) + "\n").utf8), to: outputPath)
        } catch {
            throw CommandFailure.badInput(error.description)
        }
        Terminal.writeStandardError(report(export, unanswered: unanswered))
        return unanswered.isEmpty ? 0 : 1
    }

    /// What Pact cannot say, contract by contract, then the contracts left out and the summary.
    func report(_ export: PactExport, unanswered: [String]) -> String {
        var text = ""
        var current = ""
        for note in export.notes {
            if note.contract != current {
                current = note.contract
                text += "\(current): Pact cannot say all the contract says (envelope check still does)\n"
            }
            text += "  \(note.place.isEmpty ? "(body)" : note.place)  \(note.message)\n"
        }
        for name in unanswered {
            text += "\(name): no mock answers its request (or the mock is a proxy or a fault); left out of the pact\n"
        }
        let count = export.interactions.count
        text += "wrote \(outputPath): \(count) interaction\(count == 1 ? "" : "s") (pact specification \(version)), "
            + "\(export.notes.count) note\(export.notes.count == 1 ? "" : "s")"
            + (unanswered.isEmpty ? "" : ", \(unanswered.count) contract\(unanswered.count == 1 ? "" : "s") left out") + "\n"
        return text
    }
}
