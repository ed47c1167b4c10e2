extension JSONValue {
    /// The value with numbers in a canonical form, so that JSON Schema equality (`1 == 1.0`)
    /// becomes Swift equality.
    public var normalizedForEquality: JSONValue {
        switch self {
        case .number(let text): return .number(JSONValue.canonicalNumber(text))
        case .array(let elements): return .array(elements.map(\.normalizedForEquality))
        case .object(let members):
            return .object(members.map { Member(key: $0.key, value: $0.value.normalizedForEquality) }.sorted { $0.key < $1.key })
        default: return self
        }
    }

    /// A canonical spelling of a number: integers as plain digits, others through `Double`.
    static func canonicalNumber(_ text: String) -> String {
        if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) {
            // Plain integers: strip a negative zero; keep every digit (big integers stay exact).
            return text == "-0" ? "0" : text
        }
        guard let value = Double(text) else { return text }
        if value.rounded() == value, abs(value) < 1e18 { return String(Int64(value)) }
        return String(value)
    }
}

extension JSONNode {
    /// Whether the value equals `other` in the JSON Schema sense (numbers by value, objects
    /// regardless of key order).
    public func isEqual(to other: JSONValue) -> Bool {
        switch (kind, other) {
        case (.number, .number(let text)):
            return JSONValue.canonicalNumber(rawText) == JSONValue.canonicalNumber(text)
        case (.string, .string(let text)): return stringValue == text
        case (.null, .null): return true
        case (.bool, .bool(let flag)): return boolValue == flag
        case (.array, .array), (.object, .object):
            return value.normalizedForEquality == other.normalizedForEquality
        default: return false
        }
    }
}
