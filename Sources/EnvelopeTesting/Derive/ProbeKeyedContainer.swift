import EnvelopeCore

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
