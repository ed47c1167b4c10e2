extension SchemaCompiler {
    /// The `--map-ref` prefix to suggest for a document no mapping serves: its URI up to the
    /// last `/` (`https://schemas.example.com/v1/`), or for a URI without a path, such as a
    /// URN, up to the last `:` (`urn:example:schemas:`), so that DIR holds the rest as a file.
    static func mapPrefix(for documentURI: String) -> String {
        let uri = SchemaURI.withoutFragment(documentURI)
        let scheme = uri.firstIndex(of: ":").map { uri.index(after: $0) } ?? uri.startIndex
        if let slash = uri[scheme...].lastIndex(of: "/") { return String(uri[...slash]) }
        if let colon = uri.lastIndex(of: ":") { return String(uri[...colon]) }
        return uri
    }
}
