import EnvelopeCore

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
