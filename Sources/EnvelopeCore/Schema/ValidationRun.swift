/// The mutable state of one validation.
struct ValidationRun {
    let nodes: UnsafeBufferPointer<SchemaNode>
    /// What the inner loops read of the schemas, out of reach of reference counting; owned
    /// by the caller, who frees it after ``finish(valid:)``. A pointer, so that the run stays
    /// small: past a size, calling a non-mutating method from a mutating one copied the
    /// whole run first.
    let tables: UnsafePointer<SchemaTables>
    /// Per schema, what `evaluate` looks at first (see ``HotFlags``), packed together so the
    /// common case does not touch the large ``SchemaNode``.
    /// Each schema's ``HotFlags``, read through the tables (no bounds check, no reference
    /// count; the array this was cost both on every member of every object).
    @inline(__always) var hotFlags: UnsafeMutableBufferPointer<UInt16> { tables.pointee.hotFlags }
    let document: JSONDocument
    let tape: UnsafeBufferPointer<JSONTapeEntry>
    let bytes: UnsafeBufferPointer<UInt8>

    /// Violations of speculative branches (kept whole, since a losing branch is dropped and
    /// the closest one is adopted).
    var violations: [Violation] = []
    /// Committed violations, gathered by kind and wildcard place.
    var groups: [GroupKey: ViolationGroup] = [:]
    var steps: [TapeStep] = []
    /// Depth of speculative validation (inside anyOf/oneOf/not/if branches): no warnings and
    /// no tallies are recorded there, since a branch that loses says nothing about the data.
    var speculative = 0
    /// The resources entered, outermost first, for `$dynamicRef`.
    var dynamicScope: [Int] = []
    var frames: [ObjectFrame] = []
    /// See ``SchemaValidator/parallelElementThreshold``; a share of a large array validated
    /// on another core does not split its own arrays again.
    var parallelElementThreshold = Int.max
    var parallelShares = 1
    /// Per optional property (by wildcard path hash): objects seen, times present, first place.
    var tallies = TallyTable()
    /// Elements validated per array place (by wildcard path hash), in order of first sight.
    var arrayTotals = PlaceTable<ArrayTotal>()
    /// The place last counted, and its position: lists of lists (tags in every item) count at
    /// one place many times in a row, and are counted without a look-up then.
    var lastArrayPlace: (hash: UInt64, position: Int)?
    var depth = 0

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
