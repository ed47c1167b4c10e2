import EnvelopeCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes what `import openapi` planned: contract files, mock mappings (as `record` writes
/// them, bodies inline) and the environments added to the project file; never over an
/// existing file without `--force`, and nothing at all with `--dry-run`.
struct ImportWriter {
    let contractsDirectory: String
    let mocksDirectory: String
    let force: Bool
    let dryRun: Bool
    /// Files left as they were because they exist.
    private(set) var kept = 0
    /// Of those, the ones whose content would have changed.
    private(set) var keptChanged = 0
    /// The folders made (or found) already.
    private var createdFolders: Set<String> = []
    /// Whether a new file appears whole or not at all (written beside, then linked into
    /// place, which fails rather than replace a file made meanwhile): `import pact` writes a
    /// few files, where `import openapi`'s thousand made the extra steps too dear.
    var atomic = false

    init(contractsDirectory: String, mocksDirectory: String, force: Bool, dryRun: Bool) {
        self.contractsDirectory = contractsDirectory
        self.mocksDirectory = mocksDirectory
        self.force = force
        self.dryRun = dryRun
    }

    /// Writes one contract and its mock; returns the lines saying what was done.
    mutating func write(_ entry: OpenAPIImportPlan.Entry, source: String) throws(CommandFailure) -> String {
        var mappingText: String?
        if let mock = entry.mock {
            let mapping = RecordedMapping(
                name: entry.name, method: mock.method, path: mock.path, query: mock.query, status: mock.status, headers: mock.headers,
                body: mock.body.map(Self.inlineBody) ?? [], recordedFrom: "", requestHeaders: [],
                matchHeaders: mock.matchHeaders,
                metadata: [("importedBy", "envelope import openapi"), ("importedFrom", "\(entry.operation) in \(source)"),
                           ("body", mock.body == nil ? "none" : mock.example.map { "the example at \($0)" } ?? "generated from the schema")])
            mappingText = mapping.text(bodyFile: nil)
        }
        return try write(name: entry.name, contract: SchemaPrinter.print(entry.contract), mapping: mappingText)
    }

    /// Writes the contract `NAME.json` and, when given, the mapping `mappings/NAME.json`;
    /// returns the lines saying what was done.
    mutating func write(name: String, contract: String, mapping: String?) throws(CommandFailure) -> String {
        var written: [String] = []
        var out = ""
        let contractPath = FileSystem.join(contractsDirectory, "\(name).json")
        if let line = try put(contract + "\n", at: contractPath) { out += "\(name)  \(line)\n" } else { written.append(contractPath) }
        if let mapping {
            let mappingPath = FileSystem.join(mocksDirectory, "mappings/\(name).json")
            if let line = try put(mapping + "\n", at: mappingPath) { out += "\(name)  \(line)\n" } else { written.append(mappingPath) }
        }
        if !written.isEmpty { out += "\(name)  \(dryRun ? "would write" : "wrote") \(written.joined(separator: " and "))\n" }
        return out
    }

    /// A body printed to sit inside the mapping: its lines after the first indented to the
    /// mapping's `jsonBody` (whitespace between JSON tokens, so the body served is the same value).
    static func inlineBody(_ value: JSONValue) -> [UInt8] {
        Array(SchemaPrinter.print(value).replacingOccurrences(of: "\n", with: "\n    ").utf8)
    }

    /// Writes `text` at `path` unless a file is there and `--force` is not given; nil when
    /// written, else the line saying why not.
    private mutating func put(_ text: String, at path: String) throws(CommandFailure) -> String? {
        // Without --force the exclusive create itself says whether a file is there: no stat
        // before it (one system call fewer per file, and no window between the two).
        if !force, dryRun ? FileSystem.exists(path) : !(try create(path, bytes: Array(text.utf8))) {
            kept += 1
            let same = (try? FileSystem.read(path)) == Array(text.utf8)
            if same { return "\(path) exists and is the same; kept" }
            keptChanged += 1
            return "\(path) exists and differs; not overwritten (give --force to replace it)"
        }
        if dryRun || !force { return nil }
        do {
            try FileSystem.write(bytes: Array(text.utf8), to: path)
        } catch {
            throw .badInput(error.description)
        }
        return nil
    }

    /// Writes a file that must not exist yet, with `O_EXCL` so that one made meanwhile is
    /// not replaced either; false when one is there. No temporary file, rename or fsync: a
    /// large document writes a thousand files, and those were nine tenths of the import's time.
    private mutating func create(_ path: String, bytes: [UInt8]) throws(CommandFailure) -> Bool {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty, !createdFolders.contains(folder) {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw .badInput("cannot create \(folder): \(error.localizedDescription)")
            }
            createdFolders.insert(folder)
        }
        guard atomic else { return try writeExclusive(path, bytes: bytes) }
        if FileSystem.exists(path) { return false }
        let name = (path as NSString).lastPathComponent
        let temporary = FileSystem.join(folder.isEmpty ? "." : folder, ".\(name).\(getpid()).envelope-tmp")
        guard try writeExclusive(temporary, bytes: bytes) else { throw .badInput("cannot write \(temporary): it exists") }
        defer { unlink(temporary) }
        guard link(temporary, path) == 0 else {
            if errno == EEXIST { return false }
            throw .badInput("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        return true
    }

    /// Writes bytes to a file that must not exist yet (`O_EXCL`); false when one is there.
    private func writeExclusive(_ path: String, bytes: [UInt8]) throws(CommandFailure) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if descriptor < 0, errno == EEXIST { return false }
        guard descriptor >= 0 else { throw .badInput("cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                buffer.baseAddress.map { Glibc.write(descriptor, $0 + written, buffer.count - written) } ?? -1
            }
            guard result > 0 else { throw .badInput("cannot write \(path): \(String(cString: strerror(errno)))") }
            written += result
        }
        return true
    }

    /// Adds the environments the project file does not have yet, keeping everything else in it.
    func merge(_ environments: [OpenAPIImportPlan.Environment], into configPath: String, source: String) throws(CommandFailure) -> String {
        guard !environments.isEmpty else { return "" }
        var members: [JSONValue.Member] = []
        if FileSystem.exists(configPath) {
            do {
                _ = try ProjectConfig.load(path: configPath)
            } catch {
                throw .badInput(error.description)
            }
            guard let bytes = try? FileSystem.read(configPath), let document = try? JSONDocument.parse(bytes),
                  case .object(let existing) = document.root.value else { throw .badInput("\(configPath): error: cannot be read as a JSON object") }
            members = existing
        }
        var known: [JSONValue.Member] = []
        if case .object(let list)? = members.first(where: { $0.key == "environments" })?.value { known = list }
        let added = environments.filter { environment in !known.contains { $0.key == environment.name } }
        guard !added.isEmpty else { return "" }
        for environment in added {
            let comment = "From the servers of \(source) (envelope import openapi)."
            known.append(JSONValue.Member(key: environment.name, value: .object([
                JSONValue.Member(key: "$comment", value: .string(comment)), JSONValue.Member(key: "baseURL", value: .string(environment.baseURL)),
            ])))
        }
        if let index = members.firstIndex(where: { $0.key == "environments" }) {
            members[index].value = .object(known)
        } else {
            members.append(JSONValue.Member(key: "environments", value: .object(known)))
        }
        let names = added.map(\.name).joined(separator: ", ")
        if dryRun { return "would add environment\(added.count == 1 ? "" : "s") \(names) to \(configPath)\n" }
        do {
            try FileSystem.write(bytes: Array((SchemaPrinter.print(.object(members)) + "\n").utf8), to: configPath)
        } catch {
            throw .badInput(error.description)
        }
        return "added environment\(added.count == 1 ? "" : "s") \(names) to \(configPath)\n"
    }
}
