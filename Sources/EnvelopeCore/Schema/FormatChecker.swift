import Foundation

/// Checks of the `format` values Envelope asserts when a contract asks for it: date-time, date,
/// time (RFC 3339), email, hostname, ipv4, ipv6, uri, uri-reference, uuid, and a few more.
///
/// Unknown formats are not asserted (as the specification says), so ``check(_:_:)`` answers
/// nil for them.
enum FormatChecker {
    /// Whether `text` is in `format`; nil when Envelope does not know the format.
    static func check(_ format: String, _ text: String) -> Bool? {
        switch format {
        case "date-time": return isDateTime(text)
        case "date": return isDate(text)
        case "time": return isTime(text)
        case "email": return isEmail(text)
        case "hostname": return isHostname(text)
        case "ipv4": return isIPv4(text)
        case "ipv6": return isIPv6(text)
        case "uri": return isURI(text, absolute: true)
        case "uri-reference": return isURI(text, absolute: false)
        case "uuid": return isUUID(text)
        case "json-pointer": return text.isEmpty || (text.unicodeScalars.first == "/" && isPointerBody(text))
        case "regex": return SchemaRegex(text) != nil
        default: return nil
        }
    }

    static func digits(_ text: Substring, count: Int) -> Int? {
        guard text.count == count, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, let year = digits(parts[0], count: 4), let month = digits(parts[1], count: 2),
              let day = digits(parts[2], count: 2), (1...12).contains(month), day >= 1 else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return day <= days
    }

    static func isTime(_ text: String) -> Bool {
        let chars = Array(text)
        guard chars.count >= 9, chars[2] == ":", chars[5] == ":" else { return false }
        guard let hour = digits(Substring(String(chars[0..<2])), count: 2), let minute = digits(Substring(String(chars[3..<5])), count: 2),
              let second = digits(Substring(String(chars[6..<8])), count: 2) else { return false }
        var rest = chars[8...]
        if rest.first == "." {
            rest = rest.dropFirst()
            let fraction = rest.prefix { $0.isASCII && $0.isNumber }
            guard !fraction.isEmpty else { return false }
            rest = rest.dropFirst(fraction.count)
        }
        var offsetMinutes = 0
        guard let zone = rest.first else { return false }
        if zone == "Z" || zone == "z" {
            guard rest.count == 1 else { return false }
        } else if zone == "+" || zone == "-" {
            let offset = Array(rest.dropFirst())
            guard offset.count == 5, offset[2] == ":", let h = digits(Substring(String(offset[0..<2])), count: 2),
                  let m = digits(Substring(String(offset[3..<5])), count: 2), h <= 23, m <= 59 else { return false }
            offsetMinutes = (h * 60 + m) * (zone == "+" ? 1 : -1)
        } else {
            return false
        }
        guard hour <= 23, minute <= 59, second <= 60 else { return false }
        if second == 60 {
            // A leap second exists only at 23:59:60 UTC.
            let utc = ((hour * 60 + minute - offsetMinutes) % 1440 + 1440) % 1440
            return utc == 23 * 60 + 59
        }
        return true
    }

    static func isDateTime(_ text: String) -> Bool {
        guard let separator = text.firstIndex(where: { $0 == "T" || $0 == "t" }) else { return false }
        return isDate(String(text[..<separator])) && isTime(String(text[text.index(after: separator)...]))
    }

