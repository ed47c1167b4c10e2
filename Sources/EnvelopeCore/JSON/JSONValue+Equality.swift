extension JSONValue {
    /// The value with numbers in a canonical form, so that JSON Schema equality (`1 == 1.0`)
    /// becomes Swift equality.
    public var normalizedForEquality: JSONValue {
        switch self {
        case .number(let text): return .number(JSONValue.canonicalNumber(text))
        case .array(let elements): return .array(elements.map(\.normalizedForEquality))
        case .object(let members):
            return .object(members.map { Member(key: $0.key, value: $0.value.normalizedForEquality) }.sorted { ByteOrder.precedes($0.key, $1.key) })
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
        case (.string, .string(let text)): return stringValue.map { $0.utf8.elementsEqual(text.utf8) } ?? false
        case (.null, .null): return true
        case (.bool, .bool(let flag)): return boolValue == flag
        case (.array, .array), (.object, .object):
            return value.normalizedForEquality == other.normalizedForEquality
        default: return false
        }
    }
}

extension JSONValue {
    /// Equality as JSON sees it: strings by their code points, not by Swift's canonical
    /// equivalence (JSON Schema says `"é"` and `"e\u0301"` differ).
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a.utf8.elementsEqual(b.utf8)
        case (.string(let a), .string(let b)): return a.utf8.elementsEqual(b.utf8)
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)): return a == b
        default: return false
        }
    }

    /// Hashes consistently with ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .number(let text):
            hasher.combine(1)
            for byte in text.utf8 { hasher.combine(byte) }
        case .string(let text):
            hasher.combine(2)
            for byte in text.utf8 { hasher.combine(byte) }
        case .array(let elements): hasher.combine(elements)
        case .object(let members): hasher.combine(members)
        }
    }
}

extension JSONValue.Member {
    /// Keys compare by code points, like strings.
    public static func == (lhs: JSONValue.Member, rhs: JSONValue.Member) -> Bool {
        lhs.key.utf8.elementsEqual(rhs.key.utf8) && lhs.value == rhs.value
    }

    /// Hashes consistently with ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) {
        for byte in key.utf8 { hasher.combine(byte) }
        hasher.combine(value)
    }
}
