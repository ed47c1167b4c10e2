import Foundation

extension FileSystem {
    /// `path` with `.` and empty segments removed and each `..` taken back against the
    /// segment before it, by the text alone (no link is followed): `Contracts/../api/x.json`
    /// is `api/x.json`. A relative path keeps the `..`s it starts with (`../x.json`); an
    /// absolute one cannot climb above `/`. Empty is `.`.
    static func normalized(_ path: String) -> String {
        // By bytes, not Characters: `/` is one byte in UTF-8 and never part of another
        // character's bytes, and a path is split where the system splits it, even before a
        // combining mark (which would join the slash into one Character).
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        let bytes = Array(path.utf8)
        let absolute = bytes.first == slash
        var joined: [UInt8] = []
        joined.reserveCapacity(bytes.count + 1)
        // Where each segment kept so far starts in `joined` (its slash included), and whether it is `..`.
        var kept: [(start: Int, isParentStep: Bool)] = []
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != slash { end += 1 }
            defer { start = end + 1 }
            let length = end - start
            if length == 0 || (length == 1 && bytes[start] == dot) { continue }
            let isParentStep = length == 2 && bytes[start] == dot && bytes[start + 1] == dot
            if isParentStep, let last = kept.last, !last.isParentStep {
                joined.removeSubrange(last.start...)
                kept.removeLast()
                continue
            }
            if isParentStep && absolute { continue }
            kept.append((joined.count, isParentStep))
            if absolute || !joined.isEmpty { joined.append(slash) }
            joined.append(contentsOf: bytes[start..<end])
        }
        if joined.isEmpty { return absolute ? "/" : "." }
        return String(decoding: joined, as: UTF8.self)
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
        // By bytes, as the system compares names (String's == would take two spellings of
        // an accented letter for one).
        if folder == "/" { return true }
        guard path.utf8.starts(with: folder.utf8) else { return false }
        let rest = path.utf8.dropFirst(folder.utf8.count)
        return rest.isEmpty || rest.first == UInt8(ascii: "/")
    }
}
