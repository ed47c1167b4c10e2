import Foundation

extension FileSystem {
    /// `path` with `.` and empty segments removed and each `..` taken back against the
    /// segment before it, by the text alone (no link is followed): `Contracts/../api/x.json`
    /// is `api/x.json`. A relative path keeps the `..`s it starts with (`../x.json`); an
    /// absolute one cannot climb above `/`. Empty is `.`.
    static func normalized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var segments: [Substring] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) where segment != "." {
            if segment == "..", let last = segments.last, last != ".." {
                segments.removeLast()
            } else if segment == "..", absolute {
                continue
            } else {
                segments.append(segment)
            }
        }
        let joined = segments.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// `directory/name` for a file a contract load names: one beside the contracts folder
    /// (`../api/openapi.json`) comes out as `api/openapi.json`, not `Contracts/../api/openapi.json`.
    static func join(_ directory: String, loaded name: String) -> String {
        name.hasPrefix("../") ? normalized(join(directory, name)) : join(directory, name)
    }

    /// `path` as an absolute, normalized path: relative paths are taken from the working
    /// directory.
    static func absolute(_ path: String) -> String {
        normalized(path.hasPrefix("/") ? path : join(FileManager.default.currentDirectoryPath, path))
    }

    /// Whether the normalized absolute `path` is `folder` or inside it (both absolute and
    /// normalized, by whole segments: `/a/bc` is not inside `/a/b`).
    static func isPath(_ path: String, inside folder: String) -> Bool {
        folder == "/" || path == folder || path.hasPrefix(folder + "/")
    }
}
