/// The `__files/` folder of a Mocks folder as the mapping loader sees it: the files that
/// `bodyFileName` names, read by whoever owns the file system (the CLI, or EnvelopeTesting's
/// reader). EnvelopeMock reads no files itself.
package struct BodyFiles: Sendable {
    /// The folder's path, as error messages name it.
    package let folder: String
    private let resolve: @Sendable (String) -> String?
    private let read: @Sendable (String) -> [UInt8]?
    /// The folder resolved when the loader was made, so that a folder of 3,000 body files is
    /// not resolved 3,000 times (nil when it did not exist then: it is resolved on each lookup).
    private let resolvedFolder: String?

    /// - Parameters:
    ///   - folder: the `__files` folder's path.
    ///   - resolve: a path's canonical absolute form, symbolic links resolved; nil when there
    ///     is nothing at that path.
    ///   - read: the bytes of the file at a resolved path; nil when it is no readable file.
    package init(folder: String, resolve: @escaping @Sendable (String) -> String?, read: @escaping @Sendable (String) -> [UInt8]?) {
        self.folder = folder
        self.resolve = resolve
        self.read = read
        resolvedFolder = resolve(folder)
    }

    /// No folder at all: every body file is missing (a server made in code, or a test).
    package static let none = BodyFiles(folder: "__files", resolve: { _ in nil }, read: { _ in nil })

    /// Where a body file named `name` is looked for.
    func path(of name: String) -> String {
        folder + "/" + name
    }

    /// The bytes of the body file `name` (relative, already checked for `..` and absolute
    /// paths); a symbolic link may not lead out of the folder.
    func bytes(of name: String) -> Lookup {
        guard let root = resolvedFolder ?? resolve(folder), let resolved = resolve(path(of: name)) else { return .notFound }
        guard resolved.utf8.starts(with: (root.utf8.last == UInt8(ascii: "/") ? root : root + "/").utf8) else {
            return .outside(resolved: resolved, root: root)
        }
        return read(resolved).map(Lookup.found) ?? .notFound
    }

    /// What looking a body file up gave.
    enum Lookup {
        case found([UInt8])
        case notFound
        /// The name resolves, through a symbolic link, to `resolved`, outside the folder `root`.
        case outside(resolved: String, root: String)
    }
}
