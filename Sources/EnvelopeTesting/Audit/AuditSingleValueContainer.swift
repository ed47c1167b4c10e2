import EnvelopeCore

/// The single value of an ``AuditDecoder``: what `RawRepresentable` enums, wrappers and
/// `Optional` decode through.
struct AuditSingleValueContainer: SingleValueDecodingContainer {
    let decoder: AuditDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool {
        decoder.node?.isNull ?? true
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decode(type, generic: ())
    }

    private func decode<T: Decodable>(_ type: T.Type, generic: Void) throws -> T {
        try decoder.decode(T.self, from: decoder.node, path: decoder.path, codingPath: decoder.codingPath)
    }

    // The protocol asks for every scalar separately; all go the one generic way.
    func decode(_ type: Bool.Type) throws -> Bool { try decode(type as Bool.Type, generic: ()) }
    func decode(_ type: String.Type) throws -> String { try decode(type as String.Type, generic: ()) }
    func decode(_ type: Double.Type) throws -> Double { try decode(type as Double.Type, generic: ()) }
    func decode(_ type: Float.Type) throws -> Float { try decode(type as Float.Type, generic: ()) }
    func decode(_ type: Int.Type) throws -> Int { try decode(type as Int.Type, generic: ()) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decode(type as Int8.Type, generic: ()) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decode(type as Int16.Type, generic: ()) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decode(type as Int32.Type, generic: ()) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decode(type as Int64.Type, generic: ()) }
    func decode(_ type: UInt.Type) throws -> UInt { try decode(type as UInt.Type, generic: ()) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decode(type as UInt8.Type, generic: ()) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decode(type as UInt16.Type, generic: ()) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decode(type as UInt32.Type, generic: ()) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decode(type as UInt64.Type, generic: ()) }
}
