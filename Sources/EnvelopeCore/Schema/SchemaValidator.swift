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

/// Everything one validation found.
public struct ValidationOutcome: Sendable {
    /// Whether the document satisfies the schema in the JSON Schema sense.
    public var isValid: Bool
    /// The first violation or warning of each group, in order of discovery.
    public var violations: [Violation]
    /// Every violation and warning, grouped by kind and wildcard place as they were found.
    public var groups: [ViolationGroup] = []
    /// For each array, by wildcard pointer of its elements (`/result/list/*`), how many
    /// elements were validated in all; only when there are findings (``groups``), which are
    /// what the totals are for (a finding in 3 of 900 elements).
    public var arrayTotals: [String: Int]
}

/// One step of the instance path while validating: a member by its key's tape index (decoded
/// only if a finding needs it), a key by name (for absent keys), or an array index.
enum PathStep {
    case member(Int)
    case name(String)
    case index(Int)

    init(_ step: TapeStep) {
        switch step {
        case .member(let key): self = .member(key)
        case .index(let index): self = .index(index)
        }
    }
}

/// A step of the path being walked: like ``PathStep`` without names, so that pushing and
/// popping one (twice per member and element) copies a plain value and never releases one.
enum TapeStep {
    case member(Int)
    case index(Int)
}

/// How many elements were validated at one array place, and the path to its first array.
struct ArrayTotal: PlaceEntry {
    var hash: UInt64
    var count: Int
    var steps: [TapeStep]
}

/// A group of violations: a kind at one wildcard place.
struct GroupKey: Hashable {
    var kind: DriftKind
    var place: UInt64
}

/// Hashes a path two ways at once: with array indices as `*` (the place a finding is
/// grouped by) and with them (the array element an occurrence is in).
struct PathHasher {
    var wildcard: UInt64 = 0xcbf2_9ce4_8422_2325
    var concrete: UInt64 = 0xcbf2_9ce4_8422_2325
    /// The concrete hash as of the innermost index (0 outside arrays).
    var element: UInt64 = 0
    var lastIndex: Int?

    @inline(__always) static func mix(_ hash: inout UInt64, _ byte: UInt8) {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }

    mutating func key<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        PathHasher.mix(&wildcard, 0x2F)
        PathHasher.mix(&concrete, 0x2F)
        // Escaped as in a JSON Pointer, so the key "a/b" and the keys "a", "b" differ.
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "~"): mix(0x7E); mix(0x30)
            case UInt8(ascii: "/"): mix(0x7E); mix(0x31)
            default: mix(byte)
            }
        }
    }

    @inline(__always) mutating func mix(_ byte: UInt8) {
        PathHasher.mix(&wildcard, byte)
        PathHasher.mix(&concrete, byte)
    }

    mutating func index(_ index: Int) {
        PathHasher.mix(&wildcard, 0x2F)
        PathHasher.mix(&wildcard, 0xFF)
        PathHasher.mix(&concrete, 0x2E)
        var value = UInt64(bitPattern: Int64(index))
        for _ in 0..<8 {
            PathHasher.mix(&concrete, UInt8(truncatingIfNeeded: value))
            value >>= 8
        }
        element = concrete
        lastIndex = index
    }
}

/// The outcome of a speculative branch.
struct Trial {
    var valid: Bool
    var violations: [Violation]
    var evaluated: Evaluated?
}

/// Which properties and items of one instance some schema has evaluated (JSON Schema's
/// annotations, as `unevaluatedProperties` and `unevaluatedItems` need them).
struct Evaluated {
    var allProperties = false
    var properties: Set<Int> = []
    var allItems = false
    var items: Set<Int> = []

    mutating func merge(_ other: Evaluated?) {
        guard let other else { return }
        allProperties = allProperties || other.allProperties
        properties.formUnion(other.properties)
        allItems = allItems || other.allItems
        items.formUnion(other.items)
    }
}

/// The keys of one object that some schema applied to it declares; what is left when the
/// outermost schema on that object is done are unknown keys.
struct ObjectFrame {
    var instance: Int
    var described = false
    var coversAll = false
    var small: UInt64 = 0
    var large: [Bool] = []

    init(instance: Int, memberCount: Int) {
        self.instance = instance
        if memberCount > 64 { large = [Bool](repeating: false, count: memberCount) }
    }

    mutating func declare(_ member: Int) {
        if large.isEmpty { small |= 1 << UInt64(member) } else { large[member] = true }
    }

    func isDeclared(_ member: Int) -> Bool {
        large.isEmpty ? small & (1 << UInt64(member)) != 0 : large[member]
    }
}

/// The bits of ``ValidationRun/hotFlags``: a schema's types in the low byte, then whether it
/// has a type, whether it is a leaf (and one with nothing but a type) and whether it is `true`
/// or `false`.
enum HotFlags {
    static let hasTypes: UInt16 = 1 << 8
    static let leaf: UInt16 = 1 << 9
    static let typeOnlyLeaf: UInt16 = 1 << 10
    static let boolean: UInt16 = 1 << 11
    /// The schema is a `$ref` or a `$dynamicRef` and nothing else that `evaluate` looks at:
    /// its verdict is its target's (`Root<T>`'s items reach the item schema through two such).
    static let pureReference: UInt16 = 1 << 12

