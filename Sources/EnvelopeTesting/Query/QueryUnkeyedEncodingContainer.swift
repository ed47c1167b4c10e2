import EnvelopeCore
import Foundation

/// An array property: one parameter per element, all with the array's name.
struct QueryUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: QueryValueEncoder
    var codingPath: [any CodingKey] { [] }
    private(set) var count = 0

    init(encoder: QueryValueEncoder) {
        self.encoder = encoder
    }

    mutating func encodeNil() throws {
        count += 1
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        guard let name = encoder.name else { throw encoder.nestingError() }
        guard let text = QueryValueEncoder.text(value) else {
            // Enums and wrappers inside an array: one parameter each, through their own code.
            try value.encode(to: QueryValueEncoder(sink: encoder.sink, name: name))
            count += 1
            return
        }
        encoder.sink.items.append(QueryItem(name: name, value: text))
        count += 1
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(QueryKeyedEncodingContainer<NestedKey>(encoder: encoder))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        QueryUnkeyedEncodingContainer(encoder: encoder)
    }

    mutating func superEncoder() -> any Encoder { encoder }
}
