import EnvelopeCore
import Foundation

/// The root's keyed container: each key a parameter, named through the key strategy.
struct QueryKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: QueryValueEncoder
    var codingPath: [any CodingKey] { [] }

    func parameterName(_ key: Key) throws -> String {
        guard encoder.name == nil else { throw encoder.nestingError() }
        return encoder.sink.keyStrategy.wireName(for: key.stringValue)
    }

    mutating func encodeNil(forKey key: Key) throws {
        _ = try parameterName(key)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encoder.write(value, as: try parameterName(key))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(QueryKeyedEncodingContainer<NestedKey>(encoder: QueryValueEncoder(sink: encoder.sink, name: key.stringValue)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        QueryUnkeyedEncodingContainer(encoder: QueryValueEncoder(sink: encoder.sink, name: encoder.sink.keyStrategy.wireName(for: key.stringValue)))
    }

    mutating func superEncoder() -> any Encoder { encoder }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        QueryValueEncoder(sink: encoder.sink, name: encoder.sink.keyStrategy.wireName(for: key.stringValue))
    }
}
