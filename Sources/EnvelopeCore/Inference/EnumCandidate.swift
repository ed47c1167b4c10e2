/// Whether a string reads as a code from a closed set (`paid`, `level-up`, `KRW`, `Y`) and so
/// may be an inferred `enum` value, rather than a link, a path, an id or free text, which only
/// look like a small set because the samples were few.
///
/// One string that is not a code keeps its whole place free of an `enum`: a set of links is
/// not closed because forty of them repeat.
enum EnumCandidate {
    /// Why a string is not a code, for the documentation and the tests.
    enum Rejection: Equatable {
        case tooLong, freeText, formatted, link, path, identifier
    }

    /// Nil when `text` may be an `enum` value, else what it looks like instead.
    static func rejection(of text: String, maxLength: Int) -> Rejection? {
        if text.count > maxLength { return .tooLong }
        let bytes = Array(text.utf8)
        // Codes are single words; words with spaces are names, titles and sentences.
        if bytes.contains(where: { $0 == 32 || $0 == 9 || $0 == 10 || $0 == 13 }) { return .freeText }
        if StringFormat.allCases.contains(where: { $0.matches(text) }) { return .formatted }
        if isLink(bytes) { return .link }
        if isPath(bytes) { return .path }
        if isIdentifier(bytes) { return .identifier }
        return nil
    }

    /// `scheme://…`, `www.…`, `mailto:…`, or a query string (`a=1&b=2`, `?page=2`).
    private static func isLink(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self).lowercased()
        if text.contains("://") || text.hasPrefix("www.") || text.hasPrefix("mailto:") { return true }
        return bytes.contains(UInt8(ascii: "=")) && (bytes.contains(UInt8(ascii: "?")) || bytes.contains(UInt8(ascii: "&")))
    }

    /// `/api/v2/move/1/`, `./a`, `~/a`, `a\b`, `api/v2/move`: a leading slash, a backslash,
    /// or two slashes. One inner slash (`text/html`, `n/a`) may still be a code.
    private static func isPath(_ bytes: [UInt8]) -> Bool {
        let slash = UInt8(ascii: "/")
        if bytes.first == slash || bytes.contains(UInt8(ascii: "\\")) { return true }
        if bytes.starts(with: Array("./".utf8)) || bytes.starts(with: Array("../".utf8)) || bytes.starts(with: Array("~/".utf8)) { return true }
        return bytes.filter { $0 == slash }.count >= 2
    }

    private static let numberPunctuation = Set("-_.:+,#/".utf8)

    /// Numbers and number-like codes (`12`, `1.2.3`, `+82`, `2024-05`), hex ids of eight or
    /// more digits (`5f3a9c1e`), four digits in a row (`user_12345`, `ORD-0001`), and long
    /// tokens mixing letters and digits (`ghp_a1b2c3d4e5f6g7h8`).
    private static func isIdentifier(_ bytes: [UInt8]) -> Bool {
        let isDigit = { (byte: UInt8) in byte >= 48 && byte <= 57 }
        let isLetter = { (byte: UInt8) in (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) }
        let digits = bytes.filter(isDigit).count
        guard digits > 0 else { return false }
        if bytes.allSatisfy({ isDigit($0) || numberPunctuation.contains($0) }) { return true }
        let isHex = { (byte: UInt8) in isDigit(byte) || (byte >= 97 && byte <= 102) || (byte >= 65 && byte <= 70) }
        if bytes.count >= 8, bytes.allSatisfy(isHex) { return true }
        var run = 0
        for byte in bytes {
            run = isDigit(byte) ? run + 1 : 0
            if run >= 4 { return true }
        }
        return bytes.count >= 16 && bytes.contains(where: isLetter)
    }
}
