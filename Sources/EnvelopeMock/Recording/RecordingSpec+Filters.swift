import EnvelopeCore

/// The spec's `filters`: a request pattern with `ids` and `allowNonProxied` beside its keys,
/// as WireMock unwraps them into one object.
extension RecordingSpec {
    /// WireMock request-pattern keys Envelope does not match on. WireMock would honour them in
    /// a filter, so they are refused (with the load error's "unsupported key") rather than
    /// ignored: ignoring one would record requests it was meant to leave out.
    static let unmatchedRequestKeys = ["scheme", "host", "port", "customMatcher", "multipartPatterns", "formParameters"]

    mutating func readFilters(_ node: JSONNode, bodyFiles: BodyFiles) throws(SpecError) {
        guard node.kind == .object else {
            throw SpecError("filters: expected an object such as {\"urlPathPattern\": \"/v1/.*\", \"ids\": [\"...\"]}")
        }
        if let ids = Self.present(node["ids"]) { journalIDs = try Self.journalIDs(ids) }
        if try Self.bool(node["allowNonProxied"], "filters.allowNonProxied") == true {
            throw SpecError("filters.allowNonProxied: Envelope records only proxied requests (its journal keeps no stub's answer); "
                            + "remove it or set it to false")
        }
        // WireMock reads the other keys as a request pattern and, its filters being unwrapped,
        // ignores a key that is not one; so does this.
        let known = MappingReader.requestKeys + Self.unmatchedRequestKeys
        let ignored = node.members.map(\.key).filter { !known.contains($0) }
        do {
            filter = try MappingReader(file: "filters", bodyFiles: bodyFiles).readRequest(node: node, ignoring: ignored)
        } catch {
            throw SpecError("filters: \(error.description)")
        }
    }

    /// `filters.ids`: journal ids as `GET /__admin/requests` lists them (UUIDs, any case).
    private static func journalIDs(_ node: JSONNode) throws(SpecError) -> Set<String> {
        guard node.kind == .array else { throw SpecError("filters.ids: expected an array of journal ids, found \(node.kind)") }
        var ids: Set<String> = []
        for element in node.elements {
            guard let text = element.stringValue, isUUID(text) else {
                throw SpecError("filters.ids: expected journal ids such as \"00000000-0000-4000-8000-000000000001\" "
                                + "(GET /__admin/requests lists them), found \(String(decoding: element.rawBytes, as: UTF8.self))")
            }
            ids.insert(text.lowercased())
        }
        return ids
    }

    /// Whether `text` is a UUID in its 36-character form (8-4-4-4-12 hexadecimal digits).
    static func isUUID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        return bytes.indices.allSatisfy { index in
            [8, 13, 18, 23].contains(index) ? bytes[index] == UInt8(ascii: "-") : isHexDigit(bytes[index])
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }
}
