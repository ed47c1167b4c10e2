/// The mutable state of one validation.
struct ValidationRun {
    /// The compiled schemas.
    let nodes: UnsafeBufferPointer<SchemaNode>
    /// What the inner loops read of the schemas, out of reach of reference counting; owned
    /// by the caller, who frees it after ``finish(valid:)``. A pointer keeps the run small
    /// enough that a mutating method can call a non-mutating one without copying the run.
    let tables: UnsafePointer<SchemaTables>
    /// Each schema's ``HotFlags``, what `evaluate` looks at first: packed apart from the
    /// large ``SchemaNode``, and read through the tables without bounds checks or reference
    /// counting.
    @inline(__always) var hotFlags: UnsafeMutableBufferPointer<UInt16> { tables.pointee.hotFlags }
    /// The document being validated; it owns the tape and the text.
    let document: JSONDocument
    /// The document's tape.
    let tape: UnsafeBufferPointer<JSONTapeEntry>
    /// The document's text.
    let bytes: UnsafeBufferPointer<UInt8>

    /// Violations of speculative branches (kept whole, since a losing branch is dropped and
    /// the closest one is adopted).
    var violations: [Violation] = []
    /// Committed violations, gathered by kind and wildcard place.
    var groups: [GroupKey: ViolationGroup] = [:]
    /// The path to the value being validated.
    var steps: [TapeStep] = []
    /// Depth of speculative validation (inside anyOf/oneOf/not/if branches): no warnings and
    /// no tallies are recorded there, since a branch that loses says nothing about the data.
    var speculative = 0
    /// The resources entered, outermost first, for `$dynamicRef`.
    var dynamicScope: [Int] = []
    /// The frames of the objects being validated, innermost last.
    var frames: [ObjectFrame] = []
    /// See ``SchemaValidator/parallelElementThreshold``; a share of a large array validated
    /// on another core does not split its own arrays again.
    var parallelElementThreshold = Int.max
    /// See ``SchemaValidator/parallelShares``.
    var parallelShares = 1
    /// Per optional property (by wildcard path hash): objects seen, times present, first place.
    var tallies = TallyTable()
    /// Elements validated per array place (by wildcard path hash), in order of first sight.
    var arrayTotals = PlaceTable<ArrayTotal>()
    /// The place last counted, and its position: lists of lists (tags in every item) count at
    /// one place many times in a row, and are counted without a look-up then.
    var lastArrayPlace: (hash: UInt64, position: Int)?
    /// How deeply calls of `evaluate` are nested, for its recursion guard.
    var depth = 0

    /// Creates a run over a document's tape and text, with the schemas and their tables.
    init(nodes: UnsafeBufferPointer<SchemaNode>, tables: UnsafePointer<SchemaTables>, document: JSONDocument,
         tape: UnsafeBufferPointer<JSONTapeEntry>, bytes: UnsafeBufferPointer<UInt8>) {
        self.nodes = nodes
        self.tables = tables
        self.document = document
        self.tape = tape
        self.bytes = bytes
        steps.reserveCapacity(32)
    }
}
