import EnvelopeCore
import Foundation

/// One parameter's value (how enums write their raw value).
struct QuerySingleValueEncodingContainer: SingleValueEncodingContainer {
    let encoder: QueryValueEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws {}

    mutating func encode<T: Encodable>(_ value: T) throws {
        guard let name = encoder.name else { throw encoder.nestingError() }
        try encoder.write(value, as: name)
    }
}
