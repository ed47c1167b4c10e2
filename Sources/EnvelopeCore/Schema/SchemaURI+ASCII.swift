extension SchemaURI {
    /// ``resolve(_:against:keepingParentSteps:)`` of the references schemas are mostly made
    /// of, worked out on bytes: a fragment (`#/definitions/x`), or a relative path with perhaps a
    /// fragment (`../models/droplet.yml#/properties/id`), against a base URI with a scheme and
    /// an authority (`file:///api/openapi.yaml`), all ASCII, neither with a query. Nil for
    /// anything else, which the general resolution takes. The same answer either way; by
    /// bytes it spares the strings that splitting into parts makes (a load of a large split
    /// document resolves thousands of distinct references).
    static func resolveASCII(_ reference: String, against base: String, keepingParentSteps: Bool) -> String? {
        let ref = Array(reference.utf8), b = Array(base.utf8)
        guard ref.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "?") }),
              b.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }) else { return nil }
        if ref.first == UInt8(ascii: "#") { return base + reference }
        guard let pathStart = pathStart(ofBase: b), let first = ref.first, first != UInt8(ascii: "/") else { return nil }
        let hash = ref.firstIndex(of: UInt8(ascii: "#")) ?? ref.endIndex
        // A colon before the first slash makes a scheme of what is before it (RFC 3986 §4.2),
        // when that is a valid scheme name: such references go the general way.
        let firstSlash = ref[..<hash].firstIndex(of: UInt8(ascii: "/")) ?? hash
        guard !ref[..<firstSlash].contains(UInt8(ascii: ":")), firstSlash > 0 || hash > 0 else { return nil }
        let basePath = b[pathStart...]
        var merged: [UInt8]
        if basePath.isEmpty {
            merged = [UInt8(ascii: "/")]
        } else if let slash = basePath.lastIndex(of: UInt8(ascii: "/")) {
            merged = Array(b[pathStart...slash])
        } else {
            merged = []
        }
        merged += ref[..<hash]
        var result = Array(b[..<pathStart])
        result += removeDotSegments(bytes: merged, keepingParentSteps: keepingParentSteps)
        result += ref[hash...]
        return String(decoding: result, as: UTF8.self)
    }

    /// Where the path of `base` starts when it is `scheme://authority/path` with a valid
    /// scheme name; nil for any other form.
    private static func pathStart(ofBase base: [UInt8]) -> Int? {
        guard let colon = base.firstIndex(of: UInt8(ascii: ":")), colon > 0,
              base[colon...].starts(with: "://".utf8) else { return nil }
        let isLetter = { (byte: UInt8) in (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) }
        guard isLetter(base[0]), base[..<colon].allSatisfy({ byte in
            isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }) else { return nil }
        let authority = colon + 3
        return base[authority...].firstIndex(of: UInt8(ascii: "/")) ?? base.endIndex
    }

    /// ``removeDotSegments(_:keepingParentSteps:)`` of an ASCII path, on its bytes.
    static func removeDotSegments(bytes path: [UInt8], keepingParentSteps: Bool) -> [UInt8] {
        let absolute = path.first == UInt8(ascii: "/")
        let segments = path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        let isParentStep = PathSegments.isParentStep
        var output: [ArraySlice<UInt8>] = []
        for (position, segment) in segments.enumerated() {
            if position == 0 && absolute { continue }
            let isLast = position == segments.count - 1
            if segment.elementsEqual(".".utf8) {
                if isLast { output.append([]) }
            } else if isParentStep(segment) {
                if let last = output.last, !(keepingParentSteps && isParentStep(last)) {
                    output.removeLast()
                } else if keepingParentSteps {
                    output.append(segment)
                }
                if isLast { output.append([]) }
            } else {
                output.append(segment)
            }
        }
        return PathSegments.joined(output, absolute: absolute)
    }
}
