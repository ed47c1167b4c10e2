import Foundation

/// Makes a value that a schema accepts, for a mock where the document gives no example.
///
/// Deterministic (the same schema gives the same value) and plausible: a schema's own
/// `example`/`examples`, `const`, the first `enum` value or `default` first; then a value of its
/// type that fits its `format`, bounds and lengths; objects with their required keys (every
/// property with ``includesAllProperties``); the first branch of `oneOf`/`anyOf`, every
/// branch of `allOf` merged (``values(for:name:limit:)`` gives the other branches too). Recursion through `$ref`s is bounded. The value is validated
/// by the caller with the real validator: what this cannot satisfy (an unusual `pattern`)
/// is refused there, not written.
public struct SchemaExampleGenerator {
    /// Whether objects get every property rather than only the required ones.
    public var includesAllProperties = false
    /// Whether the schemas' own `example`s (and `examples`) are left out, and every value is
    /// made from the schema's keywords: for when an example inside breaks its schema.
    public var ignoresExamples = false
    /// How many `$ref`s deep generation goes before it stops adding optional parts.
    public var depthLimit = 12
    private let documents: OpenAPIDocumentSet

    /// A generator that follows `$ref`s through `documents`.
    public init(documents: OpenAPIDocumentSet, includesAllProperties: Bool = false) {
        self.documents = documents
        self.includesAllProperties = includesAllProperties
    }

    /// A value for the schema at `schema`; `name` is the key it sits under, if any, used for
    /// plain strings.
    public func value(for schema: OpenAPINode, name: String? = nil) throws(OpenAPIImportError) -> JSONValue {
        try values(for: schema, name: name).first ?? .null
    }

    /// Which branch of each `oneOf`/`anyOf` (by the schema's place) to take; the first when
    /// none is named.
    public var choices: [String: Int] = [:]

    /// The value for `schema`, then (when its schemas have `oneOf`/`anyOf`) the values with each
    /// other branch of each of them, one change at a time: the caller keeps the first that
    /// validates. At most `limit` values.
    public func values(for schema: OpenAPINode, name: String? = nil, limit: Int = 12) throws(OpenAPIImportError) -> [JSONValue] {
        var walk = Walk()
        var out = [try generate(schema, name: name, walk: &walk, index: 0)]
        for (place, count) in walk.choicePoints where count > 1 {
            for branch in 1..<count where out.count < limit {
                var variant = self
                variant.choices[place] = branch
                var other = Walk()
                out.append(try variant.generate(schema, name: name, walk: &other, index: 0))
            }
        }
        return out
    }

    /// Where generation is: the schemas being generated (to stop recursion) and the
    /// `oneOf`/`anyOf` met, with how many branches each has.
    struct Walk {
        var stack: [String] = []
        var choicePoints: [(place: String, count: Int)] = []
        /// Keys that the `allOf` being generated requires in any of its branches, for the
        /// object generated next (one branch often describes a key another requires:
        /// `allOf: [{$ref: meta}, {required: [total]}]`).
        var siblingRequired: Set<String> = []
    }

