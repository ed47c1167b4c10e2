/// The shape of a path no contract covers, to group such requests: segments that look like
/// identifiers (all digits, a UUID, a long hex string, or mostly digits) read `{id}`, so
/// `/v1/menus/42` and `/v1/menus/43` are both `/v1/menus/{id}`.
public enum PathShape {
    /// The shape of `path` (decoded, without the query).
    public static func shape(of path: String) -> String {
        let shaped = segments(of: path).map { looksLikeIdentifier($0) ? "{id}" : $0 }
        return "/" + shaped.joined(separator: "/")
    }

    /// The `/`-separated pieces after the leading `/`, split by code point (a `/` before a
    /// combining mark is one Character to Swift).
    public static func segments(of path: String) -> [String] {
        path.unicodeScalars.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { String(String.UnicodeScalarView($0)) }
    }

    /// Whether a segment is an identifier rather than a name.
    static func looksLikeIdentifier(_ segment: String) -> Bool {
        let bytes = Array(segment.utf8)
        guard !bytes.isEmpty else { return false }
        let digits = bytes.filter { (0x30...0x39).contains($0) }.count
        if digits == bytes.count { return true }
        let isHex = bytes.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0 | 0x20) || $0 == UInt8(ascii: "-") }
        if isHex, bytes.count >= 16, digits > 0 { return true }
        return bytes.count >= 8 && digits * 2 >= bytes.count
    }
}
