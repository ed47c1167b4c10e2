/// Turns a pact body (its example and matching rules) into a JSON Schema that keeps Pact's
/// semantics: a value no rule reaches must equal the example (`const`, arrays of the same
/// length); objects keep their example keys as required `properties` without
/// `additionalProperties`, so extra keys are `unknown-key` warnings as Pact lets them pass;
/// a rule applies to the value it names and, as Pact cascades rules, to what is inside it,
/// the most specific rule winning.
struct PactSchemaBuilder {
    /// The body's rules, by path.
    let rules: [(path: PactPath, rules: PactRuleSet)]
    /// What the schema could not say, for the import's report.
    private(set) var notes: [String] = []

    init(rules: [(path: PactPath, rules: PactRuleSet)]) {
        self.rules = rules
    }

    /// The schema of `value` at `steps` (a concrete path of keys and indexes).
    mutating func schema(for value: JSONValue, at steps: [PactPath.Segment] = []) -> JSONValue {
        guard let (set, exact) = best(for: steps) else { return structure(value, at: steps, like: false, matchers: [], exact: false) }
        let known = set.matchers.filter { if case .unknown = $0 { false } else { true } }
        guard !known.isEmpty else { return structure(value, at: steps, like: false, matchers: [], exact: false) }
        switch value {
        case .object, .array:
            let like = known.contains { if case .equality = $0 { false } else { true } }
            return structure(value, at: steps, like: like, matchers: known, exact: exact)
        default:
            let pieces = known.compactMap { scalar($0, value, at: steps) }
            return Self.combined(pieces, set.combine)
        }
    }

    /// The rule set that applies at `steps`, and whether it names that very place.
    func best(for steps: [PactPath.Segment]) -> (PactRuleSet, exact: Bool)? {
        var found: (set: PactRuleSet, weight: Int, exact: Bool)?
        for rule in rules {
            let weight = rule.path.weight(for: steps)
            if weight > 0, weight >= (found?.weight ?? 0) { found = (rule.rules, weight, rule.path.segments.count == steps.count) }
        }
        return found.map { ($0.set, $0.exact) }
    }

    /// `allOf` (AND) or `anyOf` (OR) of the pieces, or the one piece.
    static func combined(_ pieces: [JSONValue], _ combine: PactRuleSet.Combine) -> JSONValue {
        if pieces.count == 1 { return pieces[0] }
        if pieces.isEmpty { return .object([]) }
        return .object([JSONValue.Member(key: combine == .and ? "allOf" : "anyOf", value: .array(pieces))])
    }

    /// An object or array: by example (`like` false: the same keys, the same items in order)
    /// or like it (each item like the first), with what container matchers add.
    mutating func structure(_ value: JSONValue, at steps: [PactPath.Segment], like: Bool, matchers: [PactMatcher], exact: Bool) -> JSONValue {
        var out: [JSONValue.Member] = []
        func add(_ key: String, _ value: JSONValue) { out.append(JSONValue.Member(key: key, value: value)) }
        switch value {
        case .object(let members):
            add("type", .string("object"))
            let keysFree = matchers.contains { switch $0 { case .values, .eachKey, .eachValue: true; default: false } }
            if keysFree {
                if let first = members.first {
                    var valueSchema = schema(for: first.value, at: steps + [.key(first.key)])
                    for case .eachValue(let inner) in matchers { valueSchema = rulesSchema(inner, example: first.value) }
                    add("additionalProperties", valueSchema)
                }
                for case .eachKey(let inner) in matchers { add("propertyNames", rulesSchema(inner, example: .string(members.first?.key ?? ""))) }
            } else if !members.isEmpty {
                add("properties", .object(members.map { JSONValue.Member(key: $0.key, value: schema(for: $0.value, at: steps + [.key($0.key)])) }))
                add("required", .array(members.map { .string($0.key) }))
            }
            if matchers.contains(where: { if case .notEmpty = $0 { true } else { false } }) { add("minProperties", .number("1")) }
        case .array(let items):
            add("type", .string("array"))
            if !like {
                if !items.isEmpty {
                    add("prefixItems", .array(items.enumerated().map { schema(for: $1, at: steps + [.index($0)]) }))
                    add("items", .bool(false))
                } else {
                    add("maxItems", .number("0"))
                }
                add("minItems", .number(String(items.count)))
                break
            }
            let contains = matchers.compactMap { if case .arrayContains(let variants) = $0 { variants } else { nil } }.flatMap { $0 }
            if !contains.isEmpty {
                add("allOf", .array(contains.map { variant in
                    var inner = PactSchemaBuilder(rules: variant.rules)
                    let element = variant.index < items.count ? items[variant.index] : .null
                    defer { notes += inner.notes }
                    return .object([JSONValue.Member(key: "contains", value: inner.schema(for: element))])
                }))
            } else if let first = items.first {
                var itemSchema = schema(for: first, at: steps + [.index(0)])
                for case .eachValue(let inner) in matchers { itemSchema = rulesSchema(inner, example: first) }
                add("items", itemSchema)
            }
            for case .type(let min, let max) in matchers where exact {
                if let min { add("minItems", .number(String(min))) }
                if let max { add("maxItems", .number(String(max))) }
            }
            if matchers.contains(where: { if case .notEmpty = $0 { true } else { false } }) { add("minItems", .number("1")) }
        default:
            add("const", value)
        }
        return .object(out)
    }

