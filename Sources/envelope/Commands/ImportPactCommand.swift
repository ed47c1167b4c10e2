import EnvelopeCore
import Foundation

/// `envelope import pact FILE...`: a contract and a mock per HTTP interaction of pact files
/// (specification V2, V3, V4), keeping Pact's matching semantics in the contract's schema.
struct ImportPactCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pact",
        abstract: "Write a contract and a mock per HTTP interaction of pact files (V2, V3, V4).",
        discussion: """
            Each HTTP interaction becomes Contracts/NAME.json and Mocks/mappings/NAME.json, NAME \
            made from its description. The contract's body schema keeps Pact's semantics: a \
            value no matching rule reaches must equal the example; objects may carry extra keys \
            (unknown-key warnings); each matching rule becomes its schema (see docs/pact.md). \
            Header and query rules go to the mock's request matchers and the contract's header \
            checks; generators become response templates. Interactions that send the same request \
            under different provider states are told apart by the request header \
            X-Pact-Provider-State, which their contracts send; the first is also served without it.

            Message and plugin interactions, and requests whose body is not JSON, are not \
            imported: each is named on standard error, as is what an imported interaction loses \
            (a generator the mock cannot honour, a rule the schema cannot say). Existing files are never replaced \
            without --force; each file is written whole or not at all. Exit codes: 0 every \
            interaction imported; 1 one not imported, or a file kept that would have changed; \
            2 a file that cannot be read as a pact (file:line:column).
              envelope import pact pacts/ShopApp-OrderService.json
              envelope check
            """,
        options: [
            .value("--contracts", valueName: "dir", help: "Folder to write contracts to.", default: "Contracts"),
            .value("--mocks", valueName: "dir", help: "Folder to write mocks to (mappings/).", default: "Mocks"),
            .flag("--force", help: "Replace contracts and mocks that exist."),
        ],
        arguments: [ArgumentSpec("file", help: "A pact file (JSON); give several to import them together.", kind: .repeating)]
    )

    let files: [String]
    let contractsDirectory: String
    let mocksDirectory: String
    let force: Bool

    init(parsed: ParsedArguments) throws(CLIError) {
        files = parsed.argument("file")
        guard !files.isEmpty else { throw .missingArgument("file") }
        contractsDirectory = parsed.value("--contracts") ?? "Contracts"
        mocksDirectory = parsed.value("--mocks") ?? "Mocks"
        force = parsed.flag("--force")
    }

    func run() throws -> Int32 {
        var importer = PactImport()
        var warnings = ""
        for file in files {
            do {
                let bytes = try FileSystem.read(file)
                let (pact, diagnostics) = try PactReader.read(bytes, file: file)
                warnings += diagnostics.map { $0.description + "\n" }.joined()
                importer.add(pact, file: file)
            } catch let error as PactReadError {
                Terminal.writeStandardError(error.description + "\n")
                return 2
            } catch {
                Terminal.writeStandardError("\(file): error: cannot read: \(error)\n")
                return 2
            }
        }
        let plan = importer.plan()
        var writer = ImportWriter(contractsDirectory: contractsDirectory, mocksDirectory: mocksDirectory, force: force, dryRun: false)
        writer.atomic = true
        var out = ""
        var errors = warnings
        for entry in plan.entries {
            out += try writer.write(name: entry.name, contract: SchemaPrinter.print(entry.contract), mapping: SchemaPrinter.print(entry.mapping))
            errors += entry.notes.map { "\(entry.source): warning: \(entry.name): \($0)\n" }.joined()
        }
        errors += plan.notImported.map { "not imported: \($0)\n" }.joined()
        out += summary(plan, writer: writer)
        Terminal.writeStandardError(errors)
        Terminal.writeStandardOutput(out)
        return plan.notImported.isEmpty && writer.keptChanged == 0 ? 0 : 1
    }

    /// The closing line: `3 interactions: 2 contracts, 2 mocks, 1 not imported`.
    func summary(_ plan: PactImport.Plan, writer: ImportWriter) -> String {
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        var line = "\(count(plan.interactionCount, "interaction")): \(count(plan.entries.count, "contract")), \(count(plan.entries.count, "mock")), \(plan.notImported.count) not imported"
        if writer.kept > 0 { line += "; \(count(writer.kept, "file")) kept as they were" }
        return line + "\n"
    }
}
