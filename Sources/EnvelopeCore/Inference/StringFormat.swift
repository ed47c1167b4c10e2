/// The string formats ``SchemaInferrer`` recognises. A place gets a `format` only when every
/// string seen there matches it, so one free-text value keeps a place format-free.
///
/// The checks are deliberately narrower than the RFCs (a `uri` must look like
/// `scheme://rest`, an `email` needs a dot in its domain): a format a reviewer did not expect
/// is worse than one left out.
public enum StringFormat: String, Sendable, CaseIterable, Hashable {
    /// RFC 3339 date and time: `2024-05-01T09:30:00Z`, `2024-05-01T09:30:00.123+09:00`.
    case dateTime = "date-time"
    /// RFC 3339 full date: `2024-05-01`.
    case date
    /// An absolute URI with an authority: `https://example.com/a?b=c`.
    case uri
    /// `name@domain.tld`.
    case email
    /// RFC 4122 text form: `123e4567-e89b-12d3-a456-426614174000`.
    case uuid

    /// Whether `text` has this format.
    public func matches(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        switch self {
        case .dateTime: return Self.isDateTime(bytes)
        case .date: return bytes.count == 10 && Self.isDate(bytes[...])
        case .uri: return Self.isURI(bytes)
        case .email: return Self.isEmail(bytes)
        case .uuid: return Self.isUUID(bytes)
        }
    }

    private static func digits(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return bytes.reduce(0) { $0 * 10 + Int($1 - 48) }
    }

    private static func isDate(_ bytes: ArraySlice<UInt8>) -> Bool {
        let b = Array(bytes)
        guard b.count == 10, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
              digits(b[0..<4]) != nil, let month = digits(b[5..<7]), let day = digits(b[8..<10]) else { return false }
        return (1...12).contains(month) && (1...31).contains(day)
    }

    private static func isTime(_ b: ArraySlice<UInt8>) -> Bool {
        let t = Array(b)
        guard t.count >= 8, t[2] == UInt8(ascii: ":"), t[5] == UInt8(ascii: ":"),
              let hour = digits(t[0..<2]), let minute = digits(t[3..<5]), let second = digits(t[6..<8]),
              hour < 24, minute < 60, second <= 60 else { return false }
        var rest = t[8...]
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            let fraction = rest.prefix { $0 >= 48 && $0 <= 57 }
            guard !fraction.isEmpty else { return false }
            rest = rest.dropFirst(fraction.count)
        }
        if rest.count == 1, rest.first == UInt8(ascii: "Z") || rest.first == UInt8(ascii: "z") { return true }
        let zone = Array(rest)
        guard zone.count == 6, zone[0] == UInt8(ascii: "+") || zone[0] == UInt8(ascii: "-"), zone[3] == UInt8(ascii: ":"),
              let zoneHour = digits(zone[1..<3]), let zoneMinute = digits(zone[4..<6]) else { return false }
        return zoneHour < 24 && zoneMinute < 60
    }

    private static func isDateTime(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 20, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t") else { return false }
        return isDate(bytes[0..<10]) && isTime(bytes[11...])
    }

    private static func isURI(_ bytes: [UInt8]) -> Bool {
        guard let first = bytes.first, isLetter(first), let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return false }
        let scheme = bytes[0..<colon]
        guard scheme.allSatisfy({ isLetter($0) || ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }),
              bytes.count > colon + 3, bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/") else { return false }
        // Printable ASCII without space and the characters RFC 3986 never allows unescaped.
        let forbidden: Set<UInt8> = Set("\"<>\\^`{|} ".utf8)
        return bytes[(colon + 3)...].allSatisfy { $0 > 32 && $0 < 127 && !forbidden.contains($0) }
    }

    private static func isEmail(_ bytes: [UInt8]) -> Bool {
        guard let at = bytes.firstIndex(of: UInt8(ascii: "@")), at > 0, bytes.lastIndex(of: UInt8(ascii: "@")) == at else { return false }
        let domain = bytes[(at + 1)...]
        guard let dot = domain.lastIndex(of: UInt8(ascii: ".")), dot > domain.startIndex, bytes.count - dot > 2 else { return false }
        return bytes.allSatisfy { $0 > 32 && $0 < 127 } && bytes[(dot + 1)...].allSatisfy(isLetter)
    }

    private static func isUUID(_ bytes: [UInt8]) -> Bool {
        guard bytes.count == 36 else { return false }
        for (position, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(position) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard (byte >= 48 && byte <= 57) || (byte >= 97 && byte <= 102) || (byte >= 65 && byte <= 70) else { return false }
            }
        }
        return true
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122)
    }
}
