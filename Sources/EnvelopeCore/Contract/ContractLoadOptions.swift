/// How contracts are loaded: where remote `$ref`s come from and whether `format` is checked.
public struct ContractLoadOptions: Sendable {
    /// URI prefixes served from local folders (`--map-ref`, `refMap` in `envelope.json`).
    public var mappings: [SchemaCompiler.ReferenceMapping]
    /// Whether every contract asserts `format` (`--assert-formats`), as if each had
    /// `"assertFormats": true`.
    public var assertFormats: Bool
    /// Reads remote `$ref`s that no mapping serves (`--allow-remote-refs`); nil refuses them.
    public var fetchRemote: SchemaCompiler.Reader?
    /// Compiled `pattern`s, shared by every contract loaded with these options (and their
    /// copies): contracts repeat the same few expressions, and the cache lives only as long
    /// as the options do.
    let regexes = SchemaRegexCache()
    /// Parsed schema documents, shared the same way: fifty contracts referring to one
    /// OpenAPI document parse it once.
    let documents = SchemaDocumentCache()
    /// Compiled schemas, shared the same way: the contracts that `$ref` one schema of such a
    /// document compile it once between them.
    let compiledSchemas = CompiledSchemaCache()
    /// Reads the `.yaml` and `.yml` schema files that `$ref`s name; nil refuses them (Core has
    /// no YAML reader: the `envelope` command gives EnvelopeYAML's).
    public var parseYAML: SchemaCompiler.YAMLParser?

    /// Creates options; by default no mappings, no network, and `format` only annotates.
    public init(mappings: [SchemaCompiler.ReferenceMapping] = [], assertFormats: Bool = false, fetchRemote: SchemaCompiler.Reader? = nil) {
        self.mappings = mappings
        self.assertFormats = assertFormats
        self.fetchRemote = fetchRemote
    }
}
