import EnvelopeCore
import Foundation

/// `lint` of OpenAPI documents: what `import openapi --dry-run --status all` would refuse or
/// note, as lint problems at their file:line:column.
extension LintCommand {
    /// The problems of the OpenAPI document at `spec` (a path from the working directory):
    /// a document that does not read, or a `$ref` the operations need that leads nowhere (one
    /// error: nothing past it can be read); each answer whose schema does not load, and each
    /// example that breaks its schema (errors); each operation without a JSON answer, and
    /// each schema no valid value could be generated for (warnings).
    func openAPIProblems(_ spec: String) -> [FileProblem] {
        let reader = ProjectReader(directory: contractsDirectory, projectFile: configGiven ? configPath : nil)
        do {
            try reader.scope.check(spec, real: FileSystem.realPath(spec))
        } catch {
            return [FileProblem(level: .error, file: spec, message: "contracts could not $ref this document: \(error)")]
        }
        var options = OpenAPIImportOptions(documentPath: ImportOpenAPICommand.relativePath(of: spec, from: contractsDirectory))
        // Every documented JSON answer, so that every example is validated.
        options.statuses = .all
        let plan: OpenAPIImportPlan
        do {
            plan = try ImportOpenAPICommand.plan(spec, options: options, reader: reader, configPath: configPath)
        } catch {
            return [FileProblem(level: .error, file: error.file, location: error.location, message: error.message)]
        }
        var problems: [FileProblem] = []
        var unloadable: Set<String> = []
        for refusal in plan.refusals {
            let (file, _) = Self.split(refusal.place)
            let findings = refusal.findings.joined(separator: "; ")
            if refusal.schemaDoesNotLoad {
                // One schema shared by many answers is said once.
                guard unloadable.insert(refusal.place).inserted else { continue }
                problems.append(FileProblem(level: .error, file: file, location: refusal.location,
                                            message: "the answer schema of \(refusal.name) does not load: \(findings)"))
            } else if refusal.generated {
                problems.append(FileProblem(level: .warning, file: file, location: refusal.location,
                                            message: "no value generated for the answer schema of \(refusal.name) passes it (\(findings)); add an example"))
            } else {
                problems.append(FileProblem(level: .error, file: file, location: refusal.location,
                                            message: "the example for \(refusal.name) breaks its schema: \(findings)"))
            }
        }
        for note in plan.withoutJSON {
            problems.append(FileProblem(level: .warning, file: note.file, location: note.location,
                                        message: "\(note.operation) has no JSON answer (\(note.why)); a contract can check its status only"))
        }
        return problems
    }

    /// The documents the contracts name in `"openapi"`, as paths from the working directory,
    /// each once, in the order first named.
    func openAPIDocuments(of contracts: [Contract]) -> [String] {
        var seen: Set<String> = []
        var out: [String] = []
        for contract in contracts {
            guard let document = contract.openAPIDocument else { continue }
            let folder = (contract.file as NSString).deletingLastPathComponent
            let path = FileSystem.normalized(FileSystem.join(FileSystem.join(contractsDirectory, folder), document))
            if seen.insert(path).inserted { out.append(path) }
        }
        return out
    }

    /// `file#pointer` into its file and pointer.
    static func split(_ place: String) -> (file: String, pointer: String) {
        guard let hash = place.firstIndex(of: "#") else { return (place, "") }
        return (String(place[..<hash]), String(place[place.index(after: hash)...]))
    }
}
