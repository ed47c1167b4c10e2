import EnvelopeCore

/// The decoder ``SchemaProbe`` hands a type: it answers every request with a stand-in value
/// and remembers what was asked, which becomes the type's schema.
final class ProbeDecoder: Decoder {
    let probe: SchemaProbe
    /// An empty decoder: no keys, no elements, null (how empty optionals and collections are made).
    let empty: Bool
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// What the type asked for.
    var properties: [(name: String, schema: JSONValue, required: Bool)] = []
    var single: JSONValue?
    var isArray = false

    init(probe: SchemaProbe, empty: Bool) {
        self.probe = probe
        self.empty = empty
    }

    /// The schema of what was asked.
    var schema: JSONValue {
        if let single { return single }
        if isArray { return SchemaProbe.object(["type": .string("array")]) }
        var members = [JSONValue.Member(key: "type", value: .string("object"))]
        var seen: Set<String> = []
        var props: [JSONValue.Member] = []
        var required: [JSONValue] = []
        for property in properties where seen.insert(property.name).inserted {
            props.append(.init(key: property.name, value: property.schema))
            if property.required { required.append(.string(property.name)) }
        }
        if !props.isEmpty { members.append(.init(key: "properties", value: .object(props))) }
        if !required.isEmpty { members.append(.init(key: "required", value: .array(required))) }
        return .object(members)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(ProbeKeyedContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        isArray = true
        return ProbeUnkeyedContainer()
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ProbeSingleValueContainer(decoder: self)
    }
}

/// Records each key the type asks for: `decode` as required, `decodeIfPresent` as optional.
struct ProbeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ProbeDecoder
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { !decoder.empty }
    func decodeNil(forKey key: Key) throws -> Bool { decoder.empty }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        do {
            let probed = try decoder.probe.probe(T.self)
            decoder.properties.append((key.stringValue, probed.schema, true))
            return probed.value
        } catch {
            decoder.properties.append((key.stringValue, decoder.probe.schemaOnly(T.self), true))
            throw error
        }
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        decoder.properties.append((key.stringValue, SchemaProbe.nullable(decoder.probe.schemaOnly(T.self)), false))
        return nil
    }

    // The protocol's defaults for the scalar `decodeIfPresent`s would call `contains` and
    // `decode`, making optional keys look required; route them the generic way.
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try decodeIfPresent(type, generic: key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try decodeIfPresent(type, generic: key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try decodeIfPresent(type, generic: key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try decodeIfPresent(type, generic: key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decodeIfPresent(type, generic: key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try decodeIfPresent(type, generic: key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try decodeIfPresent(type, generic: key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try decodeIfPresent(type, generic: key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try decodeIfPresent(type, generic: key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try decodeIfPresent(type, generic: key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try decodeIfPresent(type, generic: key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try decodeIfPresent(type, generic: key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try decodeIfPresent(type, generic: key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try decodeIfPresent(type, generic: key) }

    private func decodeIfPresent<T: Decodable>(_ type: T.Type, generic key: Key) throws -> T? {
        try decodeIfPresent(T.self, forKey: key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        let nested = ProbeDecoder(probe: decoder.probe, empty: decoder.empty)
        decoder.properties.append((key.stringValue, .object([]), true))
        return KeyedDecodingContainer(ProbeKeyedContainer<NestedKey>(decoder: nested))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        decoder.properties.append((key.stringValue, SchemaProbe.object(["type": .string("array")]), true))
        return ProbeUnkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> any Decoder { ProbeDecoder(probe: decoder.probe, empty: decoder.empty) }
}

/// An array with no elements: the probe learns element types from the collection's type.
struct ProbeUnkeyedContainer: UnkeyedDecodingContainer {
    var codingPath: [any CodingKey] { [] }
    var count: Int? { 0 }
    var isAtEnd: Bool { true }
    var currentIndex: Int { 0 }

    mutating func decodeNil() throws -> Bool { true }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        throw DecodingError.valueNotFound(T.self, .init(codingPath: [], debugDescription: "the schema probe's arrays are empty"))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        throw DecodingError.valueNotFound([String: String].self, .init(codingPath: [], debugDescription: "the schema probe's arrays are empty"))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { self }
    mutating func superDecoder() throws -> any Decoder {
        throw DecodingError.valueNotFound(Int.self, .init(codingPath: [], debugDescription: "the schema probe's arrays are empty"))
    }
}

/// A wrapper type's single value: its schema is the wrapped value's.
struct ProbeSingleValueContainer: SingleValueDecodingContainer {
    let decoder: ProbeDecoder
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool { decoder.empty }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let probed = try decoder.probe.probe(T.self)
        decoder.single = probed.schema
        return probed.value
    }
}