    static func flags(_ node: SchemaNode) -> UInt16 {
        var flags = UInt16(node.types?.rawValue ?? 0)
        if node.types != nil { flags |= hasTypes }
        if node.booleanValue != nil { flags |= boolean }
        // A leaf applies no other schema and looks at no member or item: it needs no object
        // frame, dynamic scope or recursion guard.
        let isLeaf = node.booleanValue == nil && !node.hasObjectKeywords && !node.hasArrayKeywords && !node.hasCombinators
            && node.ref == nil && node.dynamicRef == nil
        if isLeaf {
            flags |= leaf
            if node.enumValues == nil && node.constValue == nil && !node.hasStringKeywords && !node.hasNumberKeywords {
                flags |= typeOnlyLeaf
            }
        }
        // Every keyword `evaluate` acts on, other than the one reference.
        let onlyReference = node.booleanValue == nil && node.types == nil && node.enumValues == nil && node.constValue == nil
            && !node.hasObjectKeywords && !node.hasArrayKeywords && !node.hasStringKeywords && !node.hasNumberKeywords
            && !node.hasCombinators && node.unevaluatedProperties == nil && node.unevaluatedItems == nil
            && (node.ref == nil) != (node.dynamicRef == nil)
        if onlyReference { flags |= pureReference }
        return flags
    }
}

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

    // MARK: - The tape

    @inline(__always) func kind(_ instance: Int) -> JSONKind { tape[instance].kind }

    /// The tape index just past a value and everything inside it.
    @inline(__always) func end(_ instance: Int) -> Int { tape.valueEnd(instance) }

    /// The tape index where a container's children stop.
    @inline(__always) func childrenEnd(_ instance: Int) -> Int { tape.childrenEnd(instance) }

    /// The bytes between a string's quotes.
    @inline(__always) func stringBody(_ instance: Int) -> UnsafeBufferPointer<UInt8> {
        let entry = tape[instance]
        return UnsafeBufferPointer(rebasing: bytes[Int(entry.offset) + 1..<Int(entry.offset) + entry.payload - 1])
    }

    func node(_ index: Int) -> JSONNode { JSONNode(document: document, index: index) }

    func string(_ instance: Int) -> String {
        let entry = tape[instance]
        return JSONString.decode(UnsafeBufferPointer(rebasing: bytes[Int(entry.offset)..<Int(entry.offset) + entry.payload]), hasEscapes: entry.flag)
    }

    /// A key's decoded bytes: the raw body when it has no escapes, else decoded (rare).
    @inline(__always) func withKeyBytes<T>(_ key: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        if !tape[key].flag { return body(stringBody(key)) }
        let decoded = JSONString.unescape(stringBody(key))
        return decoded.withUnsafeBufferPointer(body)
    }

    // MARK: - Paths

    /// The public path of the current position.
    func currentPath(extra: PathStep? = nil) -> [PathComponent] {
        var result: [PathComponent] = []
        result.reserveCapacity(steps.count + 1)
        for step in steps { result.append(component(PathStep(step))) }
        if let extra { result.append(component(extra)) }
        return result
    }

    func component(_ step: PathStep) -> PathComponent {
        switch step {
        case .member(let key): .key(string(key))
        case .name(let name): .key(name)
        case .index(let index): .index(index)
        }
    }

    /// A hash of the wildcard path (array indices as `*`), with `extra` appended.
    func wildcardHash(extra: UnsafeBufferPointer<UInt8>? = nil, star: Bool = false) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        @inline(__always) func mix(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        for step in steps {
            mix(0x2F)
            switch step {
            case .member(let key): withKeyBytes(key) { for byte in $0 { mix(byte) } }
            case .index: mix(0xFF)
            }
        }
        if let extra { hash = Self.wildcardHash(hash, appending: extra) }
        if star {
            mix(0x2F)
            mix(0xFF)
        }
        return hash
    }

    /// `hash`, a ``wildcardHash(extra:star:)`` without extra, continued with the key `extra`:
    /// the same as hashing the path with `extra` from the start.
    @inline(__always)
    static func wildcardHash(_ hash: UInt64, appending extra: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = (hash ^ 0x2F) &* 0x100_0000_01b3
        for byte in extra { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    // MARK: - Findings

    /// Counts a violation into its group when that group exists already (and no branch is being
    /// tried), or drops it where ``record(_:keyword:expected:actual:at:extra:failure:)`` would;
    /// returns whether it did either. Only otherwise need the caller describe the violation and
    /// record it: in a list that drifts in every item, describing the schema and quoting the
    /// value for each occurrence cost more than validating the item.
    mutating func recordRepeat(_ kind: DriftKind, at instance: Int, extra: PathStep? = nil, failure: Bool = true) -> Bool {
        if !failure && speculative > 0 { return true }
        guard speculative == 0 else { return false }
        let hasher = pathHasher(extra: extra)
        guard let position = groups.index(forKey: GroupKey(kind: kind, place: hasher.wildcard)) else { return false }
        groups.values[position].add(element: hasher.element, index: hasher.lastIndex, offset: Int(tape[instance].offset))
        return true
    }

    /// Records a violation of `keyword` at tape index `instance` (and `extra`, a key that is
    /// absent): in full on a branch being tried, else gathered into its group.
    @inline(never)  // only for findings: kept out of the loops that find none
    mutating func record(_ kind: DriftKind, keyword: String, expected: String, actual: String,
                         at instance: Int, extra: PathStep? = nil, failure: Bool = true) {
        // A group already seen (the common case in a drifting list) only counts it.
        if recordRepeat(kind, at: instance, extra: extra, failure: failure) { return }
        let offset = Int(tape[instance].offset)
        let first = Violation(kind: kind, path: currentPath(extra: extra), keyword: keyword, expected: expected, actual: actual,
                              offset: offset, isFailure: failure)
        guard speculative == 0 else {
            violations.append(first)
            return
        }
        // A new group, with its first violation in full.
        let hasher = pathHasher(extra: extra)
        var group = ViolationGroup(first: first, order: groups.count)
        group.add(element: hasher.element, index: hasher.lastIndex, offset: offset)
        groups[GroupKey(kind: kind, place: hasher.wildcard)] = group
    }

    /// The hashes of the current path, with `extra` appended: its place and its element.
    func pathHasher(extra: PathStep?) -> PathHasher {
        var hasher = PathHasher()
        for step in steps { hash(PathStep(step), into: &hasher) }
        if let extra { hash(extra, into: &hasher) }
        return hasher
    }

    /// Gathers an already built violation (an adopted branch's, or a tally's).
    mutating func commit(_ violation: Violation) {
        guard speculative == 0 else {
            violations.append(violation)
            return
        }
        var hasher = PathHasher()
        for component in violation.path {
            switch component {
            case .key(let name): hasher.key(name.utf8)
            case .index(let index): hasher.index(index)
            }
        }
        let key = GroupKey(kind: violation.kind, place: hasher.wildcard)
        if groups[key] == nil { groups[key] = ViolationGroup(first: violation, order: groups.count) }
        groups[key]?.add(element: hasher.element, index: hasher.lastIndex, offset: violation.offset)
    }

    func hash(_ step: PathStep, into hasher: inout PathHasher) {
        switch step {
        case .member(let key): withKeyBytes(key) { hasher.key($0) }
        case .name(let name): hasher.key(name.utf8)
        case .index(let index): hasher.index(index)
        }
    }

    /// Adds `count` elements validated at the array place `hash`; its first sight keeps the
    /// path there (its pointer is written only if a finding needs the total).
    mutating func countElements(_ count: Int, at hash: UInt64) {
        if let last = lastArrayPlace, last.hash == hash {
            arrayTotals[last.position].count += count
            return
        }
        let position: Int
        if let known = arrayTotals.position(of: hash) {
            position = known
            arrayTotals[position].count += count
        } else {
            position = arrayTotals.insert(ArrayTotal(hash: hash, count: count, steps: steps))
        }
        lastArrayPlace = (hash, position)
    }

    mutating func finish(valid: Bool) -> ValidationOutcome {
        for tally in tallies.tallies where tally.present == 0 {
            commit(Violation(kind: .optionalNeverPresent, path: tally.path, keyword: "properties",
                             expected: "an optional key, present at least sometimes",
                             actual: tally.objects == 1 ? "absent" : "absent in all \(tally.objects)",
                             offset: tally.offset, isFailure: false))
        }
        // The totals qualify findings; without any, their pointers are not worth writing.
        var totals: [String: Int] = [:]
        if !groups.isEmpty {
            for total in arrayTotals.entries {
                var path = total.steps.map { component(PathStep($0)) }
                path.append(.index(0))
                totals[path.wildcardPointer, default: 0] += total.count
            }
        }
        let ordered = groups.values.sorted { $0.order < $1.order }
        return ValidationOutcome(isValid: valid, violations: ordered.map(\.first), groups: ordered, arrayTotals: totals)
    }

    // MARK: - Validation

    /// Validates the value at tape index `instance` against schema `index`.
    @inline(__always)
    mutating func validate(_ instance: Int, _ index: Int) -> Bool {
        admitsByTypeAlone(instance, index) || evaluate(instance, index, collect: false).valid
    }

    /// Validates the value of member `key` of an object against schema `index`, with the
    /// member on the path only while something may be recorded: most members are settled by
    /// their bare type, with no call and no path step.
    @inline(__always)
    mutating func validateMember(_ key: Int, against index: Int) -> Bool {
        if admitsByTypeAlone(key + 1, index) { return true }
        steps.append(.member(key))
        defer { steps.removeLast() }
        return evaluate(key + 1, index, collect: false).valid
    }

    /// Whether schema `index` is a bare type (see ``HotFlags``) that the value at `instance`
    /// has; false says nothing either way.
    @inline(__always)
    func admitsByTypeAlone(_ instance: Int, _ index: Int) -> Bool {
        let hot = hotFlags[index]
        guard hot & HotFlags.typeOnlyLeaf != 0 else { return false }
        if hot & HotFlags.hasTypes == 0 { return true }
        let kind = tape[instance].kind
        return SchemaTypeSet(rawValue: UInt8(truncatingIfNeeded: hot)).admits(kind: kind, isInteger: kind == .number && isInteger(instance))
    }

    /// Validates, and with `collect` also returns which properties or items the schema
    /// evaluated (for `unevaluatedProperties`/`unevaluatedItems` of an enclosing schema).
    /// Annotations of a failed schema are dropped, as JSON Schema requires.
    mutating func evaluate(_ instance: Int, _ index: Int, collect: Bool) -> (valid: Bool, evaluated: Evaluated?) {
        let schemaNode = nodes.baseAddress.unsafelyUnwrapped + index
        let hot = hotFlags[index]
        // Most schemas in a body are a bare type: settle those from two bytes.
        if admitsByTypeAlone(instance, index) { return (true, collect ? Evaluated() : nil) }
        if hot & HotFlags.boolean != 0, let boolean = schemaNode.pointee.booleanValue {
            if !boolean {
                record(.constraintViolation, keyword: "false", expected: "nothing (the schema is false)", actual: excerpt(instance), at: instance)
            }
            return (boolean, boolean && collect ? Evaluated() : nil)
        }
        if hot & HotFlags.leaf != 0 { return evaluateLeaf(instance, schemaNode, collect: collect) }
        // Recursion is bounded by the document's depth times the schema's $ref chains; this
        // guard keeps a pathological pair from exhausting the stack.
        depth += 1
        defer { depth -= 1 }
        guard depth < 2_000 else {
            record(.constraintViolation, keyword: "$ref", expected: "a schema that terminates", actual: "recursion deeper than 2000", at: instance)
            return (false, nil)
        }
        let resource = schemaNode.pointee.resource
        let enteredResource = dynamicScope.last != resource
        if enteredResource { dynamicScope.append(resource) }
        defer { if enteredResource { dynamicScope.removeLast() } }

        if hot & HotFlags.pureReference != 0 {
            // Only a reference: the target's verdict and annotations are this schema's. The
            // target opens the object's frame and reports its unknown keys, as this schema
            // would have with nothing of its own to declare. Resolved after entering this
            // schema's resource, which a `$dynamicRef` looks in.
            let target = schemaNode.pointee.ref ?? resolveDynamicReference(of: index)
            return evaluate(instance, target, collect: collect)
        }

        let entry = tape[instance]
        let kind = entry.kind
        // After a wrong type the other keywords would only repeat the complaint in other words.
        guard checkType(instance, kind, schemaNode) else { return (false, nil) }

        // The first schema to look at an object opens its frame; in-place applicators (allOf,
        // $ref, ...) on the same object add to it; the one who opened it reports unknown keys.
        let opensFrame = kind == .object && frames.last?.instance != instance
        if opensFrame { frames.append(ObjectFrame(instance: instance, memberCount: tape.childCount(instance))) }

        // `unevaluated*` are read from the node's box of rare keywords only when it has one.
        let hasUnevaluated = schemaNode.pointee.hasUnevaluated
        let needsAnnotations = collect
            || (hasUnevaluated && kind == .object && schemaNode.pointee.unevaluatedProperties != nil)
            || (hasUnevaluated && kind == .array && schemaNode.pointee.unevaluatedItems != nil)
        var evaluated: Evaluated? = needsAnnotations ? Evaluated() : nil
        var valid = checkEnumAndConst(instance, schemaNode)
        switch kind {
        case .object:
            if schemaNode.pointee.hasObjectKeywords && !validateObject(instance, schemaNode, &evaluated) { valid = false }
        case .array:
            if schemaNode.pointee.hasArrayKeywords && !validateArray(instance, schemaNode, &evaluated) { valid = false }
        case .string:
            if schemaNode.pointee.hasStringKeywords && !validateString(instance, schemaNode) { valid = false }
        case .number:
            if schemaNode.pointee.hasNumberKeywords && !validateNumber(instance, schemaNode) { valid = false }
        default:
            break
        }
        if let ref = schemaNode.pointee.ref {
            let result = evaluate(instance, ref, collect: needsAnnotations)
            if result.valid { evaluated?.merge(result.evaluated) } else { valid = false }
        }
        if tables.pointee.entries[index].dynamicFallback >= 0 {
            let result = evaluate(instance, resolveDynamicReference(of: index), collect: needsAnnotations)
            if result.valid { evaluated?.merge(result.evaluated) } else { valid = false }
        }
        if schemaNode.pointee.hasCombinators && !validateCombinators(instance, schemaNode, &evaluated) { valid = false }
        if hasUnevaluated, kind == .object, let unevaluated = schemaNode.pointee.unevaluatedProperties {
            if !validateUnevaluatedProperties(instance, unevaluated, &evaluated) { valid = false }
        }
        if hasUnevaluated, kind == .array, let unevaluated = schemaNode.pointee.unevaluatedItems {
            if !validateUnevaluatedItems(instance, unevaluated, &evaluated) { valid = false }
        }
        if opensFrame { reportUnknownKeys(frames.removeLast()) }
        return (valid, valid ? evaluated : nil)
    }

    /// `evaluate` for a schema that applies nothing to other schemas or to members and items
    /// (most property schemas: a type, an enum, a length): no frame, no scope, no recursion.
    mutating func evaluateLeaf(_ instance: Int, _ schemaNode: UnsafePointer<SchemaNode>, collect: Bool) -> (valid: Bool, evaluated: Evaluated?) {
        let kind = tape[instance].kind
        guard checkType(instance, kind, schemaNode) else { return (false, nil) }
        var valid = checkEnumAndConst(instance, schemaNode)
        if kind == .string, schemaNode.pointee.hasStringKeywords, !validateString(instance, schemaNode) { valid = false }
        if kind == .number, schemaNode.pointee.hasNumberKeywords, !validateNumber(instance, schemaNode) { valid = false }
        return (valid, valid && collect ? Evaluated() : nil)
    }

    /// `type`: records a type-mismatch (or unexpected-null) and answers false when `kind` is
    /// not one the schema allows.
    mutating func checkType(_ instance: Int, _ kind: JSONKind, _ schemaNode: UnsafePointer<SchemaNode>) -> Bool {
        guard let types = schemaNode.pointee.types, !types.admits(kind: kind, isInteger: kind == .number && isInteger(instance)) else { return true }
        let drift: DriftKind = kind == .null ? .unexpectedNull : .typeMismatch
        if !recordRepeat(drift, at: instance) {
            record(drift, keyword: "type", expected: types.description, actual: excerpt(instance), at: instance)
        }
        return false
    }

    /// `enum` and `const`: records an enum-violation for each that the value breaks.
    mutating func checkEnumAndConst(_ instance: Int, _ schemaNode: UnsafePointer<SchemaNode>) -> Bool {
        var valid = true
        if schemaNode.pointee.enumValues != nil && !enumAdmits(instance, schemaNode) {
            valid = false
            if !recordRepeat(.enumViolation, at: instance) {
                let values = schemaNode.pointee.enumValues ?? []
                let list = values.prefix(8).map { $0.serialized() }.joined(separator: ", ") + (values.count > 8 ? ", …" : "")
                record(.enumViolation, keyword: "enum", expected: "one of \(list)", actual: excerpt(instance), at: instance)
            }
        }
        if let constant = schemaNode.pointee.constValue, !node(instance).isEqual(to: constant) {
            valid = false
            if !recordRepeat(.enumViolation, at: instance) {
                record(.enumViolation, keyword: "const", expected: constant.serialized(), actual: excerpt(instance), at: instance)
            }
        }
        return valid
    }

    /// The schema that schema `index`'s `$dynamicRef` lands on: the outermost resource in
    /// the dynamic scope that declares its anchor, else the schema it names statically.
    /// (`mutating` though it changes nothing: a non-mutating call from `evaluate` copied
    /// the whole run first, once per array element.)
    mutating func resolveDynamicReference(of index: Int) -> Int {
        let entry = tables.pointee.entries[index]
        if entry.dynamicAnchor >= 0 {
            var position = 0
            while position < dynamicScope.count {
                if let target = tables.pointee.target(ofAnchor: entry.dynamicAnchor, in: dynamicScope[position]) { return target }
                position += 1
            }
        }
        return Int(entry.dynamicFallback)
    }

    func isInteger(_ instance: Int) -> Bool {
        let entry = tape[instance]
        if entry.flag { return true }
        return node(instance).isInteger
    }

    /// Whether the value at `instance` is one of the schema's `enum` values: an enum of
    /// strings compares bytes, any other compares values. (`mutating` for the reason given
    /// at ``resolveDynamicReference(of:)``.)
    mutating func enumAdmits(_ instance: Int, _ schemaNode: UnsafePointer<SchemaNode>) -> Bool {
        let index = schemaNode - nodes.baseAddress.unsafelyUnwrapped
        if tables.pointee.entries[index].enumStringCount >= 0 {
            guard kind(instance) == .string else { return false }
            if tape[instance].flag {
                let decoded = JSONString.unescape(stringBody(instance))
                return decoded.withUnsafeBufferPointer { tables.pointee.enumStrings(of: index, contain: $0) } ?? false
            }
            return tables.pointee.enumStrings(of: index, contain: stringBody(instance)) ?? false
        }
        let value = node(instance)
        return (schemaNode.pointee.enumValues ?? []).contains { value.isEqual(to: $0) }
    }

    // MARK: Objects

    mutating func validateObject(_ instance: Int, _ schemaNode: UnsafePointer<SchemaNode>, _ evaluated: inout Evaluated?) -> Bool {
        var valid = true
        let memberCount = tape.childCount(instance)
        // The schema's arrays are read through `tables`, or only where they are not empty:
        // see ``SchemaTables`` for why.
        let index = schemaNode - nodes.baseAddress.unsafelyUnwrapped
        // A local, so that the key look-up's closure captures the pointer and not the run
        // (capturing `self` copied the whole run once per member).
        let tables = self.tables
        let entry = tables.pointee.entries[index]
        let propertyCount = Int(entry.propertyCount)
        // Most schemas have no object keyword beyond properties, required and
        // additionalProperties: then the node's box of rare keywords is not read at all.
        let hasRare = schemaNode.pointee.hasRareObjectKeywords
        let hasPatterns = hasRare && !schemaNode.pointee.patternProperties.isEmpty
        let additional = schemaNode.pointee.additionalProperties
        let unevaluated = hasRare ? schemaNode.pointee.unevaluatedProperties : nil
        let describes = propertyCount > 0 || hasPatterns || additional != nil || unevaluated != nil
        let frame = frames.count - 1
        if describes {
            frames[frame].described = true
            // additionalProperties or unevaluatedProperties other than false declares every key.
            if let additional, nodes[additional].booleanValue != false { frames[frame].coversAll = true }
            if let unevaluated, nodes[unevaluated].booleanValue != false { frames[frame].coversAll = true }
        }
        let additionalIsFalse = additional.map { nodes[$0].booleanValue == false } ?? false

        // Which declared properties are present: a bit per property (a list past 64).
        var presentSmall: UInt64 = 0
        var presentLarge: [Bool] = propertyCount > 64 ? [Bool](repeating: false, count: propertyCount) : []
        let propertyNames = hasRare ? schemaNode.pointee.propertyNames : nil
        // The members this schema declares, gathered here and added to the frame once (up to
        // 64 members; larger objects go straight to the frame).
        var declaredSmall: UInt64 = 0
        let declaresInBulk = memberCount <= 64
        var member = 0
        var key = instance + 1
        let stop = childrenEnd(instance)
        while key < stop {
            let value = key + 1
            var matched = false
            if propertyCount > 0, let property = withKeyBytes(key, { tables.pointee.property(named: $0, in: index) }) {
                matched = true
                if presentLarge.isEmpty { presentSmall |= 1 &<< UInt64(property) } else { Self.mark(property, in: &presentLarge) }
                evaluated?.properties.insert(member)
                if !validateMember(key, against: tables.pointee.propertySchemas[Int(entry.firstProperty) + property]) { valid = false }
            }
            if hasPatterns {
                let name = string(key)
                for pattern in schemaNode.pointee.patternProperties where pattern.pattern.matches(name) {
                    matched = true
                    evaluated?.properties.insert(member)
                    if !validateMember(key, against: pattern.schema) { valid = false }
                }
            }
            if !matched, let additional {
                evaluated?.properties.insert(member)
                if additionalIsFalse {
                    valid = false
                    if !recordRepeat(.unknownKey, at: value, extra: .member(key)) {
                        record(.unknownKey, keyword: "additionalProperties", expected: "no other keys (additionalProperties is false)",
                               actual: excerpt(value), at: value, extra: .member(key))
                    }
                } else if !validateMember(key, against: additional) {
                    valid = false
                }
                matched = true
            }
            if matched {
                if declaresInBulk { declaredSmall |= 1 &<< UInt64(member) } else { frames[frame].declare(member) }
            }
            if let names = propertyNames, !validateKey(key, against: names) {
                valid = false
                record(.constraintViolation, keyword: "propertyNames", expected: "a key that matches \(describe(schema: names))",
                       actual: JSONValue.quoted(string(key)), at: key)
            }
            member &+= 1
            key = end(value)
        }
        if declaredSmall != 0 { frames[frame].small |= declaredSmall }

        func isPresent(_ property: Int) -> Bool {
            presentLarge.isEmpty ? presentSmall & (1 << UInt64(property)) != 0 : presentLarge[property]
        }
        let allRequiredPresent = presentLarge.isEmpty && presentSmall & entry.requiredMask == entry.requiredMask
        for required in tables.pointee.required[Int(entry.firstRequired)..<Int(entry.firstRequired + entry.requiredCount)] where !allRequiredPresent {
            let property = Int(required)
            guard !isPresent(property) else { continue }
            valid = false
            let declared = schemaNode.pointee.properties[property]
            if !recordRepeat(.missingKey, at: instance, extra: .name(declared.name)) {
                record(.missingKey, keyword: "required", expected: "\(describe(schema: declared.schema)) (required)",
                       actual: "absent", at: instance, extra: .name(declared.name))
            }
        }
        if !schemaNode.pointee.requiredUndeclared.isEmpty {
            for name in schemaNode.pointee.requiredUndeclared where findMember(instance, name) == nil {
                valid = false
                record(.missingKey, keyword: "required", expected: "a value (required)", actual: "absent", at: instance, extra: .name(name))
            }
        }
        if hasRare && !schemaNode.pointee.dependentRequired.isEmpty {
            for dependency in schemaNode.pointee.dependentRequired where findMember(instance, dependency.name) != nil {
                for name in dependency.required where findMember(instance, name) == nil {
                    valid = false
                    record(.missingKey, keyword: "dependentRequired", expected: "a value (required with '\(dependency.name)')",
                           actual: "absent", at: instance, extra: .name(name))
                }
            }
        }
        if hasRare, let minimum = schemaNode.pointee.minProperties, memberCount < minimum {
            valid = false
            record(.constraintViolation, keyword: "minProperties", expected: "at least \(minimum) properties", actual: "\(memberCount)", at: instance)
        }
        if hasRare, let maximum = schemaNode.pointee.maxProperties, memberCount > maximum {
            valid = false
            record(.constraintViolation, keyword: "maxProperties", expected: "at most \(maximum) properties", actual: "\(memberCount)", at: instance)
        }
        // Tally optional properties, for optional-never-present.
        if speculative == 0 && entry.optionalCount > 0 {
            // The object's own place is hashed once, each optional key then added to it; the
            // positions come from the flat tables (iterating the node's array retained it).
            let place = wildcardHash()
            for optional in tables.pointee.optional[Int(entry.firstOptional)..<Int(entry.firstOptional + entry.optionalCount)] {
                let property = Int(optional)
                let hash = Self.wildcardHash(place, appending: tables.pointee.string(Int(entry.firstProperty) + property))
                let present = isPresent(property)
                if !tallies.count(hash, present: present) {
                    let path = currentPath(extra: .name(schemaNode.pointee.properties[property].name))
                    tallies.start(hash, present: present, offset: Int(tape[instance].offset), path: path)
                }
            }
        }
        if hasRare && !schemaNode.pointee.dependentSchemas.isEmpty {
            for dependency in schemaNode.pointee.dependentSchemas where findMember(instance, dependency.name) != nil {
                let result = evaluate(instance, dependency.schema, collect: evaluated != nil)
                if result.valid { evaluated?.merge(result.evaluated) } else { valid = false }
            }
        }
        return valid
    }

    /// Marks `property` present, for a schema of more than 64 properties. Not inlined: with
    /// the store in the member loop, the optimizer made the array unique before the loop,
    /// which copied the empty array into a fresh allocation for every object validated.
    @inline(never)
    static func mark(_ property: Int, in present: inout [Bool]) {
        present[property] = true
    }

    /// The tape index of the last member named `name` (keys compared as bytes), or nil.
    func findMember(_ instance: Int, _ name: String) -> Int? {
        let wanted = Array(name.utf8)
        var found: Int?
        var key = instance + 1
        let stop = childrenEnd(instance)
        while key < stop {
            if withKeyBytes(key, { body in wanted.withUnsafeBufferPointer { memoryEquals($0, body) } }) { found = key + 1 }
            key = end(key + 1)
        }
        return found
    }

    mutating func reportUnknownKeys(_ frame: ObjectFrame) {
        guard frame.described && !frame.coversAll && speculative == 0 else { return }
        // Usually every member is declared: tell from the bits, without walking the members.
        let count = tape.childCount(frame.instance)
        if frame.large.isEmpty && frame.small == (count == 64 ? UInt64.max : (1 << UInt64(count)) - 1) { return }
        var member = 0
        var key = frame.instance + 1
        let stop = childrenEnd(frame.instance)
        while key < stop {
            if !frame.isDeclared(member), !recordRepeat(.unknownKey, at: key + 1, extra: .member(key), failure: false) {
                record(.unknownKey, keyword: "properties", expected: "no such key (the contract does not declare it)",
                       actual: excerpt(key + 1), at: key + 1, extra: .member(key), failure: false)
            }
            member += 1
            key = end(key + 1)
        }
    }

    mutating func validateUnevaluatedProperties(_ instance: Int, _ unevaluated: Int, _ evaluated: inout Evaluated?) -> Bool {
        var valid = true
        let known = evaluated ?? Evaluated()
        var member = 0
        var key = instance + 1
        let stop = childrenEnd(instance)
        while key < stop {
            if !known.allProperties && !known.properties.contains(member) {
                if nodes[unevaluated].booleanValue == false {
                    valid = false
                    if !recordRepeat(.unknownKey, at: key + 1, extra: .member(key)) {
                        record(.unknownKey, keyword: "unevaluatedProperties", expected: "no other keys (unevaluatedProperties is false)",
                               actual: excerpt(key + 1), at: key + 1, extra: .member(key))
                    }
                } else {
                    steps.append(.member(key))
                    if !validate(key + 1, unevaluated) { valid = false }
                    steps.removeLast()
                }
                if !frames.isEmpty && frames[frames.count - 1].instance == instance { frames[frames.count - 1].declare(member) }
            }
            member += 1
            key = end(key + 1)
        }
        evaluated?.allProperties = true
        return valid
    }

    /// Validates an object key against schema `index` (for `propertyNames`): the key is on
    /// the tape as a string entry, so it is validated where it is, speculatively, since what
    /// is wrong with it is reported once, as the `propertyNames` finding.
    mutating func validateKey(_ key: Int, against index: Int) -> Bool {
        speculative += 1
        let kept = violations.count
        defer {
            speculative -= 1
            violations.removeSubrange(kept...)
        }
        return validate(key, index)
    }

    // MARK: Arrays

    /// Validates the elements from tape index `element` (at `position` in its array) up to
    /// `stop`: each against its `prefixItems` schema, then `items`; stops where neither
    /// applies. Whether all were valid.
    mutating func validateElements(from element: Int, position: Int, upTo stop: Int, prefixItems: [Int], items: Int?) -> Bool {
        var valid = true
        var position = position
        var element = element
        while element < stop {
            guard let itemSchema = position < prefixItems.count ? prefixItems[position] : items else { break }
            steps.append(.index(position))
            if !validate(element, itemSchema) { valid = false }
            steps.removeLast()
            position += 1
            element = end(element)
        }
        return valid
    }

    mutating func validateArray(_ instance: Int, _ schemaNode: UnsafePointer<SchemaNode>, _ evaluated: inout Evaluated?) -> Bool {
        var valid = true
        let count = tape.childCount(instance)
        if let minimum = schemaNode.pointee.minItems, count < minimum {
            valid = false
            record(.constraintViolation, keyword: "minItems", expected: "at least \(minimum) items", actual: "\(count) items", at: instance)
        }
        if let maximum = schemaNode.pointee.maxItems, count > maximum {
            valid = false
            record(.constraintViolation, keyword: "maxItems", expected: "at most \(maximum) items", actual: "\(count) items", at: instance)
        }
        let prefixItems = schemaNode.pointee.prefixItems
        let items = schemaNode.pointee.items
        if speculative == 0, items != nil || !prefixItems.isEmpty {
            countElements(count, at: wildcardHash(star: true))
        }
        if let items, prefixItems.isEmpty, count >= parallelElementThreshold, speculative == 0,
           let allValid = validateElementsInParallel(instance, count: count, against: items) {
            if !allValid { valid = false }
            evaluated?.allItems = true
        } else if items != nil || !prefixItems.isEmpty {
            if !validateElements(from: instance + 1, position: 0, upTo: childrenEnd(instance), prefixItems: prefixItems, items: items) {
                valid = false
            }
            if items != nil {
                evaluated?.allItems = true
            } else {
                evaluated?.items.formUnion(0..<min(count, prefixItems.count))
            }
        }
        if let contains = schemaNode.pointee.contains {
            var matching: [Int] = []
            var position = 0
            var element = instance + 1
            let stop = childrenEnd(instance)
            while element < stop {
                steps.append(.index(position))
                if trial(element, contains, collect: false).valid { matching.append(position) }
                steps.removeLast()
                position += 1
                element = end(element)
            }
            evaluated?.items.formUnion(matching)
            let minimum = schemaNode.pointee.minContains ?? 1
            if matching.count < minimum {
                valid = false
                record(.constraintViolation, keyword: schemaNode.pointee.minContains == nil ? "contains" : "minContains",
                       expected: "at least \(minimum) item\(minimum == 1 ? "" : "s") matching \(describe(schema: contains))",
                       actual: "\(matching.count) matching", at: instance)
            }
            if let maximum = schemaNode.pointee.maxContains, matching.count > maximum {
                valid = false
                record(.constraintViolation, keyword: "maxContains", expected: "at most \(maximum) items matching \(describe(schema: contains))",
                       actual: "\(matching.count) matching", at: instance)
            }
        }
        if schemaNode.pointee.uniqueItems {
            var seen: [JSONValue: Int] = [:]
            for (position, element) in node(instance).elements.enumerated() {
                let key = element.value.normalizedForEquality
                if let first = seen[key] {
                    valid = false
                    record(.constraintViolation, keyword: "uniqueItems", expected: "unique items", actual: "item \(position) equals item \(first)", at: element.index)
                    break
                }
                seen[key] = position
            }
        }
        return valid
    }

    mutating func validateUnevaluatedItems(_ instance: Int, _ unevaluated: Int, _ evaluated: inout Evaluated?) -> Bool {
        var valid = true
        let known = evaluated ?? Evaluated()
        guard !known.allItems else { return true }
        var position = 0
        var element = instance + 1
        let stop = childrenEnd(instance)
        while element < stop {
            if !known.items.contains(position) {
                steps.append(.index(position))
                if !validate(element, unevaluated) { valid = false }
                steps.removeLast()
            }
            position += 1
            element = end(element)
        }
        evaluated?.allItems = true
        return valid
    }

    // MARK: Scalars

    mutating func validateString(_ instance: Int, _ schemaNode: UnsafePointer<SchemaNode>) -> Bool {
        var valid = true
        let text = string(instance)
        let length = text.unicodeScalars.count
        if let minimum = schemaNode.pointee.minLength, length < minimum {
            valid = false
            record(.constraintViolation, keyword: "minLength", expected: "at least \(minimum) characters", actual: "\(length) characters", at: instance)
        }
        if let maximum = schemaNode.pointee.maxLength, length > maximum {
            valid = false
            record(.constraintViolation, keyword: "maxLength", expected: "at most \(maximum) characters", actual: "\(length) characters", at: instance)
        }
        if let pattern = schemaNode.pointee.pattern, !pattern.matches(text) {
            valid = false
            record(.constraintViolation, keyword: "pattern", expected: "a string matching /\(pattern.source)/", actual: excerpt(instance), at: instance)
        }
        if schemaNode.pointee.assertsFormat, let format = schemaNode.pointee.format, let check = FormatChecker.check(format, text), !check {
            valid = false
            record(.constraintViolation, keyword: "format", expected: "a string in \(format) format", actual: excerpt(instance), at: instance)
        }
        return valid
    }

    mutating func validateNumber(_ instance: Int, _ schemaNode: UnsafePointer<SchemaNode>) -> Bool {
        guard let number = node(instance).doubleValue else { return true }
        var valid = true
        func check(_ failed: Bool, _ keyword: String, _ expected: String) {
            guard failed else { return }
            valid = false
            record(.constraintViolation, keyword: keyword, expected: expected, actual: excerpt(instance), at: instance)
        }
        if let limit = schemaNode.pointee.minimum { check(number < limit, "minimum", "at least \(format(limit))") }
        if let limit = schemaNode.pointee.maximum { check(number > limit, "maximum", "at most \(format(limit))") }
        if let limit = schemaNode.pointee.exclusiveMinimum { check(number <= limit, "exclusiveMinimum", "more than \(format(limit))") }
        if let limit = schemaNode.pointee.exclusiveMaximum { check(number >= limit, "exclusiveMaximum", "less than \(format(limit))") }
        if let divisor = schemaNode.pointee.multipleOf {
            check(!isMultiple(instance, number, of: divisor, text: schemaNode.pointee.multipleOfText), "multipleOf", "a multiple of \(format(divisor))")
        }
        return valid
    }

    /// `multipleOf` without binary floating-point surprises where it can: exact decimal
    /// arithmetic on the written digits when both numbers are short decimals.
    func isMultiple(_ instance: Int, _ number: Double, of divisor: Double, text: String?) -> Bool {
        if let text, let exact = DecimalText(node(instance).rawText), let step = DecimalText(text), let result = exact.isMultiple(of: step) {
            return result
        }
        let quotient = number / divisor
        guard quotient.isFinite else { return false }
        return abs(quotient - quotient.rounded()) < 1e-9 * max(1, abs(quotient))
    }

    func format(_ number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }

    // MARK: Combinators

    mutating func validateCombinators(_ instance: Int, _ schemaNode: UnsafePointer<SchemaNode>, _ evaluated: inout Evaluated?) -> Bool {
        var valid = true
        let collect = evaluated != nil
        for branch in schemaNode.pointee.allOf {
            let result = evaluate(instance, branch, collect: collect)
            if result.valid { evaluated?.merge(result.evaluated) } else { valid = false }
        }
        let anyOf = schemaNode.pointee.anyOf
        if !anyOf.isEmpty {
            // Every branch runs, even after one passes: each passing branch's annotations count.
            let trials = anyOf.map { trial(instance, $0, collect: collect) }
            if trials.contains(where: \.valid) {
                for result in trials where result.valid { evaluated?.merge(result.evaluated) }
            } else {
                valid = false
                adoptClosest(trials, keyword: "anyOf", instance: instance)
            }
        }
        let oneOf = schemaNode.pointee.oneOf
        if !oneOf.isEmpty {
            let trials = oneOf.map { trial(instance, $0, collect: collect) }
            let passing = trials.indices.filter { trials[$0].valid }
            if passing.isEmpty {
                valid = false
                adoptClosest(trials, keyword: "oneOf", instance: instance)
            } else if passing.count > 1 {
                valid = false
                record(.constraintViolation, keyword: "oneOf", expected: "exactly one of \(trials.count) schemas to match",
                       actual: "matched \(passing.count): " + passing.map { "#\($0)" }.joined(separator: ", "), at: instance)
            } else {
                evaluated?.merge(trials[passing[0]].evaluated)
            }
        }
        if let negated = schemaNode.pointee.not, trial(instance, negated, collect: false).valid {
            valid = false
            record(.constraintViolation, keyword: "not", expected: "a value that does not match \(describe(schema: negated))", actual: excerpt(instance), at: instance)
        }
        if let condition = schemaNode.pointee.ifSchema {
            let test = trial(instance, condition, collect: collect)
            if test.valid {
                evaluated?.merge(test.evaluated)
                if let then = schemaNode.pointee.thenSchema {
                    let result = evaluate(instance, then, collect: collect)
                    if result.valid { evaluated?.merge(result.evaluated) } else { valid = false }
                }
            } else if let otherwise = schemaNode.pointee.elseSchema {
                let result = evaluate(instance, otherwise, collect: collect)
                if result.valid { evaluated?.merge(result.evaluated) } else { valid = false }
            }
        }
        return valid
    }

    /// Validates a branch without committing its findings.
    mutating func trial(_ instance: Int, _ index: Int, collect: Bool) -> Trial {
        speculative += 1
        let saved = violations.count
        let result = evaluate(instance, index, collect: collect)
        let found = Array(violations[saved...])
        violations.removeSubrange(saved...)
        speculative -= 1
        return Trial(valid: result.valid, violations: found, evaluated: result.evaluated)
    }

    /// Reports the findings of the branch that came closest, so the report says what drifted
    /// rather than "matched none".
    mutating func adoptClosest(_ trials: [Trial], keyword: String, instance: Int) {
        // A branch that fails on `type` at this very value describes another kind of value
        // altogether; among the rest, the fewest findings is the closest.
        let here = currentPath()
        func score(_ trial: Trial) -> (Int, Int) {
            let wrongKind = trial.violations.contains { $0.keyword == "type" && $0.path == here }
            return (wrongKind ? 1 : 0, trial.violations.count)
        }
        guard let best = trials.indices.min(by: { score(trials[$0]) < score(trials[$1]) }) else { return }
        if trials[best].violations.isEmpty {
            record(.constraintViolation, keyword: keyword, expected: "a value matching one of \(trials.count) schemas", actual: excerpt(instance), at: instance)
        } else {
            for violation in trials[best].violations where violation.isFailure { commit(violation) }
        }
    }

    // MARK: - Words

    /// A short excerpt of a value for a report: scalars as written (cut at 40 characters),
    /// containers by kind and size.
    func excerpt(_ instance: Int) -> String {
        let value = node(instance)
        switch value.kind {
        case .object: return value.count == 0 ? "{}" : "object (\(value.count) keys)"
        case .array: return value.count == 0 ? "[]" : "array (\(value.count) items)"
        default:
            let text = value.rawText
            guard text.count > 40 else { return text }
            return String(text.prefix(39)) + "…"
        }
    }

    /// Describes what a schema expects, briefly: its type, or its $ref.
    func describe(schema index: Int) -> String {
        var current = index
        var seen: Set<Int> = []
        while seen.insert(current).inserted {
            let node = nodes[current]
            if let types = node.types { return types.description }
            if let constant = node.constValue { return constant.serialized() }
            if let values = node.enumValues { return "one of " + values.prefix(5).map { $0.serialized() }.joined(separator: ", ") }
            guard let next = node.ref ?? node.dynamicRef?.fallback else { break }
            current = next
        }
        return "a value"
    }
}
