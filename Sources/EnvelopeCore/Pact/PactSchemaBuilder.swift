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

    /// The rule set that applies at `steps`, and whether it names that very place. A rule
    /// set that names a place above reaches it with its cascading matchers only.
    func best(for steps: [PactPath.Segment]) -> (PactRuleSet, exact: Bool)? {
        var found: (set: PactRuleSet, weight: Int, exact: Bool)?
        for rule in rules {
            let weight = rule.path.weight(for: steps)
            guard weight > 0, weight >= (found?.weight ?? 0) else { continue }
            let exact = rule.path.segments.count == steps.count
            var set = rule.rules
            if !exact {
                set.matchers = set.matchers.filter(\.cascades)
                if set.matchers.isEmpty { continue }
            }
            found = (set, weight, exact)
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
                // `eachKey` alone leaves the values free: Pact compares the keys only.
                let keysOnly = !matchers.contains { switch $0 { case .values, .eachValue: true; default: false } }
                let eachValue = matchers.compactMap { if case .eachValue(let inner) = $0 { inner } else { nil } }.last
                if let first = members.first, let eachValue {
                    add("additionalProperties", rulesSchema(eachValue, example: first.value))
                } else if !keysOnly {
                    likeValues(members, at: steps).forEach { add($0.key, $0.value) }
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
                let eachValue = matchers.compactMap { if case .eachValue(let inner) = $0 { inner } else { nil } }.last
                if let eachValue {
                    add("items", rulesSchema(eachValue, example: first))
                } else {
                    likeItems(items, at: steps).forEach { add($0.key, $0.value) }
                }
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

    /// The items of an array matched by type: Pact compares each answer item with the example
    /// item at its index and those past the examples with the first, so `prefixItems` holds
    /// the examples' schemas where they differ from the first's (else `items` alone, which
    /// keeps one group in the drift report).
    mutating func likeItems(_ items: [JSONValue], at steps: [PactPath.Segment]) -> [JSONValue.Member] {
        let rest = schema(for: items[0], at: steps + [.anyIndex])
        let each = items.indices.map { schema(for: items[$0], at: steps + [.index($0)]) }
        if each.allSatisfy({ $0 == rest }) { return [JSONValue.Member(key: "items", value: rest)] }
        return [JSONValue.Member(key: "prefixItems", value: .array(each)), JSONValue.Member(key: "items", value: rest)]
    }

    /// The values of an object under `values`: Pact compares an example key's value with the
    /// example's and any other key's with the first value, so `properties` holds the
    /// examples' schemas where they differ from the first's (none required).
    mutating func likeValues(_ members: [JSONValue.Member], at steps: [PactPath.Segment]) -> [JSONValue.Member] {
        guard let first = members.first else { return [] }
        let rest = schema(for: first.value, at: steps + [.anyKey])
        let each = members.map { JSONValue.Member(key: $0.key, value: schema(for: $0.value, at: steps + [.key($0.key)])) }
        let additional = JSONValue.Member(key: "additionalProperties", value: rest)
        if each.allSatisfy({ $0.value == rest }) { return [additional] }
        return [JSONValue.Member(key: "properties", value: .object(each)), additional]
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
            return schema(("type", .string("string")), ("pattern", .string(RegexLiteral.anchored(pattern))))
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
            // Pact checks a value, whatever its type, for being neither null nor empty.
            return schema(("not", schema(("type", .string("null")))), ("minLength", .number("1")), ("minItems", .number("1")), ("minProperties", .number("1")))
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
