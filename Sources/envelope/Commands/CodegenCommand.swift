import EnvelopeCore
import Foundation

/// `envelope codegen CONTRACT... [--output DIR]`: Swift `Codable` models for contracts.
struct CodegenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "codegen",
        abstract: "Write Swift Codable models for contracts.",
        discussion: """
            Property names are lowerCamelCase with CodingKeys for the wire names; a property is \
            optional exactly where the contract lets its key be absent or its value be null; an \
            envelope shared through $dynamicRef becomes one generic type (Root<T>), each contract \
            a typealias (HanyangMenuResponse = Root<MenuItem>); string enums are closed (String raw \
            values, a new value throws) unless the contract makes them open ("enums": "open"), \
            which adds an unknown(String) case; strings marked "contentMediaType": "text/html" are \
            decoded from HTML. Without --output the models are printed as one file:

              envelope codegen Contracts/naver-news.json
              envelope codegen Contracts/*.json --output Sources/Models
            """,
        options: [
            .value("--output", short: "-o", valueName: "dir", help: "Write one file per type into this folder (created if missing)."),
            .value("--access", valueName: "level", help: "Access level of the generated types: public or internal.", default: "public", allowed: ["public", "internal"]),
        ],
        arguments: [
            ArgumentSpec("contract", help: "Contract files; schemas they share become shared types.", kind: .repeating),
        ]
    )

    let contracts: [String]
    let outputDirectory: String?
    let access: String

    init(parsed: ParsedArguments) throws(CLIError) {
        contracts = parsed.argument("contract")
        guard !contracts.isEmpty else { throw .missingArgument("contract") }
        outputDirectory = parsed.value("--output")
        access = parsed.value("--access") ?? "public"
        // `-o Models.swift` would make a folder of that name: say what --output is instead.
        if let outputDirectory, outputDirectory.hasSuffix(".swift"), !FileSystem.isFolder(outputDirectory) {
            let words = ["envelope", "codegen"] + contracts.map(RecordAdvice.quoted) + [">", RecordAdvice.quoted(outputDirectory)]
            throw .usage("--output is a folder (one file per type is written into it), and \(outputDirectory) looks like a file name. "
                             + "For one file, leave out --output: \(words.joined(separator: " "))")
        }
    }

    func run() throws -> Int32 {
        var sources: [SwiftCodegen.Source] = []
        var failed = false
        for path in contracts {
            let directory = (path as NSString).deletingLastPathComponent
            let base = directory.isEmpty ? "." : directory
            do {
                let file = (path as NSString).lastPathComponent
                let reader = ProjectReader(directory: base)
                let contract = try ContractSet.loadContract(file: file, reader: reader)
                sources.append(SwiftCodegen.Source(contract: contract, read: reader.reader(forContract: file)))
            } catch {
                Terminal.writeStandardError((directory.isEmpty ? error.description : FileSystem.join(directory, loaded: error.description)) + "\n")
                failed = true
            }
        }
        if failed { return 2 }
        let generator = SwiftCodegen(accessLevel: access)
        guard let outputDirectory else {
            print(try generator.generateSingleFile(sources), terminator: "")
            return 0
        }
        let files = try generator.generate(sources)
        do {
            try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure.badInput("cannot create \(outputDirectory): \(error.localizedDescription)")
        }
        for file in files {
            do {
                try FileSystem.write(file.text, to: FileSystem.join(outputDirectory, file.name))
            } catch {
                throw CommandFailure.badInput(error.description)
            }
        }
        Terminal.writeStandardError("wrote \(files.count) file\(files.count == 1 ? "" : "s") to \(outputDirectory): \(files.map(\.name).joined(separator: ", "))\n")
        return 0
    }
}