    static func isEmail(_ text: String) -> Bool {
        guard let at = text.lastIndex(of: "@") else { return false }
        let local = text[..<at]
        let domain = String(text[text.index(after: at)...])
        if local.hasPrefix("\"") {
            // A quoted local part (RFC 5321 §4.1.2) may hold dots, spaces and @ freely.
            guard local.count >= 2, local.hasSuffix("\"") else { return false }
        } else {
            let atext = Set("!#$%&'*+-/=?^_`{|}~.")
            guard !local.isEmpty, !local.hasPrefix("."), !local.hasSuffix("."), !local.contains(".."),
                  local.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || atext.contains($0)) }) else { return false }
        }
        if domain.hasPrefix("[") && domain.hasSuffix("]") {
            let inner = String(domain.dropFirst().dropLast())
            return inner.hasPrefix("IPv6:") ? isIPv6(String(inner.dropFirst(5))) : isIPv4(inner)
        }
        return isHostname(domain)
    }

    static func isHostname(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 253 else { return false }
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        return labels.allSatisfy { label in
            guard !label.isEmpty, label.utf8.count <= 63, !label.hasPrefix("-"), !label.hasSuffix("-") else { return false }
            if label.count >= 4, label.dropFirst(2).hasPrefix("--"), !label.lowercased().hasPrefix("xn--") { return false }
            return label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
    }

    static func isIPv4(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            guard (1...3).contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(part), value <= 255 else { return false }
            return part.count == 1 || part.first != "0"
        }
    }

    static func isIPv6(_ text: String) -> Bool {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isHexDigit || $0 == ":" || $0 == ".") }) else { return false }
        var body = text
        var groupsNeeded = 8
        if let lastColon = text.lastIndex(of: ":"), text[text.index(after: lastColon)...].contains(".") {
            guard isIPv4(String(text[text.index(after: lastColon)...])) else { return false }
            body = String(text[...lastColon]) + "0"
            groupsNeeded = 7
        }
        let halves = body.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        func groups(_ part: String) -> [Substring]? {
            if part.isEmpty { return [] }
            let items = part.split(separator: ":", omittingEmptySubsequences: false)
            guard items.allSatisfy({ (1...4).contains($0.count) }) else { return nil }
            return items
        }
        guard let first = groups(halves[0]) else { return false }
        if halves.count == 2 {
            guard let second = groups(halves[1]) else { return false }
            return first.count + second.count < groupsNeeded
        }
        return first.count == groupsNeeded
    }

    static func isURI(_ text: String, absolute: Bool) -> Bool {
        let forbidden = Set(" \\\"<>^`{|}")
        guard !text.contains(where: { forbidden.contains($0) || !$0.isASCII || $0.asciiValue.map({ $0 < 0x20 }) == true }) else { return false }
        // Every % starts a two-hex-digit triplet.
        let characters = Array(text)
        for (position, character) in characters.enumerated() where character == "%" {
            guard position + 2 < characters.count, characters[position + 1].isHexDigit, characters[position + 2].isHexDigit else { return false }
        }
        var rest = Substring(text)
        if let colon = text.firstIndex(of: ":"), let first = text.first, first.isLetter,
           text[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }) {
            rest = text[text.index(after: colon)...]
        } else if absolute {
            return false
        }
        var path = rest
        if rest.hasPrefix("//") {
            let authority = rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            path = rest.dropFirst(2 + authority.count)
            var host = authority
            if let at = authority.lastIndex(of: "@") {
                let userinfo = authority[..<at]
                guard !userinfo.contains("[") && !userinfo.contains("]") else { return false }
                host = authority[authority.index(after: at)...]
            }
            if host.hasPrefix("[") {
                guard let close = host.firstIndex(of: "]") else { return false }
                let literal = host[host.index(after: host.startIndex)..<close]
                guard isIPv6(String(literal)) || literal.hasPrefix("v") else { return false }
                let after = host[host.index(after: close)...]
                guard after.isEmpty || (after.hasPrefix(":") && after.dropFirst().allSatisfy(\.isNumber)) else { return false }
            } else {
                let parts = host.split(separator: ":", omittingEmptySubsequences: false)
                guard parts.count <= 2, !parts[0].contains("[") && !parts[0].contains("]") else { return false }
                if parts.count == 2 && !parts[1].allSatisfy(\.isNumber) { return false }
            }
        }
        let pathOnly = path.prefix { $0 != "?" && $0 != "#" }
        return !pathOnly.contains("[") && !pathOnly.contains("]")
    }

    static func isUUID(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.map(\.count) == [8, 4, 4, 4, 12] else { return false }
        return parts.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isHexDigit } }
    }

    static func isPointerBody(_ text: String) -> Bool {
        // Code points: "~0" followed by a combining mark is still an escaped "~".
        var iterator = text.unicodeScalars.makeIterator()
        while let character = iterator.next() {
            if character == "~" {
                guard let next = iterator.next(), next == "0" || next == "1" else { return false }
            }
        }
        return true
    }
}
