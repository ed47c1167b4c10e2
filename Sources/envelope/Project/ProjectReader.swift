import EnvelopeCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads the files of one contract load: the contracts of a folder and every document their
/// `$ref`s name, each judged by the ``ProjectScope`` (anywhere in the project, nowhere
/// outside) and read from disk once however many contracts refer to it.
///
/// Files are kept by real path, so a document reached by two spellings or through a link is
/// one file, and every contract gets the very same bytes: the contract loader then sees at
/// once that it has parsed them already (``ContractLoadOptions`` keeps parsed documents).
/// The reader lives as long as the load that made it; within it a path once judged and read
/// is not judged again (no `realpath`, no scope check: their system calls cost more than
/// the rest of a contract's load), so every contract after the first gets the bytes from memory.
///
/// `@unchecked Sendable` is sound: `files`, `asked`, `byPath`, `realFolders` and `diskReads`
/// are only read or written while holding `lock`; the contracts of a folder load on several
/// threads at once.
final class ProjectReader: @unchecked Sendable {
    /// The contracts folder, as given: what the paths read are relative to.
    let directory: String
    /// Where those paths may lead.
    let scope: ProjectScope
    private let lock = NSLock()
    private var files: [String: [UInt8]] = [:]
    /// The bytes read for each path once judged in scope: as asked for (relative to the
    /// contracts folder), and normalized (relative to the working directory).
    private var asked: [String: [UInt8]] = [:]
    private var byPath: [String: [UInt8]] = [:]
    /// The real path of each folder a file was read from.
    private var realFolders: [String: String] = [:]
    private var diskReads = 0

    /// A reader for the contracts in `directory`, with `projectFile` the `--config` file
    /// when one was given (it decides the project folder).
    init(directory: String, projectFile: String? = nil) {
        self.directory = directory
        scope = ProjectScope(contractsFolder: directory, projectFile: projectFile)
    }

    /// How many times a file was read from disk (what the tests count).
    var diskReadCount: Int { lock.withLock { diskReads } }

    /// The bytes of `path`, relative to the contracts folder (`schemas/menu.json`,
    /// `../api/openapi.json`); a path out of the project is refused with a ``ProjectScope/Refusal``.
    func read(_ path: String) throws -> [UInt8] {
        if let known = lock.withLock({ asked[path] }) { return known }
        let target = FileSystem.normalized(FileSystem.join(directory, path))
        if let known = lock.withLock({ byPath[target] }) {
            lock.withLock { asked[path] = known }
            return known
        }
        let real = realPath(of: target)
        try scope.check(target, real: real)
        // Nothing there: reading says so, naming the path as written.
        guard let real else { return try FileSystem.read(target) }
        if let known = lock.withLock({ () -> [UInt8]? in
            byPath[target] = files[real]
            asked[path] = files[real]
            return files[real]
        }) { return known }
        let bytes = try FileSystem.read(real)
        return lock.withLock {
            diskReads += 1
            // Another thread may have read it meanwhile: hand out the first, so every
            // contract has the same bytes.
            let first = files[real] ?? bytes
            files[real] = first
            byPath[target] = first
            asked[path] = first
            return first
        }
    }

    /// Where `target` really is, nil when nothing is there: its folder's real path and its own
    /// name, unless the file is itself a link. Each folder is resolved once per load, where
    /// `realpath` of every file would read the links of all its folders again.
    private func realPath(of target: String) -> String? {
        var status = stat()
        guard lstat(target, &status) == 0 else { return nil }
        if status.st_mode & S_IFMT == S_IFLNK { return FileSystem.realPath(target) }
        // By bytes, as the system splits paths (see FileSystem.normalized).
        let bytes = target.utf8
        let slash = bytes.lastIndex(of: UInt8(ascii: "/"))
        let folder = slash.map { $0 == bytes.startIndex ? "/" : String(decoding: bytes[..<$0], as: UTF8.self) } ?? "."
        let name = slash.map { String(decoding: bytes[bytes.index(after: $0)...], as: UTF8.self) } ?? target
        let known = lock.withLock { realFolders[folder] }
        guard let real = known ?? FileSystem.realPath(folder) else { return nil }
        if known == nil { lock.withLock { realFolders[folder] = real } }
        return real == "/" ? "/" + name : real + "/" + name
    }

    /// The reader for loading the contract `file` (directly in the contracts folder): the
    /// contract itself is read as it is, wherever a link to it leads (it was chosen by being
    /// in the folder), and what it refers to through ``read(_:)``.
    func reader(forContract file: String) -> SchemaCompiler.Reader {
        reader(forContracts: [file])
    }

    /// The reader for loading any of the contract `files`, like ``reader(forContract:)``.
    func reader(forContracts files: Set<String>) -> SchemaCompiler.Reader {
        let directory = directory
        return { [self] path in
            files.contains(path) ? try FileSystem.read(FileSystem.join(directory, path)) : try read(path)
        }
    }
}