    private func generate(_ start: OpenAPINode, name: String?, walk: inout Walk, index: Int) throws(OpenAPIImportError) -> JSONValue {
        let schema = try documents.resolved(start)
        let node = schema.node
        if node.kind == .bool { return node.boolValue == false ? .null : .string(name ?? "value") }
        guard node.kind == .object else { return .null }
        if !ignoresExamples, let example = node["example"] { return example.value }
        if !ignoresExamples, let first = node["examples"]?.elements.first { return first.value }
        if let constant = node["const"] { return constant.value }
        if let first = node["enum"]?.elements.first(where: { !$0.isNull }) ?? node["enum"]?.elements.first { return first.value }
        if let fallback = node["default"] { return fallback.value }
        walk.stack.append(schema.place)
        defer { walk.stack.removeLast() }
        if let branches = schema["allOf"]?.elements, !branches.isEmpty {
            var merged: [JSONValue.Member] = []
            var other: JSONValue?
            var required = Set(node["required"]?.elements.compactMap(\.stringValue) ?? [])
            for branch in branches {
                required.formUnion(try documents.resolved(branch).node["required"]?.elements.compactMap(\.stringValue) ?? [])
            }
            for branch in branches {
                walk.siblingRequired = required
                switch try generate(branch, name: name, walk: &walk, index: index) {
                case .object(let members):
                    for member in members where !merged.contains(where: { $0.key == member.key }) { merged.append(member) }
                case let value: other = other ?? value
                }
                // Not for an object further down, when the branch made none.
                walk.siblingRequired = []
            }
            walk.siblingRequired = required
            let own = try typed(schema, name: name, walk: &walk, index: index, hint: merged.isEmpty ? nil : "object")
            walk.siblingRequired = []
            if case .object(let members) = own {
                for member in members where !merged.contains(where: { $0.key == member.key }) { merged.append(member) }
            }
            return merged.isEmpty ? (other ?? own) : .object(merged)
        }
        for keyword in ["oneOf", "anyOf"] {
            if let branches = schema[keyword]?.elements, !branches.isEmpty {
                let place = schema.place + "/" + keyword
                if !walk.choicePoints.contains(where: { $0.place == place }) { walk.choicePoints.append((place, branches.count)) }
                let chosen = branches[min(choices[place] ?? 0, branches.count - 1)]
                let branch = try generate(chosen, name: name, walk: &walk, index: index)
                guard case .object(var members) = branch, node["properties"] != nil,
                      case .object(let own) = try typed(schema, name: name, walk: &walk, index: index, hint: "object") else { return branch }
                for member in own where !members.contains(where: { $0.key == member.key }) { members.append(member) }
                return .object(members)
            }
        }
        return try typed(schema, name: name, walk: &walk, index: index, hint: nil)
    }

    /// The schema's type: `type` (the first that is not null), or what its keywords imply.
    private func type(of node: JSONNode, hint: String?) -> String? {
        if let single = node["type"]?.stringValue { return single }
        if let list = node["type"]?.elements.compactMap(\.stringValue) {
            return list.first { $0 != "null" } ?? list.first
        }
        if let hint { return hint }
        if node["properties"] != nil || node["required"] != nil || node["additionalProperties"] != nil { return "object" }
        if node["items"] != nil { return "array" }
        return nil
    }

    private func typed(_ schema: OpenAPINode, name: String?, walk: inout Walk, index: Int, hint: String?) throws(OpenAPIImportError) -> JSONValue {
        let node = schema.node
        switch type(of: node, hint: hint) {
        case "object": return try object(schema, walk: &walk)
        case "array":
            let minimum = node["minItems"]?.intValue ?? 0
            let maximum = node["maxItems"]?.intValue ?? Int.max
            // One element shows the shape; none when the schema allows none and recursion is deep.
            let count = min(maximum, max(minimum, walk.stack.count > depthLimit / 2 ? 0 : 1))
            guard count > 0, let items = schema["items"], items.node.kind != .array else { return .array([]) }
            var elements: [JSONValue] = []
            for position in 0..<count { elements.append(try generate(items, name: name, walk: &walk, index: position)) }
            return .array(elements)
        case "integer": return .number(Self.integer(node, index: index))
        case "number": return .number(Self.number(node, index: index))
        case "boolean": return .bool(true)
        case "null": return .null
        case "string": return .string(Self.string(node, name: name, index: index))
        default: return .object([])
        }
    }

    private func object(_ schema: OpenAPINode, walk: inout Walk) throws(OpenAPIImportError) -> JSONValue {
        let own = schema.node["required"]?.elements.compactMap(\.stringValue) ?? []
        let required = Set(own).union(walk.siblingRequired)
        walk.siblingRequired = []
        let deep = walk.stack.count > depthLimit
        var members: [JSONValue.Member] = []
        for (key, property) in schema["properties"]?.members ?? [] {
            guard required.contains(key) || (includesAllProperties && !deep) else { continue }
            let resolved = try documents.resolved(property)
            // A property that leads back to a schema being generated is left out when it may be.
            if !required.contains(key), walk.stack.contains(resolved.place) { continue }
            if resolved.node["readOnly"] == nil, resolved.node["writeOnly"]?.boolValue == true { continue }
            members.append(JSONValue.Member(key: key, value: try generate(property, name: key, walk: &walk, index: 0)))
        }
        // Required keys that `properties` does not describe still have to be there.
        for key in own where !members.contains(where: { $0.key == key }) {
            members.append(JSONValue.Member(key: key, value: .string(key)))
        }
        return .object(members)
    }

