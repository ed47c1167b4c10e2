extension SchemaCompiler {
    /// Why the document at `documentURI` is not read, when its name says it is not JSON (a
    /// YAML OpenAPI document); nil for any other name. Parsing YAML as JSON would only fail
    /// at 1:1 with a message about a stray character.
    func unsupportedFormat(of documentURI: String) -> String? {
        let name = documentURI.lowercased()
        guard name.hasSuffix(".yaml") || name.hasSuffix(".yml") else { return nil }
        return "\(display(documentURI)) is a YAML document, and YAML is not supported yet; save it as JSON and refer to the .json file"
    }
}
