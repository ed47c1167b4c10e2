import EnvelopeCore

/// The keyed container of an ``AuditDecoder``: notes every key the type reads, records
/// absent required keys and wrong values, and tallies optional keys.
struct AuditKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: AuditDecoder
    /// The object, or nil for a ghost.
    let object: JSONNode?

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        object?.members.compactMap { Key(stringValue: $0.key) } ?? []
    }

    func contains(_ key: Key) -> Bool {
        guard let object else { return false }
        decoder.recorder.markRead(key.stringValue, in: object)
        return object[key.stringValue] != nil
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let object else { return true }
        decoder.recorder.markRead(key.stringValue, in: object)
        guard let value = object[key.stringValue] else {
            decoder.recorder.record(.missingKey, decoder.path + [.key(key.stringValue)], expected: "a value or null (required)",
                                    actual: "absent", at: object)
            return true
        }
        return value.isNull
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try required(type, key)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try optional(type, key)
    }

    // The protocol asks for every scalar separately; all go the one generic way.
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try required(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try required(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try required(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try required(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try required(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try required(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try required(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try required(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try required(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try required(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try required(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try required(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try required(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try required(type, key) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optional(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optional(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optional(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try optional(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optional(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try optional(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try optional(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try optional(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try optional(type, key) }

    /// `decode`: the key must be there, and hold a `T` (null only if `T` is optional).
    private func required<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        let path = decoder.path + [.key(key.stringValue)]
        let codingPath = decoder.codingPath + [key]
        guard let object else { return try decoder.placeholder(T.self, path: path, codingPath: codingPath) }
        decoder.recorder.markRead(key.stringValue, in: object)
        do {
            guard let value = object[key.stringValue] else {
                decoder.recorder.record(.missingKey, path, expected: "\(AuditScalar.swiftName(T.self)) (required)", actual: "absent", at: object)
                return try decoder.placeholder(T.self, path: path, codingPath: codingPath)
            }
            return try decoder.decode(T.self, from: value, path: path, codingPath: codingPath)
        } catch let abort as AuditAbort {
            // This object's init(from:) stops here: keys it would have read later are not news.
            decoder.recorder.aborted.insert(object.index)
            throw abort
        }
    }

    /// `decodeIfPresent`: absent and null are both fine (nil); anything else must be a `T`.
    private func optional<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        guard let object else { return nil }
        decoder.recorder.markRead(key.stringValue, in: object)
        let value = object[key.stringValue]
        let path = decoder.path + [.key(key.stringValue)]
        decoder.recorder.tallyOptional(path, swiftType: AuditScalar.swiftName(T.self) + "?", present: value != nil, object: object)
        guard let value, !value.isNull else { return nil }
        do {
            return try decoder.decode(T.self, from: value, path: path, codingPath: decoder.codingPath + [key])
        } catch {
            // Already recorded; an optional is the one place a value can simply be left out.
            return nil
        }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        try child(AuditSuperKey.super)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try child(key)
    }

    /// A decoder for the value at `key` (a ghost, with the absence recorded, if there is none).
    private func child(_ key: some CodingKey) throws -> AuditDecoder {
        let path = decoder.path + [.key(key.stringValue)]
        let codingPath = decoder.codingPath + [key]
        guard let object else {
            return AuditDecoder(recorder: decoder.recorder, node: nil, path: path, codingPath: codingPath, typeName: "a nested value", ghostDepth: decoder.ghostDepth + 1)
        }
        decoder.recorder.markRead(key.stringValue, in: object)
        let value = object[key.stringValue]
        if value == nil {
            decoder.recorder.record(.missingKey, path, expected: "a nested value (required)", actual: "absent", at: object)
        }
        return AuditDecoder(recorder: decoder.recorder, node: value, path: path, codingPath: codingPath, typeName: "a nested value",
                            ghostDepth: value == nil ? decoder.ghostDepth + 1 : decoder.ghostDepth)
    }
}
