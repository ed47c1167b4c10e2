/// Validates a parsed document against a compiled schema and collects every violation.
///
/// Unlike a validator that answers "invalid" at the first failure, it keeps going (as
/// ResilientDecoding keeps decoding past a bad element) so a report can show all the drift at
/// once. It also records what drift needs beyond validity: keys the contract never declared,
/// optional properties and how often they appeared, and how many elements each array had.
///
/// The hot path reads the document's tape and the schemas through unsafe buffers and compares
/// key bytes; strings are built only for findings.
public struct SchemaValidator: Sendable {
    /// The compiled schemas.
    public let schema: CompiledSchema

    /// Arrays with at least this many elements have them validated on every core (the
    /// findings are the same, in the same order, as on one).
    var parallelElementThreshold = 1_024
    /// Into how many shares such an array is cut: four per core, so that a core whose
    /// shares go faster (its caches are warmer) takes on more of them; none with one core.
    var parallelShares = Cores.available > 1 ? Cores.available * 4 : 1

    /// Creates a validator for `schema`.
    public init(schema: CompiledSchema) {
        self.schema = schema
    }

    /// Validates `document` against the schema at index `root`.
    public func validate(_ document: JSONDocument, against root: Int) -> ValidationOutcome {
        // The document owns its tape: it must outlive every read of it below.
        withExtendedLifetime(document) {
            schema.nodes.withUnsafeBufferPointer { nodes in
                let tape = document.tape
                return document.text.withUnsafeBufferPointer { bytes in
                    let tables = SchemaTables(nodes: nodes, resources: schema.resources)
                    defer { tables.deallocate() }
                    return withUnsafePointer(to: tables) { tables in
                        var run = ValidationRun(nodes: nodes, tables: tables, document: document, tape: tape, bytes: bytes)
                        run.parallelElementThreshold = parallelElementThreshold
                        run.parallelShares = parallelShares
                        let valid = run.evaluate(0, root, collect: false).valid
                        return run.finish(valid: valid)
                    }
                }
            }
        }
    }
}
