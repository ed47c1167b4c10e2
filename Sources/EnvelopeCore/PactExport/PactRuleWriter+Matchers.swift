/// The matchers for one place: what its type, values, pattern and bounds come to in Pact.
extension PactRuleWriter {
    /// A matcher object: `{"match": "type", "min": 1}`.
    static func matcher(_ name: String, _ extra: [(String, JSONValue)] = []) -> JSONValue {
        .object([JSONValue.Member(key: "match", value: .string(name))] + extra.map { JSONValue.Member(key: $0.0, value: $0.1) })
    }

    /// The matchers at one place and whether they combine with OR (alternatives) or AND.
    mutating func leafMatchers(_ value: JSONValue, _ e: EffectiveSchema, nullable: Bool, pointer: String, path: String) -> (list: [JSONValue], or: Bool) {
        if e.acceptsNothing {
            note(pointer, "the schema accepts nothing here (false): Pact checks the example's type")
            return ([Self.matcher("type")], false)
        }
        if let values = e.values { return valueMatchers(value, values, nullable: nullable, pointer: pointer) }
        guard var types = e.types ?? Self.impliedTypes(e) else {
            if case .object = value { return ([Self.matcher("type")], false) }
            if case .array = value { return ([Self.matcher("type")], false) }
            note(pointer, "the schema leaves the type open: Pact checks the example's type (\(value.kind))")
            return ([Self.matcher("type")], false)
        }
        if nullable { types.insert(.null) }
        if types.contains(.number) { types.remove(.integer) }
        let alternatives = types.subtracting(.null).rawValue.nonzeroBitCount + (types.contains(.null) ? 1 : 0)
        if alternatives == 1, !types.contains(.null) {
            return (singleTypeMatchers(types, value, e, pointer: pointer, path: path), false)
        }
        var list: [JSONValue] = []
        for type in [SchemaTypeSet.null, .boolean, .integer, .number, .string, .object, .array] where types.contains(type) {
            if let matcher = alternativeMatcher(type, value, e, pointer: pointer, path: path) { list.append(matcher) }
        }
        if list.isEmpty { return ([Self.matcher("type")], false) }
        return (list, list.count > 1)
    }

    /// The type a schema without `type` still implies by its keywords (`properties` an object).
    static func impliedTypes(_ e: EffectiveSchema) -> SchemaTypeSet? {
        if !e.properties.isEmpty || !e.required.isEmpty || !e.additionalProperties.isEmpty || !e.patternProperties.isEmpty { return .object }
        if !e.items.isEmpty || !e.prefixItems.isEmpty { return .array }
        if !e.patterns.isEmpty || e.lowerBounds["minLength"] != nil || e.upperBounds["maxLength"] != nil { return .string }
        return nil
    }

    /// `enum`/`const`: equality for one value, a regular expression for a list of strings.
    private mutating func valueMatchers(_ value: JSONValue, _ values: Set<JSONValue>, nullable: Bool, pointer: String) -> (list: [JSONValue], or: Bool) {
        let allowsNull = nullable || values.contains(.null)
        let others = values.subtracting([.null])
        if !values.contains(value) && !(nullable && value == .null) {
            note(pointer, "the example \(value.serialized()) is not one of the schema's values: Pact compares with the example")
            return ([Self.matcher("equality")], false)
        }
        var list: [JSONValue] = []
        if allowsNull { list.append(Self.matcher("null")) }
        let strings = others.compactMap { if case .string(let text) = $0 { text } else { nil } }.sorted()
        if strings.count == others.count, !strings.isEmpty, strings.count > 1 || value == .null {
            let alternation = strings.map(RegexLiteral.escaped).joined(separator: "|")
            list.append(Self.matcher("regex", [("regex", .string("^(" + alternation + ")$"))]))
        } else if others.count == 1, value != .null {
            list.append(Self.matcher("equality"))
        } else if !others.isEmpty {
            if value == .null {
                note(pointer, "\(others.count) values that are not all strings, and the example is null: Pact checks only null here")
            } else {
                note(pointer, "enum of \(others.count) values that are not all strings: Pact checks only the example's value")
                list.append(Self.matcher("equality"))
            }
        }
        if list.isEmpty { list.append(Self.matcher("equality")) }
        return (list, list.count > 1)
    }

    /// Every matcher of a place with one type (no null): they must all pass.
    private mutating func singleTypeMatchers(_ type: SchemaTypeSet, _ value: JSONValue, _ e: EffectiveSchema, pointer: String, path: String) -> [JSONValue] {
        guard type == .string else {
            return [alternativeMatcher(type, value, e, pointer: pointer, path: path) ?? Self.matcher("type")]
        }
        var list = [Self.matcher("type")]
        for pattern in e.patterns.sorted() { list.append(regexMatcher(pattern, pointer: pointer)) }
        if let length = lengthRegex(e) { list.append(Self.matcher("regex", [("regex", .string(length))])) }
        if let format = formatMatcher(e, pointer: pointer) { list.append(format) }
        return list
    }

