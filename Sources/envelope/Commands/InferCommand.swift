import EnvelopeCore
import Foundation

/// `envelope infer SAMPLE...`: write a contract whose body schema describes sample answers.
struct InferCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "infer",
        abstract: "Write a contract whose body schema describes sample responses.",
        discussion: """
            Each SAMPLE is a saved response body (JSON); '-' reads one from standard input. The \
            schema holds what every sample has in common: integer or number, nested objects and \
            arrays, 'required' for keys present in every object at a place (--required), \
            [\"string\", \"null\"] where null was seen beside other values, an enum for small \
            closed sets of codes (--enum-max; never links, paths, ids or free text), and a format \
            (date-time, date, uri, email, uuid) only where every value matches. An object shape \
            met at two or more places is written once under $defs, named after its key. Where \
            the samples cannot say what a field holds (only null, only empty arrays or objects) \
            the schema has a $comment and a note goes to standard error. The result does not \
            depend on the order of samples or elements. Review it, then check with it. \
            docs/authoring.md has the details.
            """,
        options: [
            .value("--name", valueName: "name", help: "The contract's name (default: the output file's name, else the first sample's)."),
            .value("--request", valueName: "request", help: "The request, as 'METHOD /path?query' (default: GET /NAME)."),
            .value("--status", valueName: "code", help: "The expected status.", default: "200"),
            .value("--output", short: "-o", valueName: "file", help: "Write the contract here instead of standard output."),
            .flag("--force", help: "Overwrite the output file if it exists."),
            .value("--enum-max", valueName: "n", help: "The most distinct strings that become an enum; 0 for no enums.", default: "10"),
            .value("--required", valueName: "keys", help: "Which keys are required: common (those in every object at a place), every (every key seen), none.",
                   default: "common", allowed: RequiredKeys.allCases.map(\.rawValue)),
            .flag("--no-defs", help: "Write every schema inline: no $defs/item for an envelope's list, no $defs for repeated shapes."),
        ],
        arguments: [ArgumentSpec("sample", help: "Response body files; '-' reads standard input.", kind: .repeating)]
    )

    let samples: [String]
    let name: String?
    let request: (method: String, path: String, query: [(name: String, value: String)])?
    let status: Int
    let outputPath: String?
    let force: Bool
    let options: InferenceOptions

    init(parsed: ParsedArguments) throws(CLIError) {
        samples = parsed.argument("sample")
        guard !samples.isEmpty else { throw .missingArgument("sample") }
        name = parsed.value("--name")
        request = try parsed.value("--request").map { text throws(CLIError) in try Self.parseRequest(text) }
        status = try parsed.integer("--status", in: 100...599) ?? 200
        outputPath = parsed.value("--output")
        force = parsed.flag("--force")
        let inline = parsed.flag("--no-defs")
        options = InferenceOptions(enumMaxValues: try parsed.integer("--enum-max", in: 0...1000) ?? 10,
                                   extractItems: !inline, shareShapes: !inline,
                                   required: parsed.value("--required").flatMap(RequiredKeys.init(rawValue:)) ?? .common)
    }

    /// `GET /path?a=1&b=2` (or just `/path`) split into method, path and decoded query pairs.
    static func parseRequest(_ text: String) throws(CLIError) -> (method: String, path: String, query: [(name: String, value: String)]) {
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let method = words.count == 2 ? words[0].uppercased() : "GET"
        guard words.count == 1 || words.count == 2, let target = words.last, target.unicodeScalars.first == "/" else {
            throw .invalidValue(option: "--request", value: text, expected: "'METHOD /path' such as 'GET /v1/items?page=1'", suggestion: nil)
        }
        let parts = target.unicodeScalars.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).map(Substring.init)
        var query: [(name: String, value: String)] = []
        if parts.count == 2 {
            for pair in parts[1].unicodeScalars.split(separator: "&") where !pair.isEmpty {
                let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { String(Substring($0)) }
                let decode = { (s: String) in (s.replacingOccurrences(of: "+", with: " ")).removingPercentEncoding ?? s }
                query.append((decode(halves[0]), halves.count > 1 ? decode(halves[1]) : ""))
            }
        }
        return (method, String(parts[0]), query)
    }

    func run() throws -> Int32 {
        if let outputPath, !force, FileManager.default.fileExists(atPath: outputPath) {
            throw CommandFailure.badInput("\(outputPath) exists; give --force to overwrite it, or another --output")
        }
        var inferrer = SchemaInferrer(options: options)
        for sample in samples {
            let bytes: [UInt8]
            if sample == "-" {
                bytes = FileSystem.readStandardInput()
            } else {
                do {
                    bytes = try FileSystem.read(sample)
                } catch {
                    throw CommandFailure.badInput(error.description)
                }
            }
            do {
                inferrer.add(try JSONDocument.parse(bytes))
            } catch {
                let file = sample == "-" ? "standard input" : sample
                throw CommandFailure.badInput("\(file):\(error.location.map { "\($0)" } ?? "1:1"): not valid JSON: \(error.message); a sample must be a JSON response body")
            }
        }
        for note in inferrer.notes() {
            Terminal.writeStandardError("note: \(note.message)\n")
        }
        let contractName = name ?? defaultName()
        let request = request ?? ("GET", "/" + contractName, [])
        if self.request == nil {
            Terminal.writeStandardError("note: the request defaults to GET /\(contractName); give the real one with --request 'GET /path'\n")
        }
        let count = inferrer.sampleCount
        let contract = InferredContract.make(
            name: contractName,
            summary: "Inferred by envelope infer from \(count) sample\(count == 1 ? "" : "s"); review it before relying on it.",
            method: request.method, path: request.path, query: request.query, status: status, body: inferrer.schema())
        let text = SchemaPrinter.print(contract) + "\n"
        guard let outputPath else {
            Terminal.writeStandardOutput(text)
            return 0
        }
        do {
            // The bytes writer creates a missing folder: a first contract goes into a
            // Contracts/ that does not exist yet.
            try FileSystem.write(bytes: Array(text.utf8), to: outputPath)
        } catch {
            throw CommandFailure.badInput(error.description)
        }
        Terminal.writeStandardError("wrote \(outputPath)\n")
        return 0
    }

    /// The output file's name without `.json`, else the first sample's, else `inferred`.
    private func defaultName() -> String {
        for candidate in [outputPath, samples.first(where: { $0 != "-" })].compactMap({ $0 }) {
            let base = ((candidate as NSString).lastPathComponent as NSString).deletingPathExtension
            if !base.isEmpty { return base }
        }
        return "inferred"
    }
}
