import Foundation
import EnvelopeCore

extension FileSystem {
    /// `path` with `.` and empty segments removed and each `..` taken back against the
    /// segment before it, by the text alone (no link is followed): `Contracts/../api/x.json`
    /// is `api/x.json`. A relative path keeps the `..`s it starts with (`../x.json`); an
    /// absolute one cannot climb above `/`. Empty is `.`.
    static func normalized(_ path: String) -> String {
        // Most paths are normal already (each file a load reads is judged by its normalized
        // path again): those are given back as they are, after one look at their bytes.
        if isNormal(path) { return path }
        return normalizedASCII(path) ?? normalizedBySegments(path)
    }

    /// ``normalizedBySegments(_:)`` of an ASCII path (where characters are bytes), on its
    /// bytes, without a string for each segment; nil for any other path.
    static func normalizedASCII(_ path: String) -> String? {
        let bytes = Array(path.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        let absolute = bytes.first == UInt8(ascii: "/")
        let isParentStep = PathSegments.isParentStep
        var segments: [ArraySlice<UInt8>] = []
        for segment in bytes.split(separator: UInt8(ascii: "/")) where !segment.elementsEqual(".".utf8) {
            if isParentStep(segment), let last = segments.last, !isParentStep(last) {
                segments.removeLast()
            } else if isParentStep(segment), absolute {
                continue
            } else {
                segments.append(segment)
            }
        }
        let result = PathSegments.joined(segments, absolute: absolute)
        return result.isEmpty ? "." : String(decoding: result, as: UTF8.self)
    }

    /// ``normalized(_:)`` the long way: segment by segment.
    static func normalizedBySegments(_ path: String) -> String {
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

    /// Whether `path` is ASCII (where characters are bytes) and ``normalized(_:)`` would give
    /// it back unchanged: `/`, `.`, or no empty, `.` or trailing segment, and `..` only at the
    /// start of a relative path.
    static func isNormal(_ path: String) -> Bool {
        let bytes = path.utf8
        guard let first = bytes.first else { return false }
        if bytes.count == 1 && (first == UInt8(ascii: "/") || first == UInt8(ascii: ".")) { return true }
        let absolute = first == UInt8(ascii: "/")
        var segmentLength = 0, dots = 0, onlyParentSteps = !absolute
        for (position, byte) in bytes.enumerated() {
            guard byte < 0x80 else { return false }
            if byte == UInt8(ascii: "/") {
                if position == 0 { continue }
                guard segmentLength > 0, segmentLength != 1 || dots != 1 else { return false }
                let isParentStep = segmentLength == 2 && dots == 2
                guard !isParentStep || onlyParentSteps else { return false }
                onlyParentSteps = onlyParentSteps && isParentStep
                segmentLength = 0
                dots = 0
                continue
            }
            segmentLength += 1
            if byte == UInt8(ascii: ".") { dots += 1 }
        }
        // The last segment: not empty (no trailing slash), not `.`, and `..` only in a run of them.
        guard segmentLength > 0, segmentLength != 1 || dots != 1 else { return false }
        return !(segmentLength == 2 && dots == 2) || onlyParentSteps
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