    /// The schema of `eachKey`/`eachValue`'s own rules on `example`.
    mutating func rulesSchema(_ matchers: [PactMatcher], example: JSONValue) -> JSONValue {
        var inner = PactSchemaBuilder(rules: [(PactPath(segments: [], text: "$"), PactRuleSet(matchers: matchers, location: SourceLocation(line: 1, column: 1, offset: 0)))])
        defer { notes += inner.notes }
        return inner.schema(for: example)
    }

    /// The schema one matcher makes of a scalar example.
    mutating func scalar(_ matcher: PactMatcher, _ value: JSONValue, at steps: [PactPath.Segment]) -> JSONValue? {
        func schema(_ members: (String, JSONValue)...) -> JSONValue { .object(members.map { JSONValue.Member(key: $0.0, value: $0.1) }) }
        let type = JSONValue.string(Self.typeName(of: value))
        switch matcher {
        case .type, .values, .eachKey, .eachValue, .arrayContains, .contentType: return schema(("type", type))
        case .regex(let pattern):
            guard case .string = value else {
                notes.append("\(PactPath.text(of: steps)): a regex on a \(Self.typeName(of: value)) is checked as its type only")
                return schema(("type", type))
            }
            return schema(("type", .string("string")), ("pattern", .string(pattern)))
        case .integer: return schema(("type", .string("integer")))
        case .decimal: return schema(("type", .string("number")), ("not", schema(("multipleOf", .number("1")))))
        case .number: return schema(("type", .string("number")))
        case .boolean: return schema(("type", .string("boolean")))
        case .null: return schema(("type", .string("null")))
        case .equality: return schema(("const", value))
        case .include(let text): return schema(("type", .string("string")), ("pattern", .string(RegexLiteral.escaped(text))))
        case .date(let format), .time(let format), .timestamp(let format):
            guard let pattern = PactDateFormat.pattern(for: matcher, format: format) else {
                notes.append("\(PactPath.text(of: steps)): the \(matcher.name) format '\(format ?? "")' is not understood; checked as a string")
                return schema(("type", .string("string")))
            }
            return schema(("type", .string("string")), ("pattern", .string(pattern)))
        case .notEmpty:
            if case .string = value { return schema(("type", .string("string")), ("minLength", .number("1"))) }
            return schema(("type", type))
        case .semver: return schema(("type", .string("string")), ("pattern", .string(Self.semverPattern)))
        case .statusCode, .unknown: return nil
        }
    }

    /// Semantic Versioning 2.0.0's own expression.
    static let semverPattern = #"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$"#

    /// The JSON Schema type of an example for Pact's `type` (any number is a number).
    static func typeName(of value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
