import EnvelopeCore
import Foundation

/// The parameters, by model name.
struct QueryKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: QueryValueDecoder
    var state: QueryDecodingState { decoder.state }
    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] { state.order.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool {
        state.read.insert(key.stringValue)
        return state.values[key.stringValue] != nil
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        state.read.insert(key.stringValue)
        return state.values[key.stringValue] == nil
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let name = key.stringValue
        state.read.insert(name)
        guard let items = state.values[name] else {
            state.problems.append(.init(kind: .missingKey, parameter: state.wireName(name),
                                        expected: "\(AuditScalar.swiftName(T.self)) (required)", found: "no such parameter"))
            return try decoder.standIn(T.self, label: state.wireName(name))
        }
        if items.count > 1, Self.isSingle(T.self) {
            state.problems.append(.init(kind: .typeMismatch, parameter: items[0].name,
                                        expected: "one value (\(AuditScalar.swiftName(T.self)))", found: "\(items.count) values"))
        }
        if !Self.isSingle(T.self) {
            // An array (or other collection): decoded through the unkeyed container.
            let child = QueryValueDecoder(state: state, parameter: .init(key: name, label: items[0].name, values: items.map(\.value)))
            return try T(from: child)
        }
        return try decoder.value(T.self, text: items.last?.value, label: items[0].name, key: name)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try optional(type, key)
    }

    // The protocol's own defaults for these would test `contains` and `decodeNil` and lose
    // the empty-value rule below, so each goes the one generic way.
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

    private func optional<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        let name = key.stringValue
        state.read.insert(name)
        guard let items = state.values[name] else { return nil }
        // `a2=` for an optional non-string: absent, as forms send empty fields.
        if items.count == 1, items[0].value == "", !(T.self is String.Type), Self.isSingle(T.self) { return nil }
        do {
            return try decode(T.self, forKey: key)
        } catch {
            return nil
        }
    }

    /// Whether `T` takes one value (not an array or set, which take repeated names).
    static func isSingle<T>(_ type: T.Type) -> Bool {
        !(T.self is any QueryRepeatable.Type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        state.problems.append(.init(kind: .typeMismatch, parameter: state.wireName(key.stringValue),
                                    expected: "nested keys, which a query string cannot hold", found: "a plain value"))
        throw AuditAbort(pointer: key.stringValue)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let name = key.stringValue
        state.read.insert(name)
        let items = state.values[name] ?? []
        return QueryUnkeyedContainer(decoder: decoder, parameter: .init(key: name, label: items.first?.name ?? state.wireName(name), values: items.map(\.value)))
    }

    func superDecoder() throws -> any Decoder { decoder }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        let name = key.stringValue
        state.read.insert(name)
        let items = state.values[name] ?? []
        return QueryValueDecoder(state: state, parameter: .init(key: name, label: items.first?.name ?? state.wireName(name), values: items.map(\.value)))
    }
}
