import Foundation

/// Reads files as they were at a git revision (`git show REV:path`), for `envelope diff --git`.
/// The working directory must be inside the repository; paths are relative to it, as the user
/// typed them.
struct GitRevision {
    /// The revision as given (`HEAD~1`, `main`, a hash).
    let revision: String
    /// The working directory's path inside the repository (`""` at the top, `sub/` below).
    let prefix: String

    /// Opens `revision` for reading, or fails with git's own message (not a repository,
    /// unknown revision).
    init(revision: String) throws(CommandFailure) {
        self.revision = revision
        let top = try Self.git(["rev-parse", "--show-prefix"])
        prefix = String(decoding: top, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try Self.git(["rev-parse", "--verify", "--quiet", revision + "^{commit}"], failure: "unknown git revision '\(revision)'")
    }

    /// The bytes of `path` at the revision.
    func read(_ path: String) throws(CommandFailure) -> [UInt8] {
        try Self.git(["show", "\(revision):\(prefix)\(Self.normalized(path))"], failure: "no file \(path) at \(revision)")
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
