import EnvelopeCore

/// Reads YAML 1.2 texts into ``JSONDocument``s, through libyaml, for schema files written in
/// YAML (OpenAPI documents, mostly).
///
/// The document is the JSON the YAML stands for, parsed as any JSON is, so schemas, look-ups
/// and reports work unchanged; its locations are the YAML file's line:column (through a
/// ``SourceMap``), so an error in a YAML schema names the place in the YAML file.
package enum YAMLDocument {
    /// The deepest nesting of mappings and sequences, as for JSON documents.
    package static let maxDepth = 512
    /// The most values that aliases and merge keys may add: far more than any real document
    /// repeats, far fewer than an alias bomb (nine nested aliases of nine make a billion).
    package static let aliasLimit = 1_000_000

    /// Reads a YAML text, UTF-8 (a byte order mark allowed, CRLF line ends too).
    package static func parse(_ bytes: [UInt8]) throws(YAMLError) -> JSONDocument {
        guard bytes.count < Int(UInt32.max) else { throw .tooLarge(bytes: bytes.count) }
        let tree = try bytes.withUnsafeBufferPointer { buffer throws(YAMLError) in try YAMLTree.read(buffer, maxDepth: maxDepth) }
        var converter = YAMLConverter(tree: tree, maxDepth: maxDepth, aliasLimit: aliasLimit, capacity: bytes.count + 64)
        try converter.convert()
        let map = converter.sourceMap
        do {
            return try JSONDocument.parse(converted: converter.json, sourceMap: map, options: JSONParseOptions(maxDepth: maxDepth + 1))
        } catch {
            // The converter writes only valid JSON; a document too large is the one way here.
            if case .documentTooLarge(let size) = error { throw .tooLarge(bytes: size) }
            let at = error.location.map { map.location(ofOffset: $0.offset) } ?? SourceLocation(line: 1, column: 1, offset: 0)
            throw .syntax(problem: "the JSON made from this YAML does not parse (\(error.message)); this is a bug in Envelope, please report it",
                          context: nil, contextAt: nil, at: at)
        }
    }

    /// ``parse(_:)`` as the schema compiler's YAML reader.
    package static let parser: SchemaCompiler.YAMLParser = { bytes throws(YAMLError) in try parse(bytes) }
}
