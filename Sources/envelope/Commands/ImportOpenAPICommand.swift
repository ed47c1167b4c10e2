import EnvelopeCore
import EnvelopeYAML
import Foundation

/// `envelope import openapi SPEC`: a contract per operation of an OpenAPI document, its body
/// a `$ref` into the document, and a mock for each from the document's examples (or
/// generated from the schema), every one validated before it is written.
struct ImportOpenAPICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openapi",
        abstract: "Write a contract and a mock per operation of an OpenAPI 3.0/3.1 document.",
        discussion: """
            Each operation becomes Contracts/NAME.json (NAME its operationId, else the method \
            and path): its request with the path parameters filled in from their examples, and \
            the required query parameters and headers; its 2xx answer's status, headers and body \
            schema, a $ref into the document where it lies (so the contract follows the \
            document). Its mock, Mocks/mappings/NAME.json, serves the media type's example (or \
            the first of its examples, or the schema's), else a value generated from the schema: \
            deterministic, its required keys only unless --all-properties. Every mock is \
            validated against its schema first: an example that breaks it is reported with its \
            place and not written. The document's servers become environments in envelope.json; \
            existing ones are kept.

            Existing files are never replaced without --force. Exit codes: 0 everything written; \
            1 an example refused, or a file kept that would have changed; 2 a document that \
            cannot be read (file:line:column), or Swagger 2.0.
              envelope import openapi openapi.json
              envelope check
            """,
        options: [
            .value("--contracts", valueName: "dir", help: "Folder to write contracts to.", default: "Contracts"),
            .value("--mocks", valueName: "dir", help: "Folder to write mocks to (mappings/).", default: "Mocks"),
            .value("--config", valueName: "file", help: "The project file to add the document's servers to as environments.", default: "envelope.json"),
            .repeatable("--only", valueName: "name", help: "Import only this operation (contract name or operationId); repeat, or separate with commas."),
            .value("--status", valueName: "which", help: "Which answers become contracts: 2xx (the success one), or all (one per documented JSON status, NAME-STATUS).",
                   default: "2xx", allowed: OpenAPIImportOptions.Statuses.allCases.map(\.rawValue)),
            .flag("--all-properties", help: "Generated mocks carry every property, not only the required ones."),
            .flag("--force", help: "Replace contracts and mocks that exist."),
            .flag("--dry-run", help: "Say what would be written and what would be refused; write nothing."),
        ],
        arguments: [ArgumentSpec("spec", help: "The OpenAPI document (JSON), e.g. openapi.json.")]
    )

    let specPath: String
    let contractsDirectory: String
    let mocksDirectory: String
    let configPath: String
    /// Whether `--config` was given: then its folder is the project folder the `$ref`s may reach.
    let configGiven: Bool
    let only: [String]
    let statuses: OpenAPIImportOptions.Statuses
    let allProperties: Bool
    let force: Bool
    let dryRun: Bool

    init(parsed: ParsedArguments) throws(CLIError) {
        specPath = parsed.argument("spec").first ?? ""
        contractsDirectory = parsed.value("--contracts") ?? "Contracts"
        mocksDirectory = parsed.value("--mocks") ?? "Mocks"
        configPath = parsed.value("--config") ?? "envelope.json"
        configGiven = parsed.isSpecified("--config")
        only = parsed.values("--only").flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
        statuses = OpenAPIImportOptions.Statuses(rawValue: parsed.value("--status") ?? "2xx") ?? .success
        allProperties = parsed.flag("--all-properties")
        force = parsed.flag("--force")
        dryRun = parsed.flag("--dry-run")
    }

    func run() throws -> Int32 {
        let plan: OpenAPIImportPlan
        // The contracts will reach the document the way check reads them: through the project
        // folder, which must hold the document.
        let reader = ProjectReader(directory: contractsDirectory, projectFile: configGiven ? configPath : nil)
        do {
            try reader.scope.check(specPath, real: FileSystem.realPath(specPath))
        } catch {
            Terminal.writeStandardError("error: the contracts could not $ref \(specPath): \(error)\n")
            return 2
        }
        do {
            plan = try makePlan(reader: reader)
        } catch {
            Terminal.writeStandardError(error.description + "\n")
            return 2
        }
        if let unknown = only.first(where: { name in !plan.entries.contains { $0.name == name || $0.name.hasPrefix(name + "-") } }) {
            Terminal.writeStandardError("error: --only names '\(unknown)', which is no operation of \(specPath) (give a contract name or an operationId)\n")
            return 2
        }
        var writer = ImportWriter(contractsDirectory: contractsDirectory, mocksDirectory: mocksDirectory, force: force, dryRun: dryRun)
        var out = ""
        for refusal in plan.refusals {
            let place = "\(refusal.place)\(refusal.location.map { " (\($0))" } ?? "")"
            if refusal.schemaDoesNotLoad {
                out += "\(refusal.name)  no contract, no mock: the schema at \(place) does not load\n"
                out += refusal.findings.map { "    \($0)\n" }.joined()
                continue
            }
            let what = refusal.generated ? "the generated mock breaks its schema" : "example refused"
            out += "\(refusal.name)  \(what) at \(place); not written\n"
            out += refusal.findings.map { "    \($0)\n" }.joined()
        }
        for note in plan.notes { out += note + "\n" }
        for entry in plan.entries {
            out += try writer.write(entry, source: specPath)
        }
        out += try writer.merge(plan.environments, into: configPath, source: specPath)
        out += summary(plan, writer: writer)
        Terminal.writeStandardOutput(out)
        return plan.refusals.isEmpty && writer.keptChanged == 0 ? 0 : 1
    }

    /// Reads the document and plans the import.
    func makePlan(reader: ProjectReader) throws(OpenAPIImportError) -> OpenAPIImportPlan {
        var options = OpenAPIImportOptions(documentPath: Self.relativePath(of: specPath, from: contractsDirectory))
        options.statuses = statuses
        options.only = only
        options.includesAllProperties = allProperties
        return try Self.plan(specPath, options: options, reader: reader, configPath: configPath)
    }

    /// Reads the document at `specPath` and plans its import with `options`, reading the files
    /// the contracts will `$ref` through `reader`, as check will (with `configPath`'s refMap).
    static func plan(_ specPath: String, options: OpenAPIImportOptions, reader: ProjectReader,
                     configPath: String) throws(OpenAPIImportError) -> OpenAPIImportPlan {
        var loading = ContractLoadOptions().readingYAML
        loading.mappings += (try? ProjectConfig.load(path: configPath, needed: false, given: false))??.referenceMappings ?? []
        let documents = try Self.documents(specPath, reader: reader, loading: loading)
        var importer = OpenAPIImport(documents: documents, options: options, read: { path in try reader.read(path) }, loading: loading)
        return try importer.plan()
    }

    /// The document at `specPath` and the files its `$ref`s reach, read with
    /// ``load(_:as:reader:loading:)``.
    static func documents(_ specPath: String, reader: ProjectReader, loading: ContractLoadOptions) throws(OpenAPIImportError) -> OpenAPIDocumentSet {
        // The set names files by joining paths to the root's (without `..` steps); the same
        // join from the root's path in the contracts folder gives the name the contracts use,
        // with no look at the disk for each file.
        let rootFolder = specPath.lastIndex(of: "/").map { String(specPath[...$0]) } ?? ""
        let fromContracts = relativePath(of: specPath, from: reader.directory)
        let contractsFolder = fromContracts.lastIndex(of: "/").map { String(fromContracts[...$0]) } ?? ""
        let shared = { (path: String) throws(OpenAPIImportError) -> JSONDocument in
            let name = path.hasPrefix(rootFolder) ? FileSystem.normalized(contractsFolder + path.dropFirst(rootFolder.count))
                : relativePath(of: path, from: reader.directory)
            return try load(path, as: name, reader: reader, loading: loading)
        }
        return OpenAPIDocumentSet(rootFile: specPath, document: try shared(specPath), load: shared)
    }

    /// One file of the document (`path` from the working folder, `fromContracts` from the
    /// contracts folder), read and parsed once for both the import and the contracts'
    /// compilers that validate its mocks: through `reader`, which keeps the bytes, and, for
    /// YAML, into `loading`'s document cache, under the name the contracts give the file. A
    /// file the contracts could not reach (out of the project) is read as before, on its own:
    /// the contracts that need it report it.
    static func load(_ path: String, as fromContracts: String, reader: ProjectReader, loading: ContractLoadOptions) throws(OpenAPIImportError) -> JSONDocument {
        guard SchemaCompiler.isYAML(path), let bytes = try? reader.read(fromContracts) else { return try load(path) }
        do {
            return try loading.parsedYAML(bytes, file: fromContracts)
        } catch {
            throw .unreadable(file: path, at: error.location, reason: "not valid YAML: \(error.message)")
        }
    }

    /// One file of the document, parsed: as YAML when its name ends in `.yaml` or `.yml` (as
    /// the contract loader decides), else as JSON.
    static func load(_ path: String) throws(OpenAPIImportError) -> JSONDocument {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path)
        } catch {
            throw .unreadable(file: path, at: nil, reason: error.description)
        }
        if SchemaCompiler.isYAML(path) {
            do {
                return try YAMLDocument.parse(bytes)
            } catch {
                throw .unreadable(file: path, at: error.location, reason: "not valid YAML: \(error.message)")
            }
        }
        do {
            return try JSONDocument.parse(bytes)
        } catch {
            throw .unreadable(file: path, at: error.location, reason: "not valid JSON: \(error.message)")
        }
    }

    /// The path of `file` as seen from the folder `directory` (`../openapi.json` from
    /// `Contracts` for `openapi.json`).
    static func relativePath(of file: String, from directory: String) -> String {
        let here = FileManager.default.currentDirectoryPath
        func components(_ path: String) -> [String] {
            let absolute = path.hasPrefix("/") ? path : FileSystem.join(here, path)
            return (absolute as NSString).standardizingPath.split(separator: "/").map(String.init)
        }
        let target = components(file), base = components(directory)
        var common = 0
        while common < min(target.count - 1, base.count), target[common] == base[common] { common += 1 }
        return (Array(repeating: "..", count: base.count - common) + target[common...]).joined(separator: "/")
    }

    /// The closing line: `3 operations: 3 contracts, 3 mocks (1 from examples, 2 generated), 0 examples refused`.
    func summary(_ plan: OpenAPIImportPlan, writer: ImportWriter) -> String {
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        let mocks = plan.entries.compactMap(\.mock)
        let fromExamples = mocks.filter { $0.example != nil }.count
        var line = "\(count(plan.operationCount, "operation")): \(count(plan.entries.count, "contract")), "
            + "\(count(mocks.count, "mock")) (\(fromExamples) from examples, \(mocks.count - fromExamples) generated), "
            + "\(count(plan.refusals.filter { !$0.generated && !$0.schemaDoesNotLoad }.count, "example")) refused"
        let generatedRefused = plan.refusals.filter { $0.generated && !$0.schemaDoesNotLoad }.count
        if generatedRefused > 0 { line += ", \(count(generatedRefused, "generated mock")) refused" }
        let unloadable = plan.refusals.filter(\.schemaDoesNotLoad).count
        if unloadable > 0 { line += ", \(count(unloadable, "answer")) whose schema does not load" }
        if plan.skippedCount > 0 { line += ", \(count(plan.skippedCount, "operation")) without a 2xx answer" }
        if writer.kept > 0 { line += "; \(count(writer.kept, "file")) kept as they were" }
        if dryRun { line += " (dry run: nothing written)" }
        return line + "\n"
    }
}