    /// An integer inside the schema's bounds and a multiple of its `multipleOf`.
    static func integer(_ node: JSONNode, index: Int) -> String {
        var low = node["minimum"]?.doubleValue ?? -Double.infinity
        var high = node["maximum"]?.doubleValue ?? Double.infinity
        if let exclusive = node["exclusiveMinimum"] {
            if let value = exclusive.doubleValue { low = max(low, value.rounded(.down) + 1) } else if exclusive.boolValue == true { low += 1 }
        }
        if let exclusive = node["exclusiveMaximum"] {
            if let value = exclusive.doubleValue { high = min(high, value.rounded(.up) - 1) } else if exclusive.boolValue == true { high -= 1 }
        }
        let step = max(1, node["multipleOf"]?.doubleValue.map { Int($0) } ?? 1)
        var value = low.isFinite ? Int(low.rounded(.up)) : (high.isFinite ? min(1, Int(high.rounded(.down))) : 1)
        value += index * step
        if value % step != 0 { value += step - ((value % step) + step) % step }
        if high.isFinite, Double(value) > high { value = Int(high.rounded(.down)) }
        return String(value)
    }

    /// A number inside the schema's bounds: an integer one where it can be.
    static func number(_ node: JSONNode, index: Int) -> String {
        if node["multipleOf"] != nil || node["minimum"] != nil || node["maximum"] != nil || node["exclusiveMinimum"] != nil || node["exclusiveMaximum"] != nil {
            let low = node["minimum"]?.doubleValue ?? node["exclusiveMinimum"]?.doubleValue.map { $0 + 0.5 }
            let high = node["maximum"]?.doubleValue ?? node["exclusiveMaximum"]?.doubleValue.map { $0 - 0.5 }
            if node["multipleOf"] == nil, let low, let high, low.rounded(.up) > high {
                return String((low + high) / 2)
            }
            return integer(node, index: index)
        }
        return String(1.5 + Double(index))
    }

    /// A string of the schema's `format`, or the key's name, fitted to its lengths.
    static func string(_ node: JSONNode, name: String?, index: Int) -> String {
        let formatted: String? = switch node["format"]?.stringValue {
        case "date-time": "2024-01-15T09:30:00Z"
        case "date": "2024-01-15"
        case "time": "09:30:00Z"
        case "email", "idn-email": "user@example.com"
        case "uuid": "3fa85f64-5717-4562-b3fc-2c963f66afa\(index % 10)"
        case "uri", "url", "iri": "https://example.com/"
        case "uri-reference", "iri-reference": "/example"
        case "hostname", "idn-hostname": "example.com"
        case "ipv4": "192.0.2.\(1 + index % 250)"
        case "ipv6": "2001:db8::\(1 + index)"
        case "byte": "ZXhhbXBsZQ=="
        case "json-pointer": "/example"
        case "regex": "^example$"
        case "duration": "PT1H"
        default: nil
        }
        if let formatted { return formatted }
        if let pattern = node["pattern"]?.stringValue, let text = PatternSample.sample(pattern) { return text }
        var text = name.map { $0.filter { $0.isLetter || $0.isNumber } }.flatMap { $0.isEmpty ? nil : $0 } ?? "string"
        if index > 0 { text += String(index) }
        let minimum = node["minLength"]?.intValue ?? 0
        let maximum = node["maxLength"]?.intValue ?? Int.max
        if text.count < minimum { text += String(repeating: "x", count: minimum - text.count) }
        if text.count > maximum { text = String(text.prefix(maximum)) }
        return text
    }
}
