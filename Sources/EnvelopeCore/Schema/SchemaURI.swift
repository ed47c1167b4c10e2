/// URI references as JSON Schema uses them for `$id` and `$ref` (RFC 3986 §5.2 resolution,
/// without percent-decoding or normalisation beyond dot segments).
public enum SchemaURI {
    /// The parts of a URI reference.
    struct Parts {
        var scheme: String?
        var authority: String?
        var path: String
        var query: String?
        var fragment: String?

        var text: String {
            var out = ""
            if let scheme { out += scheme + ":" }
            if let authority { out += "//" + authority }
            out += path
            if let query { out += "?" + query }
            if let fragment { out += "#" + fragment }
            return out
        }
    }

    /// Splits a reference into its parts. By byte, not Character: a delimiter followed by a
    /// combining mark is one Character to Swift, and would not be found; every delimiter is
    /// ASCII, one byte in UTF-8 that no other character's bytes contain.
    static func parse(_ reference: String) -> Parts {
        func text(_ bytes: Substring.UTF8View) -> String { String(decoding: bytes, as: UTF8.self) }
        var rest = Substring(reference).utf8
        var fragment: String?
        if let hash = rest.firstIndex(of: UInt8(ascii: "#")) {
            fragment = text(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        var query: String?
        if let mark = rest.firstIndex(of: UInt8(ascii: "?")) {
            query = text(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        }
        var scheme: String?
        if let colon = rest.firstIndex(of: UInt8(ascii: ":")) {
            // RFC 3986 §3.1: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), all ASCII.
            let candidate = rest[..<colon]
            func isLetter(_ c: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(c) }
            func isOther(_ c: UInt8) -> Bool {
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") || c == UInt8(ascii: ".")
            }
            if let first = candidate.first, isLetter(first), candidate.allSatisfy({ isLetter($0) || isOther($0) }) {
                scheme = text(candidate)
                rest = rest[rest.index(after: colon)...]
            }
        }
        var authority: String?
        if rest.starts(with: "//".utf8) {
            let afterSlashes = rest.dropFirst(2)
            let end = afterSlashes.firstIndex(of: UInt8(ascii: "/")) ?? afterSlashes.endIndex
            authority = text(afterSlashes[..<end])
            rest = afterSlashes[end...]
        }
        return Parts(scheme: scheme, authority: authority, path: text(rest), query: query, fragment: fragment)
    }

    /// Resolves `reference` against the absolute `base`.
    ///
    /// With `keepingParentSteps`, a `..` that would climb above the root of the path is kept
    /// (`../api/x.json` against `file:///c.json` is `file:///../api/x.json`) rather than
    /// dropped as RFC 3986 does: contract files' URIs are relative to the contracts folder,
    /// and a reference to a file beside it must name that file, for the reader to judge.
    public static func resolve(_ reference: String, against base: String, keepingParentSteps: Bool = false) -> String {
        let removeDotSegments = { (path: String) in Self.removeDotSegments(path, keepingParentSteps: keepingParentSteps) }
        let r = parse(reference)
        let b = parse(base)
        var t = Parts(scheme: nil, authority: nil, path: "", query: nil, fragment: r.fragment)
        if r.scheme != nil {
            t.scheme = r.scheme
            t.authority = r.authority
            t.path = removeDotSegments(r.path)
            t.query = r.query
        } else {
            if r.authority != nil {
                t.authority = r.authority
                t.path = removeDotSegments(r.path)
                t.query = r.query
            } else {
                if r.path.isEmpty {
                    t.path = b.path
                    t.query = r.query ?? b.query
                } else {
                    if r.path.utf8.first == UInt8(ascii: "/") {
                        t.path = removeDotSegments(r.path)
                    } else {
                        t.path = removeDotSegments(merge(base: b, path: r.path))
                    }
                    t.query = r.query
                }
                t.authority = b.authority
            }
            t.scheme = b.scheme
        }
        return t.text
    }

    private static func merge(base: Parts, path: String) -> String {
        if base.authority != nil && base.path.isEmpty { return "/" + path }
        let bytes = base.path.utf8
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(decoding: bytes[...slash], as: UTF8.self) + path
    }

    /// RFC 3986 §5.2.4, segments split by byte (as ``parse(_:)``); with `keepingParentSteps`,
    /// a `..` with nothing left to remove is kept rather than dropped.
    static func removeDotSegments(_ path: String, keepingParentSteps: Bool = false) -> String {
        let bytes = Substring(path).utf8
        let absolute = bytes.first == UInt8(ascii: "/")
        func isParentStep(_ segment: Substring.UTF8View) -> Bool { segment.elementsEqual("..".utf8) }
        let segments = bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        var output: [Substring.UTF8View] = []
        // A dot segment at the end leaves the path ending in a slash: an empty last segment.
        let trailingSlash = bytes[bytes.endIndex...]
        for (position, segment) in segments.enumerated() {
            if position == 0 && absolute { continue }
            if segment.elementsEqual(".".utf8) {
                if position == segments.count - 1 { output.append(trailingSlash) }
            } else if isParentStep(segment) {
                if let last = output.last, !(keepingParentSteps && isParentStep(last)) {
                    output.removeLast()
                } else if keepingParentSteps {
                    output.append(segment)
                }
                if position == segments.count - 1 { output.append(trailingSlash) }
            } else {
                output.append(segment)
            }
        }
        var joined: [UInt8] = absolute ? [UInt8(ascii: "/")] : []
        joined.reserveCapacity(bytes.count + 1)
        for (position, segment) in output.enumerated() {
            if position > 0 { joined.append(UInt8(ascii: "/")) }
            joined.append(contentsOf: segment)
        }
        return String(decoding: joined, as: UTF8.self)
    }

    /// The URI without its fragment.
    public static func withoutFragment(_ uri: String) -> String {
        let bytes = uri.utf8
        guard let hash = bytes.firstIndex(of: UInt8(ascii: "#")) else { return uri }
        return String(decoding: bytes[..<hash], as: UTF8.self)
    }

    /// The fragment, percent-decoded (empty when there is none).
    public static func fragment(of uri: String) -> String {
        let bytes = uri.utf8
        guard let hash = bytes.firstIndex(of: UInt8(ascii: "#")) else { return "" }
        return percentDecoded(String(decoding: bytes[bytes.index(after: hash)...], as: UTF8.self))
    }

    static func percentDecoded(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "%"), iterator.count >= 2,
               let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
