/// A URL taken apart the way a deep link needs: scheme, host, path, and the query items in
/// order (repeated names kept), percent-decoded.
///
/// Works for custom schemes (`abc://host?a1_b=1`), `scheme:path` forms (`mailto:x`), and
/// relative references (`/path?q=1`, `?q=1`). `+` stays a plus sign unless asked otherwise,
/// as in `URLComponents` (RFC 3986 gives it no special meaning; HTML forms use it for space).
public struct URLParts: Sendable, Hashable {
    /// The scheme, lowercased (`abc`), or nil for a relative reference.
    public var scheme: String?
    /// The host (`host`), or nil when there is no `//` authority.
    public var host: String?
    /// The path, percent-decoded (empty for `abc://host?...`).
    public var path: String
    /// The query items, in order.
    public var query: [QueryItem]
    /// The fragment after `#`, if any.
    public var fragment: String?

    /// Creates parts.
    public init(scheme: String? = nil, host: String? = nil, path: String = "", query: [QueryItem] = [], fragment: String? = nil) {
        self.scheme = scheme
        self.host = host
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// Takes `url` apart. Never fails: a string with no scheme is a relative reference, and
    /// a broken `%` escape is kept as written.
    public static func parse(_ url: String, plusAsSpace: Bool = false) -> URLParts {
        let scalars = Array(url.unicodeScalars)
        var parts = URLParts()
        var index = 0
        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"
        func isLetter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        if let colon = scalars.firstIndex(where: { !(isLetter($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) }),
           colon > 0, scalars[colon] == ":", isLetter(scalars[0]) {
            parts.scheme = String(String.UnicodeScalarView(scalars[..<colon])).lowercased()
            index = colon + 1
        }
        if index + 1 < scalars.count, scalars[index] == "/", scalars[index + 1] == "/" {
            index += 2
            var end = index
            while end < scalars.count, !"/?#".unicodeScalars.contains(scalars[end]) { end += 1 }
            var authority = String(String.UnicodeScalarView(scalars[index..<end]))
            if let at = authority.lastIndex(of: "@") { authority = String(authority[authority.index(after: at)...]) }
            parts.host = percentDecode(authority, plusAsSpace: false)
            index = end
        }
        var pathEnd = index
        while pathEnd < scalars.count, scalars[pathEnd] != "?", scalars[pathEnd] != "#" { pathEnd += 1 }
        parts.path = percentDecode(String(String.UnicodeScalarView(scalars[index..<pathEnd])), plusAsSpace: false)
        index = pathEnd
        if index < scalars.count, scalars[index] == "?" {
            index += 1
            var queryEnd = index
            while queryEnd < scalars.count, scalars[queryEnd] != "#" { queryEnd += 1 }
            parts.query = parseQuery(scalars[index..<queryEnd], plusAsSpace: plusAsSpace)
            index = queryEnd
        }
        if index < scalars.count, scalars[index] == "#" {
            parts.fragment = percentDecode(String(String.UnicodeScalarView(scalars[(index + 1)...])), plusAsSpace: false)
        }
        return parts
    }

    /// The items of a query string (without the `?`): `a=1&b&c=%20`. Empty pairs (`a=1&&b=2`)
    /// are skipped.
    public static func parseQuery(_ query: String, plusAsSpace: Bool = false) -> [QueryItem] {
        let scalars = Array(query.unicodeScalars)
        return parseQuery(scalars[...], plusAsSpace: plusAsSpace)
    }

    /// The items of `scalars`; positions are the slice's own indices (so, in the whole URL).
    static func parseQuery(_ scalars: ArraySlice<Unicode.Scalar>, plusAsSpace: Bool) -> [QueryItem] {
        var items: [QueryItem] = []
        var pairStart = scalars.startIndex
        func flush(_ end: Int) {
            defer { pairStart = end + 1 }
            guard end > pairStart else { return }
            let pair = scalars[pairStart..<end]
            if let equals = pair.firstIndex(of: "=") {
                items.append(QueryItem(name: percentDecode(String(String.UnicodeScalarView(pair[..<equals])), plusAsSpace: plusAsSpace),
                                       value: percentDecode(String(String.UnicodeScalarView(pair[(equals + 1)...])), plusAsSpace: plusAsSpace),
                                       position: pairStart))
            } else {
                items.append(QueryItem(name: percentDecode(String(String.UnicodeScalarView(pair)), plusAsSpace: plusAsSpace), value: nil, position: pairStart))
            }
        }
        var index = scalars.startIndex
        while index < scalars.endIndex {
            if scalars[index] == "&" || scalars[index] == ";" { flush(index) }
            index += 1
        }
        flush(scalars.endIndex)
        return items
    }

    /// Decodes `%XX` escapes as UTF-8 (and `+` as a space when asked). A `%` not followed by
    /// two hex digits, or escapes that are not valid UTF-8, are kept as written rather than
    /// dropped, so nothing the sender wrote disappears silently.
    public static func percentDecode(_ text: String, plusAsSpace: Bool = false) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) || (plusAsSpace && text.utf8.contains(UInt8(ascii: "+"))) else { return text }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) {
                out.append(high << 4 | low)
                index += 3
            } else if plusAsSpace, byte == UInt8(ascii: "+") {
                out.append(UInt8(ascii: " "))
                index += 1
            } else {
                out.append(byte)
                index += 1
            }
        }
        return String(validating: out, as: UTF8.self) ?? text
    }
}
