import EnvelopeCore
import Foundation

/// One parameter's value, for enums and wrappers.
struct QuerySingleValueContainer: SingleValueDecodingContainer {
    let decoder: QueryValueDecoder
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool {
        guard let parameter = decoder.parameter else { return false }
        return parameter.values.isEmpty
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard let parameter = decoder.parameter else {
            decoder.state.problems.append(.init(kind: .typeMismatch, parameter: "(query)", expected: "a keyed type (a struct)",
                                                found: "the query parameters"))
            throw AuditAbort(pointer: "")
        }
        return try decoder.value(T.self, text: parameter.values.last ?? nil, label: parameter.label, key: parameter.key)
    }
}
