import EnvelopeCore
import Foundation

/// Works out the JSON Schema of a `Decodable` type by watching what its `init(from:)` asks
/// a decoder for: `decode` is a required key, `decodeIfPresent` an optional one (which may
/// also be null, as `JSONDecoder` allows), and each requested type gives the value's schema.
final class SchemaProbe {
    /// The types being probed, innermost last: a type met again inside itself is recursive,
    /// and its inner occurrence accepts anything rather than recursing for ever.
    var stack: [ObjectIdentifier] = []
    /// Above zero while only a value is wanted (for a recursive type's inner occurrence):
    /// collections then skip probing their elements, which would recurse again.
    var valueOnly = 0

    /// The schema of `T`, and a value of it to hand back to the type being probed.
    func probe<T: Decodable>(_ type: T.Type) throws -> (schema: JSONValue, value: T) {
        if let scalar = Self.scalarSchema(T.self), let value = AuditScalar.placeholder(T.self) {
            return (scalar, value)
        }
        if valueOnly > 0, !(T.self is any CaseIterable.Type) {
            return (.object([]), try T(from: ProbeDecoder(probe: self, empty: true)))
        }
        if let optional = T.self as? any ProbeWrapper.Type {
            let inner = try optional.probeWrapped(self)
            let value = try T(from: ProbeDecoder(probe: self, empty: true))
            return (Self.nullable(inner), value)
        }
        if let dictionary = T.self as? any ProbeDictionary.Type {
            let value = try T(from: ProbeDecoder(probe: self, empty: true))
            return (object(["type": .string("object"), "additionalProperties": try dictionary.probeValue(self)]), value)
        }
        if let sequence = T.self as? any ProbeSequence.Type {
            let value = try T(from: ProbeDecoder(probe: self, empty: true))
            return (object(["type": .string("array"), "items": try sequence.probeElement(self)]), value)
        }
        if let values = AuditScalar.rawValues(of: T.self), let first = AuditScalar.firstCase(T.self) {
            let enumValues = Self.rawJSONValues(of: T.self) ?? values.map { JSONValue.string($0) }
            let kind = enumValues.first.map { $0.kind == .number ? "integer" : "string" } ?? "string"
            return (object(["type": .string(kind), "enum": .array(enumValues)]), first)
        }
        let identity = ObjectIdentifier(T.self)
        if stack.contains(identity) {
            // Recursive: the inner occurrence accepts anything; a value comes from an empty
            // decoder (an optional or an array is how a type can contain itself).
            valueOnly += 1
            defer { valueOnly -= 1 }
            return (.object([]), try T(from: ProbeDecoder(probe: self, empty: true)))
        }
        stack.append(identity)
        defer { stack.removeLast() }
        let decoder = ProbeDecoder(probe: self, empty: false)
        let value = try T(from: decoder)
        return (decoder.schema, value)
    }

    /// The schema of a type that cannot be made (a `RawRepresentable` without
    /// `CaseIterable`): its raw value's, or anything.
    func schemaOnly<T: Decodable>(_ type: T.Type) -> JSONValue {
        if let probed = try? probe(T.self) { return probed.schema }
        if let raw = T.self as? any RawRepresentable.Type, let schema = Self.rawSchema(raw) { return schema }
        return .object([])
    }

    /// A `RawRepresentable`'s schema: its raw value's.
    static func rawSchema<R: RawRepresentable>(_ type: R.Type) -> JSONValue? {
        scalarSchema(R.RawValue.self)
    }

    static func scalarSchema(_ type: Any.Type) -> JSONValue? {
        switch type {
        case is String.Type: return object(["type": .string("string")])
        case is Bool.Type: return object(["type": .string("boolean")])
        case is Int.Type, is Int8.Type, is Int16.Type, is Int32.Type, is Int64.Type,
             is UInt.Type, is UInt8.Type, is UInt16.Type, is UInt32.Type, is UInt64.Type:
            return object(["type": .string("integer")])
        case is Double.Type, is Float.Type, is Decimal.Type: return object(["type": .string("number")])
        case is URL.Type: return object(["type": .string("string"), "format": .string("uri")])
        case is Data.Type: return object(["type": .string("string"), "contentEncoding": .string("base64")])
        default: return nil
        }
    }

    /// `schema` also allowing null.
    static func nullable(_ schema: JSONValue) -> JSONValue {
        guard case .object(var members) = schema else { return schema }
        if let position = members.firstIndex(where: { $0.key == "type" }) {
            switch members[position].value {
            case .string(let name): members[position].value = .array([.string(name), .string("null")])
            case .array(let names) where !names.contains(.string("null")): members[position].value = .array(names + [.string("null")])
            default: break
            }
            return .object(members)
        }
        if members.isEmpty { return schema }
        return object(["anyOf": .array([schema, object(["type": .string("null")])])])
    }

    static func rawJSONValues(of type: Any.Type) -> [JSONValue]? {
        guard let cases = type as? any CaseIterable.Type else { return nil }
        return rawJSONValues(cases)
    }

    private static func rawJSONValues<C: CaseIterable>(_ type: C.Type) -> [JSONValue]? {
        var values: [JSONValue] = []
        for value in C.allCases {
            guard let raw = (value as? any RawRepresentable)?.rawValue else { return nil }
            if let text = raw as? String { values.append(.string(text)) } else if let number = raw as? any BinaryInteger { values.append(.number("\(number)")) } else { return nil }
        }
        return values
    }

    static func object(_ members: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(members.map { JSONValue.Member(key: $0.key, value: $0.value) })
    }

    func object(_ members: KeyValuePairs<String, JSONValue>) -> JSONValue { Self.object(members) }
}

extension Optional: ProbeWrapper where Wrapped: Decodable {
    static func probeWrapped(_ probe: SchemaProbe) throws -> JSONValue { probe.schemaOnly(Wrapped.self) }
}

extension Dictionary: ProbeDictionary where Key == String, Value: Decodable {
    static func probeValue(_ probe: SchemaProbe) throws -> JSONValue { probe.schemaOnly(Value.self) }
}

extension Array: ProbeSequence where Element: Decodable {
    static func probeElement(_ probe: SchemaProbe) throws -> JSONValue { probe.schemaOnly(Element.self) }
}

extension Set: ProbeSequence where Element: Decodable {
    static func probeElement(_ probe: SchemaProbe) throws -> JSONValue { probe.schemaOnly(Element.self) }
}