    /// The one matcher that stands for `type` among alternatives; nil (with a note) when Pact
    /// could only say it by an example of that type, and the example has another.
    private mutating func alternativeMatcher(_ type: SchemaTypeSet, _ value: JSONValue, _ e: EffectiveSchema, pointer: String, path: String) -> JSONValue? {
        switch type {
        case .null: return Self.matcher("null")
        case .integer: return Self.matcher("integer")
        case .number: return Self.matcher("number")
        case .boolean:
            if version >= 4 { return Self.matcher("boolean") }
            if case .bool = value { return Self.matcher("type") }
        case .string:
            if let pattern = e.patterns.sorted().first {
                if e.patterns.count > 1 || lengthRegex(e) != nil { note(pointer, "more than one pattern or a length beside other types: Pact checks only /\(pattern)/") }
                return regexMatcher(pattern, pointer: pointer)
            }
            if case .string = value {
                if lengthRegex(e) != nil { note(pointer, "minLength/maxLength beside other types: not checked by Pact") }
                return Self.matcher("type")
            }
        case .object:
            if case .object = value { return Self.matcher("type") }
        case .array:
            if case .array = value { return arrayMatcher(e) }
        default: break
        }
        noteMissingType(type, path: path, pointer: pointer, kind: value.kind)
        return nil
    }

    /// `type`, with `min`/`max` from `minItems`/`maxItems` (Pact's `eachLike`/`atLeastLike`).
    func arrayMatcher(_ e: EffectiveSchema) -> JSONValue {
        var extra: [(String, JSONValue)] = []
        if let min = e.lowerBounds["minItems"] { extra.append(("min", .number(String(Int(min))))) }
        if let max = e.upperBounds["maxItems"] { extra.append(("max", .number(String(Int(max))))) }
        return Self.matcher("type", extra)
    }

    /// A `regex` matcher for a schema's `pattern`; Pact's regular expressions are Rust's, which
    /// have no look-around or back-references, so such a pattern gets a note.
    mutating func regexMatcher(_ pattern: String, pointer: String) -> JSONValue {
        if ["(?=", "(?!", "(?<=", "(?<!"].contains(where: pattern.contains) || pattern.range(of: #"\\[1-9]"#, options: .regularExpression) != nil {
            note(pointer, "pattern /\(pattern)/ uses look-around or back-references, which Pact's (Rust) regular expressions do not have")
        }
        return Self.matcher("regex", [("regex", .string(Self.wholeValueRegex(pattern)))])
    }

    /// A JSON Schema pattern (which may match anywhere in the value) as a Pact regex (which
    /// must match the whole value): `^https?://` becomes `[\s\S]*(?:^https?://)[\s\S]*`.
    /// A pattern anchored at both ends, with no `|` that could escape the anchors, stays.
    static func wholeValueRegex(_ pattern: String) -> String {
        RegexLiteral.isAnchored(pattern) ? pattern : "[\\s\\S]*(?:" + pattern + ")[\\s\\S]*"
    }

    /// `^[\s\S]{min,max}$` for `minLength`/`maxLength` (both count code points, as Rust's regex does).
    func lengthRegex(_ e: EffectiveSchema) -> String? {
        let min = e.lowerBounds["minLength"].map { Int($0) }, max = e.upperBounds["maxLength"].map { Int($0) }
        guard min != nil || max != nil else { return nil }
        return "^[\\s\\S]{\(min ?? 0),\(max.map(String.init) ?? "")}$"
    }

    /// An asserted `format` as Pact's `date` matcher or a regular expression; others get a note.
    mutating func formatMatcher(_ e: EffectiveSchema, pointer: String) -> JSONValue? {
        guard let format = e.formats.sorted().first, assertsFormats || e.sources.contains(where: { schema.nodes[$0.index].assertsFormat }) else { return nil }
        switch format {
        case "date": return Self.matcher("date", [("format", .string("yyyy-MM-dd"))])
        case "date-time":
            return Self.matcher("regex", [("regex", .string(#"^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$"#))])
        case "time": return Self.matcher("regex", [("regex", .string(#"^\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$"#))])
        case "uuid": return Self.matcher("regex", [("regex", .string("^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"))])
        default:
            note(pointer, "format \(format) is asserted but has no Pact matcher: not checked by Pact")
            return nil
        }
    }

    /// Notes for the keywords at this place that no Pact matcher says.
    mutating func noteUnexpressible(_ e: EffectiveSchema, pointer: String) {
        for name in ["minimum", "exclusiveMinimum", "minProperties"] {
            if let bound = e.lowerBounds[name] { note(pointer, "\(name) \(Self.number(bound)) is not checked by Pact") }
        }
        for name in ["maximum", "exclusiveMaximum", "maxProperties"] {
            if let bound = e.upperBounds[name] { note(pointer, "\(name) \(Self.number(bound)) is not checked by Pact") }
        }
        for multiple in e.multipleOf.sorted() { note(pointer, "multipleOf \(multiple) is not checked by Pact") }
        if e.uniqueItems { note(pointer, "uniqueItems is not checked by Pact") }
        if !e.not.isEmpty { note(pointer, "not is not checked by Pact") }
        for source in e.sources where schema.nodes.indices.contains(source.index) {
            let node = schema.nodes[source.index]
            if node.ifSchema != nil, node.thenSchema != nil || node.elseSchema == nil { note(pointer, "if/then/else is not checked by Pact") }
            if !node.dependentRequired.isEmpty || !node.dependentSchemas.isEmpty { note(pointer, "dependentRequired/dependentSchemas are not checked by Pact") }
            if node.propertyNames != nil { note(pointer, "propertyNames is not checked by Pact") }
            if node.contains != nil { note(pointer, "contains (minContains/maxContains) is not checked by Pact") }
            if node.unevaluatedProperties != nil || node.unevaluatedItems != nil { note(pointer, "unevaluatedProperties/unevaluatedItems are not checked by Pact") }
        }
    }

    /// `3` for 3.0, `0.5` for 0.5.
    static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
