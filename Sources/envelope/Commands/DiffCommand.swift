import EnvelopeCore
import Foundation

/// `envelope diff OLD NEW` or `envelope diff --git REV [DOC]`: classify every change between
/// two versions of the contracts, or of an OpenAPI document (DiffCommand+OpenAPI.swift), as
/// breaking or not, for the apps that consume the answers.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Classify the changes between two versions of contracts or OpenAPI documents: breaking or not.",
        discussion: """
            OLD and NEW are two contract files, or two folders of contracts (paired by file name). \
            With --git REV the contracts folder is compared with its state at that git revision \
            (REV is old, the working tree new). Schemas are compared after following $ref and \
            merging allOf, so a refactor that means the same is no change. Breaking, for a consumer \
            of the answers: property removed, became optional, became nullable, type changed or \
            widened, enum value added (to a closed enum), enum opened, constraint widened, \
            anyOf/oneOf branch added, request or status changed. Not breaking: property added, \
            became required or non-null, enum value removed, a value added to an open enum, enum \
            closed, type narrowed, constraint narrowed. \
            OLD and NEW may instead be two OpenAPI 3.0/3.1 documents (known by their top-level \
            'openapi'), and --git REV DOC compares one with its state at REV: every operation \
            (method and path) is compared, its answers status by status with the rules above, \
            and an operation removed, a 2xx answer removed, a documented response header removed \
            or a required parameter added is breaking too. Exit 1 when a change is at or above \
            --fail-on.
            """,
        usage: "envelope diff [<options>] <old> <new>\n       envelope diff [<options>] --git <rev> [<document>]",
        options: [
            .value("--git", valueName: "rev", help: "Compare the contracts folder, or the OpenAPI document given, with its state at this git revision."),
            .value("--contracts", valueName: "dir", help: "The contracts folder, for --git.", default: "Contracts"),
            .value("--format", valueName: "format", help: "Report format: text, json, markdown, html.", default: "text", allowed: ["text", "json", "markdown", "html"]),
            .value("--output", short: "-o", valueName: "file", help: "Write the report to this file."),
            .value("--fail-on", valueName: "level", help: "Exit 1 on changes at or above: breaking, any, never.", default: "breaking",
                   allowed: DiffFailLevel.allCases.map(\.rawValue)),
        ],
        arguments: [
            ArgumentSpec("old", help: "The old contract file or folder, or OpenAPI document (with --git: the document).", kind: .optional),
            ArgumentSpec("new", help: "The new contract file or folder, or OpenAPI document.", kind: .optional),
        ]
    )

    let paths: [String]
    let revision: String?
    let contractsDirectory: String
    let format: String
    let outputPath: String?
    let failOn: DiffFailLevel

    init(parsed: ParsedArguments) throws(CLIError) {
        paths = parsed.argument("old") + parsed.argument("new")
        revision = parsed.value("--git")
        contractsDirectory = parsed.value("--contracts") ?? "Contracts"
        format = parsed.value("--format") ?? "text"
        outputPath = parsed.value("--output")
        failOn = DiffFailLevel(rawValue: parsed.value("--fail-on") ?? "breaking") ?? .breaking
        if revision == nil && paths.count < 2 { throw .missingArgument(paths.isEmpty ? "old" : "new") }
        if revision != nil && paths.count > 1 {
            throw .usage("--git compares the contracts folder (--contracts), or one OpenAPI document, with a revision; give at most one file with --git.")
        }
    }

    /// One side of the comparison: where its contract files come from.
    struct Side {
        /// How files are shown in messages: `Contracts/` or `HEAD~1:Contracts/`.
        var label: String
        /// The contract files, relative to the folder.
        var files: [String]
        /// Reads a path relative to the folder.
        var read: SchemaCompiler.Reader
        /// The folder as the label names it (`Contracts`, `""` for the working directory),
        /// and the revision before it in the label, for naming files beside the folder.
        var folder = ""
        var revision: String?
        /// Its own caches of parsed documents: the two sides share names, not bytes.
        var options = ContractLoadOptions()

        /// How `file` (relative to the folder) is shown: `Contracts/menu.json`, and a document
        /// beside the folder as `api/openapi.json`, not `Contracts/../api/openapi.json`.
        func name(of file: String) -> String {
            guard file.hasPrefix("../") else { return label + file }
            return (revision.map { $0 + ":" } ?? "") + FileSystem.join(folder.isEmpty ? "." : folder, loaded: file)
        }
    }

    func run() throws -> Int32 {
        if let document = try openAPIDocuments() { return try runOpenAPI(document) }
        var options = ContractLoadOptions()
        do {
            options.mappings += try ProjectConfig.loadIfPresent(path: "envelope.json")?.referenceMappings ?? []
        } catch {
            Terminal.writeStandardError(error.description + "\n")
            var report = DiffReport(entries: [], failOn: failOn)
            report.problems = [error.problem]
            return try write(report)
        }
        let old: Side, new: Side
        let title: String
        if let revision {
            let git = try GitRevision(revision: revision)
            let directory = contractsDirectory
            let reader = GitRevisionReader(git: git, directory: directory)
            old = Side(label: "\(revision):\(GitRevision.normalized(directory))/", files: git.jsonFiles(in: directory), read: reader.read,
                       folder: GitRevision.normalized(directory), revision: revision)
            new = try side(directory, isFolder: true)
            title = "\(GitRevision.normalized(directory))/ at \(revision) → working tree"
        } else {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: paths[0], isDirectory: &isFolder)
            guard exists else { throw CommandFailure.badInput("no such file: \(paths[0])") }
            old = try side(paths[0], isFolder: isFolder.boolValue)
            new = try side(paths[1], isFolder: isFolder.boolValue)
            title = ""
        }

        var entries: [DiffReport.Entry] = []
        var problems: [FileProblem] = []
        func load(_ side: Side, _ file: String) -> Contract? {
            var errors: [ContractError] = []
            var sideOptions = side.options.readingYAML
            sideOptions.mappings = options.mappings
            let contract = ContractLoader.load(file: file, read: side.read, options: sideOptions, collectingProblemsInto: &errors)
            problems += errors.map { FileProblem(level: .error, file: side.name(of: $0.file), location: $0.location, message: $0.message) }
            return contract
        }
        if old.files.count == 1 && new.files.count == 1 && revision == nil {
            if let before = load(old, old.files[0]), let after = load(new, new.files[0]) {
                entries.append(entry(before, after, file: new.label + new.files[0]))
            }
        } else {
            for file in Set(old.files).union(new.files).sorted() {
                let before = old.files.contains(file) ? load(old, file) : nil
                let after = new.files.contains(file) ? load(new, file) : nil
                switch (before, after) {
                case (let before?, let after?):
                    entries.append(entry(before, after, file: new.label + file))
                case (let before?, nil) where !new.files.contains(file):
                    entries.append(DiffReport.Entry(contract: before.name, file: old.label + file, status: .removed,
                                                    changes: [SchemaChange(kind: .contractRemoved, pointer: "", old: "\(before.request.method) \(before.request.target)", new: "absent")]))
                case (nil, let after?) where !old.files.contains(file):
                    entries.append(DiffReport.Entry(contract: after.name, file: new.label + file, status: .added,
                                                    changes: [SchemaChange(kind: .contractAdded, pointer: "", old: "absent", new: "\(after.request.method) \(after.request.target)")]))
                default:
                    break
                }
            }
        }
        var report = DiffReport(entries: entries, failOn: failOn, title: title)
        if !problems.isEmpty {
            // Compiler-style lines for editors and logs; the report says it too, and compares nothing.
            Terminal.writeStandardError(problems.map(\.description).joined(separator: "\n") + "\n")
            report = DiffReport(entries: [], failOn: failOn, title: title)
            report.problems = problems
        }
        return try write(report)
    }

    /// Writes `report` in the chosen format to `--output` or standard output (and the text
    /// form to standard output as well when the file gets another); returns the exit code.
    /// The text on standard output only counts the files that did not load: the run has
    /// written their problems to standard error.
    func write(_ report: DiffReport) throws(CommandFailure) -> Int32 {
        let rendered: String
        switch format {
        case "json": rendered = report.renderJSON()
        case "markdown": rendered = report.renderMarkdown()
        case "html": rendered = report.renderHTML()
        default: rendered = report.renderText(listingProblems: outputPath != nil)
        }
        if let outputPath {
            do {
                try FileSystem.write(rendered, to: outputPath)
            } catch {
                throw .badInput(error.description)
            }
            if format != "text" { Terminal.writeStandardOutput(report.renderText(listingProblems: false)) }
        } else {
            Terminal.writeStandardOutput(rendered)
        }
        return report.exitCode
    }

    private func entry(_ before: Contract, _ after: Contract, file: String) -> DiffReport.Entry {
        let changes = ContractDiff.compare(old: before, new: after)
        return DiffReport.Entry(contract: after.name, file: file, status: changes.isEmpty ? .unchanged : .changed, changes: changes)
    }

    /// A file (its folder is the base for its `$ref`s) or a folder of contracts.
    private func side(_ path: String, isFolder: Bool) throws(CommandFailure) -> Side {
        if isFolder {
            let files: [String]
            do {
                files = try FileSystem.jsonFiles(in: path)
            } catch {
                throw .badInput("\(error) (diff compares two contract files or two folders of them)")
            }
            let label = path.hasSuffix("/") ? path : path + "/"
            let reader = ProjectReader(directory: path)
            return Side(label: label, files: files, read: reader.reader(forContracts: Set(files)), folder: path)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .badInput("no such file: \(path)") }
        guard !isDirectory.boolValue else { throw .badInput("\(path) is a folder and the other side is a file; give two files or two folders") }
        let directory = (path as NSString).deletingLastPathComponent
        let reader = ProjectReader(directory: directory.isEmpty ? "." : directory)
        let file = (path as NSString).lastPathComponent
        return Side(label: directory.isEmpty ? "" : directory + "/", files: [file], read: reader.reader(forContracts: [file]), folder: directory)
    }
}
