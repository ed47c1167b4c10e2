import EnvelopeCore
import Foundation

/// The repeated values of one parameter.
struct QueryUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: QueryValueDecoder
    let parameter: QueryValueDecoder.Parameter
    var codingPath: [any CodingKey] { [] }
    var count: Int? { parameter.values.count }
    var isAtEnd: Bool { currentIndex >= parameter.values.count }
    private(set) var currentIndex = 0

    init(decoder: QueryValueDecoder, parameter: QueryValueDecoder.Parameter) {
        self.decoder = decoder
        self.parameter = parameter
    }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let index = currentIndex
        guard index < parameter.values.count else {
            decoder.state.problems.append(.init(kind: .missingKey, parameter: "\(parameter.label)[\(index)]",
                                                expected: "another value", found: counted(parameter.values.count, "value")))
            return try decoder.standIn(T.self, label: parameter.label)
        }
        currentIndex += 1
        let label = parameter.values.count > 1 ? "\(parameter.label)[\(index)]" : parameter.label
        return try decoder.value(T.self, text: parameter.values[index], label: label, key: parameter.key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        decoder.state.problems.append(.init(kind: .typeMismatch, parameter: parameter.label,
                                            expected: "nested keys, which a query string cannot hold", found: "a plain value"))
        throw AuditAbort(pointer: parameter.label)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        decoder.state.problems.append(.init(kind: .typeMismatch, parameter: parameter.label,
                                            expected: "nested lists, which a query string cannot hold", found: "a plain value"))
        throw AuditAbort(pointer: parameter.label)
    }

    mutating func superDecoder() throws -> any Decoder {
        let index = currentIndex
        currentIndex += 1
        let text = index < parameter.values.count ? parameter.values[index] : nil
        return QueryValueDecoder(state: decoder.state, parameter: .init(key: parameter.key, label: parameter.label, values: [text]))
    }
}
