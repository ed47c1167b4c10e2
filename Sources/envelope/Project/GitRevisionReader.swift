import EnvelopeCore
import Foundation

/// Reads the files of a contract load as they were at a git revision, for `envelope diff
/// --git`: the contracts and every document their `$ref`s name, anywhere in the project
/// folder, by the rule of ``ProjectScope`` (the working tree's project folder, judged at the
/// revision: a symbolic link in the tree then is followed in that tree, and refused when it
/// leads out).
///
/// `@unchecked Sendable` is sound: `files` and `folders` are only read or written while
/// holding `lock`.
final class GitRevisionReader: @unchecked Sendable {
    /// Symbolic links followed at most on the way to one file, as the kernel's limit.
    static let maxLinks = 40

    let git: GitRevision
    /// The contracts folder, as given, relative to the working directory.
    let directory: String
    let scope: ProjectScope
    private let lock = NSLock()
    /// Bytes by path from the top of the repository, links resolved: a document that fifty
    /// contracts share is one `git show`.
    private var files: [String: [UInt8]] = [:]
    /// Folder listings by path from the top of the repository.
    private var folders: [String: [String: String]] = [:]

    init(git: GitRevision, directory: String) {
        self.git = git
        self.directory = directory
        scope = ProjectScope(contractsFolder: directory)
    }

    /// The bytes at the revision of `path`, relative to the contracts folder.
    func read(_ path: String) throws -> [UInt8] {
        let target = FileSystem.normalized(FileSystem.join(directory, path))
        try scope.check(target, real: nil)
        let inRepository = FileSystem.normalized(git.prefix + target)
        guard inRepository != "..", !inRepository.hasPrefix("../") else {
            throw CommandFailure.badInput("\(FileSystem.absolute(target)) is outside the git repository at \(git.top)")
        }
        let resolved = try resolvingLinks(inRepository)
        if let known = lock.withLock({ files[resolved] }) { return known }
        let bytes = try git.read(repositoryPath: resolved)
        return lock.withLock {
            if let first = files[resolved] { return first }
            files[resolved] = bytes
            return bytes
        }
    }

    /// `path` (from the top of the repository) with every symbolic link on it, at the
    /// revision, replaced by where it leads; each link must stay inside the project folder.
    func resolvingLinks(_ path: String) throws -> String {
        var pending = path.split(separator: "/").map(String.init)
        var resolved: [String] = []
        var links = 0
        while !pending.isEmpty {
            let name = pending.removeFirst()
            let folder = resolved.joined(separator: "/")
            let here = folder.isEmpty ? name : folder + "/" + name
            guard modes(inFolder: folder)[name] == "120000" else {
                resolved.append(name)
                continue
            }
            links += 1
            guard links <= Self.maxLinks else {
                throw CommandFailure.badInput("more than \(Self.maxLinks) symbolic links on the way to \(path) at \(git.revision)")
            }
            let link = String(decoding: try git.read(repositoryPath: here), as: UTF8.self)
            let leadsTo = FileSystem.normalized(link.hasPrefix("/") ? link : FileSystem.join(FileSystem.join(git.top, folder), link))
            guard scope.reaches(real: leadsTo) else {
                throw ProjectScope.Refusal(path: FileSystem.join(git.top, here), leadsTo: leadsTo, scope: scope)
            }
            guard FileSystem.isPath(leadsTo, inside: git.top) else {
                throw CommandFailure.badInput("\(here) leads through a symbolic link to \(leadsTo), outside the git repository at \(git.top)")
            }
            pending = leadsTo.dropFirst(git.top.count).split(separator: "/").map(String.init) + pending
            resolved = []
        }
        return resolved.joined(separator: "/")
    }

    /// The folder's entries at the revision, listed once.
    private func modes(inFolder folder: String) -> [String: String] {
        if let known = lock.withLock({ folders[folder] }) { return known }
        let modes = git.modes(inFolder: folder)
        lock.withLock { folders[folder] = modes }
        return modes
    }
}
