import EnvelopeCore
import EnvelopeYAML
import Foundation

/// `envelope diff old.json new.json` of two OpenAPI documents, and `envelope diff --git REV
/// openapi.json`: the documents are told from contracts by their content (a top-level
/// `openapi` or `swagger` member), and compared operation by operation (see ``OpenAPIDiff``).
extension DiffCommand {
    /// What is compared: the two documents' paths, or one document and a revision.
    enum OpenAPIComparison {
        case files(old: String, new: String)
        case revision(String, document: String)
    }

    /// The OpenAPI comparison the arguments ask for, or nil when they name contracts.
    func openAPIDocuments() throws(CommandFailure) -> OpenAPIComparison? {
        if let revision {
            guard let document = paths.first else { return nil }
            guard Self.isOpenAPIDocument(document) else {
                throw .badInput("\(document) is not an OpenAPI document (no top-level 'openapi'); --git with a file compares an OpenAPI document, and without one the contracts folder")
            }
            return .revision(revision, document: document)
        }
        let old = Self.isOpenAPIDocument(paths[0]), new = Self.isOpenAPIDocument(paths[1])
        switch (old, new) {
        case (true, true): return .files(old: paths[0], new: paths[1])
        case (false, false): return nil
        case (true, false): throw .badInput("\(paths[0]) is an OpenAPI document and \(paths[1]) is not; give two OpenAPI documents or two contracts")
        case (false, true): throw .badInput("\(paths[1]) is an OpenAPI document and \(paths[0]) is not; give two OpenAPI documents or two contracts")
        }
    }

    /// Whether the file at `path` is an OpenAPI (or Swagger) document: an object with an
    /// `openapi` or `swagger` member at its top, in JSON, or in YAML when its name ends in
    /// `.yaml` or `.yml`. A folder, or a file that does not parse, is not.
    static func isOpenAPIDocument(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
              let bytes = try? FileSystem.read(path), let document = Self.parsedDocument(bytes, path: path) else { return false }
        let root = document.root
        return root.kind == .object && (root["openapi"] != nil || root["swagger"] != nil)
    }

    /// The document's bytes parsed by its name's kind, or nil when they do not parse.
    private static func parsedDocument(_ bytes: [UInt8], path: String) -> JSONDocument? {
        SchemaCompiler.isYAML(path) ? try? YAMLDocument.parse(bytes) : try? JSONDocument.parse(bytes)
    }

    /// Compares the two versions and writes the report; the exit code as for contracts.
    func runOpenAPI(_ comparison: OpenAPIComparison) throws -> Int32 {
        let old: OpenAPIDiff.Document, new: OpenAPIDiff.Document
        var title = ""
        switch comparison {
        case .files(let oldPath, let newPath):
            old = try document(at: oldPath)
            new = try document(at: newPath)
        case .revision(let revision, let path):
            let git = try GitRevision(revision: revision)
            let folder = (path as NSString).deletingLastPathComponent
            let file = (path as NSString).lastPathComponent
            let reader = GitRevisionReader(git: git, directory: folder.isEmpty ? "." : folder)
            let bytes: [UInt8]
            do {
                bytes = try reader.read(file)
            } catch {
                throw CommandFailure.badInput("no file \(path) at \(revision)")
            }
            old = OpenAPIDiff.Document(path: file, label: "\(revision):\(GitRevision.normalized(path))", bytes: bytes, read: reader.read,
                                       options: ContractLoadOptions().readingYAML, name: { revision + ":" + GitRevision.normalized(FileSystem.join(folder.isEmpty ? "." : folder, loaded: $0)) })
            new = try document(at: path)
            title = "\(path) at \(revision) → working tree"
        }
        let (entries, problems) = OpenAPIDiff.compare(old: old, new: new)
        var report = DiffReport(entries: entries, failOn: failOn, title: title)
        report.unit = .operations
        if !problems.isEmpty {
            // Compiler-style lines for editors and logs; the report says it too, and compares nothing.
            Terminal.writeStandardError(problems.map(\.description).joined(separator: "\n") + "\n")
            report.entries = []
            report.problems = problems
        }
        return try write(report)
    }

    /// The document at `path`, read with a reader for its folder (its `$ref`s reach the
    /// project folder, as a contract's do).
    private func document(at path: String) throws(CommandFailure) -> OpenAPIDiff.Document {
        let folder = (path as NSString).deletingLastPathComponent
        let file = (path as NSString).lastPathComponent
        let reader = ProjectReader(directory: folder.isEmpty ? "." : folder)
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path)
        } catch {
            throw .badInput("\(error)")
        }
        return OpenAPIDiff.Document(path: file, label: path, bytes: bytes, read: reader.read,
                                    options: ContractLoadOptions().readingYAML, name: { folder.isEmpty ? $0 : FileSystem.join(folder, loaded: $0) })
    }
}
