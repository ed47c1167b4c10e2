import Foundation

/// Reads files as they were at a git revision (`git show REV:path`), for `envelope diff --git`.
/// The working directory must be inside the repository; paths are relative to it, as the user
/// typed them.
struct GitRevision {
    /// The revision as given (`HEAD~1`, `main`, a hash).
    let revision: String
    /// The working directory's path inside the repository (`""` at the top, `sub/` below).
    let prefix: String
    /// The top folder of the working tree, absolute, its links resolved.
    let top: String

    /// Opens `revision` for reading, or fails with git's own message (not a repository,
    /// unknown revision).
    init(revision: String) throws(CommandFailure) {
        self.revision = revision
        let top = try Self.git(["rev-parse", "--show-prefix"])
        prefix = String(decoding: top, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let topLevel = String(decoding: try Self.git(["rev-parse", "--show-toplevel"]), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        self.top = FileSystem.realPath(topLevel) ?? topLevel
        _ = try Self.git(["rev-parse", "--verify", "--quiet", revision + "^{commit}"], failure: "unknown git revision '\(revision)'")
    }

    /// The bytes of the file at `path` from the top of the repository, at the revision.
    func read(repositoryPath path: String) throws(CommandFailure) -> [UInt8] {
        try Self.git(["show", "\(revision):\(path)"], failure: "no file \(path) at \(revision)")
    }

    /// The entries directly in the folder at `path` from the top of the repository (`""` for
    /// the top), at the revision: name → git's mode (`100644`, `040000`, `120000` for a
    /// symbolic link). Empty when there was no such folder.
    func modes(inFolder path: String) -> [String: String] {
        guard let listing = try? Self.git(["ls-tree", "-z", "\(revision):\(path)"]) else { return [:] }
        var modes: [String: String] = [:]
        // `MODE TYPE OBJECT<TAB>NAME`, each ended by NUL (names are not quoted with -z).
        for entry in listing.split(separator: 0) {
            guard let tab = entry.firstIndex(of: UInt8(ascii: "\t")), let space = entry.firstIndex(of: UInt8(ascii: " ")) else { continue }
            modes[String(decoding: entry[entry.index(after: tab)...], as: UTF8.self)] = String(decoding: entry[..<space], as: UTF8.self)
        }
        return modes
    }

    /// The `*.json` files directly in `directory` at the revision, sorted by name; empty when
    /// the folder did not exist then.
    func jsonFiles(in directory: String) -> [String] {
        guard let listing = try? Self.git(["ls-tree", "--name-only", "\(revision):\(prefix)\(Self.normalized(directory))"]) else { return [] }
        return String(decoding: listing, as: UTF8.self).split(separator: "\n").map(String.init)
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
    }

    /// `./a//b/` → `a/b`, since `git show` takes paths relative to the tree exactly.
    static func normalized(_ path: String) -> String {
        path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
    }

    /// Runs git and returns its standard output; a non-zero exit is a failure with `failure`
    /// (or git's message).
    private static func git(_ arguments: [String], failure: String? = nil) throws(CommandFailure) -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        do {
            try process.run()
        } catch {
            throw .badInput("cannot run git: \(error.localizedDescription) (is git installed?)")
        }
        nonisolated(unsafe) var errorData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errorData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw .badInput(failure ?? "git \(arguments.joined(separator: " ")) failed: \(message)")
        }
        return Array(output)
    }
}
