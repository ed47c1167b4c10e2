/// Walks an answer's example body beside the contract's schema and writes the Pact matching
/// rules that say what the schema says at each place, plus a note for every keyword Pact
/// cannot express.
///
/// Pact compares a value without a rule to the example (equality), and a rule on an object
/// or array holds for everything below it unless a deeper rule says otherwise; so a rule is
/// written at every place the schema describes, and a place it leaves open gets `type`
/// (the closest Pact has to "anything") with a note.
struct PactRuleWriter {
    let schema: CompiledSchema
    let resolver: SchemaResolver
    /// The pact specification's major version (3 or 4): `boolean` exists in 4 only.
    let version: Int
    /// Whether the contract asserts `format` (`assertFormats`); else formats are annotations.
    let assertsFormats: Bool
    /// Rules by Pact path, in the order first written.
    private(set) var rules: [(path: String, matchers: [JSONValue], combine: String)] = []
    private var rulePaths: Set<String> = []
    /// Notes by pointer, each said once.
    private(set) var notes: [(place: String, message: String)] = []
    private var noted: Set<String> = []
    /// Types an example could not stand for, checked when the walk is over.
    private var missingTypes: [(type: SchemaTypeSet, path: String, pointer: String, kind: JSONKind)] = []
    /// `path NUL type` for every example of a string, object or array type met at a path.
    var examplesMet: Set<String> = []

    init(schema: CompiledSchema, version: Int, assertsFormats: Bool) {
        self.schema = schema
        self.resolver = SchemaResolver(schema: schema)
        self.version = version
        self.assertsFormats = assertsFormats
    }

    /// Walks `value` (the example at `pointer`, Pact path `path`) with the schemas that apply there.
    mutating func walk(_ value: JSONValue, schemas: [ScopedSchema], pointer: String, path: String, depth: Int = 0) {
        guard depth < 64 else {
            note(pointer, "nested deeper than 64 levels: Pact checks the rest by the example's types")
            return
        }
        var applying = schemas
        var effective = resolver.effective(applying)
        var nullable = false
        // anyOf/oneOf: the branch the example takes, as Pact has no alternatives of shapes.
        for group in effective.anyOf + effective.oneOf {
            let (branches, nullBranch) = splitNull(group)
            guard let chosen = branches.first(where: { admits($0, value) }) ?? (value == .null ? nil : branches.first) else {
                if nullBranch { nullable = true }
                continue
            }
            if nullBranch { nullable = true }
            if branches.count > 1 {
                let position = (group.firstIndex(of: chosen) ?? 0) + 1
                note(pointer, "\(group.count) alternatives (anyOf/oneOf): Pact checks only the one the example takes (#\(position))")
            }
            applying.append(chosen)
        }
        if applying.count != schemas.count { effective = resolver.effective(applying) }
        noteUnexpressible(effective, pointer: pointer)
        met(value, at: path)
        let matchers = leafMatchers(value, effective, nullable: nullable, pointer: pointer, path: path)
        if !matchers.list.isEmpty { add(path, matchers.list, combine: matchers.or ? "OR" : "AND") }
        switch value {
        case .object(let members): walkObject(members, effective, pointer: pointer, path: path, depth: depth)
        case .array(let elements): walkArray(elements, effective, pointer: pointer, path: path, depth: depth)
        default: break
        }
    }

    /// The branches of a group apart from those that only admit null, and whether there was one.
    private func splitNull(_ group: [ScopedSchema]) -> ([ScopedSchema], Bool) {
        var rest: [ScopedSchema] = []
        var null = false
        for branch in group {
            if resolver.effective([branch]).types == .null { null = true } else { rest.append(branch) }
        }
        return (rest, null)
    }

    /// Whether a branch could take `value`: its types, its values and, for objects, its required keys.
    private func admits(_ branch: ScopedSchema, _ value: JSONValue) -> Bool {
        let e = resolver.effective([branch])
        if e.acceptsNothing { return false }
        if let values = e.values, !values.contains(value) { return false }
        guard Self.admits(e.types, value) else { return false }
        if case .object(let members) = value {
            let keys = Set(members.map(\.key))
            return e.required.isSubset(of: keys)
        }
        return true
    }

    static func admits(_ types: SchemaTypeSet?, _ value: JSONValue) -> Bool {
        guard let types else { return true }
        switch value {
        case .null: return types.contains(.null)
        case .bool: return types.contains(.boolean)
        case .string: return types.contains(.string)
        case .array: return types.contains(.array)
        case .object: return types.contains(.object)
        case .number(let text): return types.contains(.number) || (types.contains(.integer) && isInteger(text))
        }
    }

    /// Whether a number's text is an integer (`12`, `-3`, `1.0`, `2e3`).
    static func isInteger(_ text: String) -> Bool {
        guard let number = Double(text) else { return false }
        return number.rounded() == number
    }

    /// Adds the rule for `path`; a path met again (another array element) gets the union of
    /// the alternatives, since elements may take different types of a nullable or mixed schema.
    mutating func add(_ path: String, _ matchers: [JSONValue], combine: String) {
        guard !rulePaths.insert(path).inserted, let at = rules.firstIndex(where: { $0.path == path }) else {
            rules.append((path, matchers, combine))
            return
        }
        let existing = rules[at]
        guard existing.matchers != matchers else { return }
        let alternatives = (existing.combine == "OR" || existing.matchers.count == 1) && (combine == "OR" || matchers.count == 1)
        guard alternatives else { return }
        var union = existing.matchers
        for matcher in matchers where !union.contains(matcher) { union.append(matcher) }
        rules[at] = (path, union, union.count > 1 ? "OR" : "AND")
    }

    /// Adds `values` (the keys of a map are free) to the rule at `path`, which must hold with it.
    mutating func addValuesMatcher(at path: String, pointer: String) {
        let values = Self.matcher("values")
        guard let at = rules.firstIndex(where: { $0.path == path }) else { return add(path, [values], combine: "AND") }
        guard !rules[at].matchers.contains(values) else { return }
        guard rules[at].combine == "AND" else {
            return note(pointer, "a map that may also be null: Pact asks for the example's keys")
        }
        rules[at].matchers.append(values)
    }

    /// Notes a type that the example at `path` could not stand for; said at the end, if no
    /// other element of the example stood for it.
    mutating func noteMissingType(_ type: SchemaTypeSet, path: String, pointer: String, kind: JSONKind) {
        missingTypes.append((type, path, pointer, kind))
    }

    /// The notes of types that no element of the example stood for.
    mutating func finish() {
        for missing in missingTypes where !examplesMet.contains(missing.path + "\u{0}" + missing.type.description) {
            note(missing.pointer, "the schema also admits \(missing.type), which Pact checks by an example of it, and the example is \(missing.kind): Pact will not accept \(missing.type) here")
        }
        missingTypes = []
    }

    /// Records that the example at `path` stands for its own type there.
    mutating func met(_ value: JSONValue, at path: String) {
        let type: SchemaTypeSet
        switch value {
        case .string: type = .string
        case .object: type = .object
        case .array: type = .array
        case .bool: type = .boolean
        default: return
        }
        examplesMet.insert(path + "\u{0}" + type.description)
    }

    mutating func note(_ place: String, _ message: String) {
        guard noted.insert(place + "\u{0}" + message).inserted else { return }
        notes.append((place, message))
    }
}
