extension SchemaCompiler {
    /// Reads a YAML text into a JSON document whose locations are the YAML text's lines and
    /// columns. Core has none of its own, so that it links no C library (EnvelopeTesting runs
    /// on iOS); the `envelope` command passes EnvelopeYAML's, on libyaml.
    public typealias YAMLParser = @Sendable ([UInt8]) throws(YAMLError) -> JSONDocument

    /// Parses the bytes of the document known by `uri`: as YAML when its path ends in `.yaml`
    /// or `.yml`, else as JSON.
    func parseDocument(_ bytes: [UInt8], uri: String) throws(ContractError) -> JSONDocument {
        if Self.isYAML(uri) {
            guard let parseYAML else { throw .invalidYAML(file: display(uri), .noReader) }
            do {
                return try parseYAML(bytes)
            } catch {
                throw .invalidYAML(file: display(uri), error)
            }
        }
        do {
            return try JSONDocument.parse(bytes, options: JSONParseOptions(duplicateKeys: .reject))
        } catch {
            throw .invalidJSON(file: display(uri), error)
        }
    }

    /// Whether the document at `uri` is YAML by its name: its path (before any query or
    /// fragment) ends in `.yaml` or `.yml`, in any case. By name rather than by content, so that
    /// a broken JSON file is reported as broken JSON.
    package static func isYAML(_ uri: String) -> Bool {
        let path = uri.utf8.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        let lowered = String(decoding: path.suffix(5), as: UTF8.self).lowercased()
        return lowered.hasSuffix(".yaml") || lowered.hasSuffix(".yml")
    }
}
