/// The compiled schemas of one contract as its compiler left them, for the compilers of other
/// contracts of the load to copy from (see ``CompiledSchemaCache``). Immutable.
final class PublishedSchemas: Sendable {
    /// A document that schemas were compiled from, with what its compiler knew of it.
    struct Document: Sendable {
        /// The URI the compiler knew it by.
        let uri: String
        /// The parsed document.
        let document: JSONDocument
        /// Its dialect (nil: JSON Schema).
        let dialect: OpenAPIDialect?
        /// Whether its dialect came from the contract's OpenAPI document rather than its own top.
        let inheritsDialect: Bool
        /// Whether its resource has the validation vocabulary, and the format-assertion one.
        let validation: Bool
        let formatAssertion: Bool
        /// Whether its schemas may be copied: it was loaded through a `$ref` (not a contract),
        /// names no resource or anchor, and its dialect does not depend on which `$ref` loaded
        /// it first.
        let shareable: Bool
    }

    /// The schemas; each one's ``SchemaNode/origin`` names its document in ``documents``.
    let nodes: [SchemaNode]
    /// The documents, by ``SchemaNode/Origin/table``.
    let documents: [Document]

    /// Keeps `nodes`, compiled from `documents`.
    init(nodes: [SchemaNode], documents: [Document]) {
        self.nodes = nodes
        self.documents = documents
    }
}
