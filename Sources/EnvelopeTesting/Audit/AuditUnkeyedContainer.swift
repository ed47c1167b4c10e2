import EnvelopeCore

/// The unkeyed container of an ``AuditDecoder``: the elements of an array, each decoded at
/// its own index so findings group over the array.
struct AuditUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: AuditDecoder
    /// The array, or nil for a ghost.
    let array: JSONNode?
    private let elements: [JSONNode]
    private(set) var currentIndex = 0

    init(decoder: AuditDecoder, array: JSONNode?) {
        self.decoder = decoder
        self.array = array
        self.elements = array?.elements ?? []
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { return true }
        if elements[currentIndex].isNull {
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try next(type)
    }

    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        try nextIfPresent(type)
    }

    // The protocol asks for every scalar separately; all go the one generic way.
    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type) }
    mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? { try nextIfPresent(type) }
    mutating func decodeIfPresent(_ type: String.Type) throws -> String? { try nextIfPresent(type) }
    mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? { try nextIfPresent(type) }
    mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? { try nextIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? { try nextIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? { try nextIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? { try nextIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? { try nextIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? { try nextIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? { try nextIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? { try nextIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? { try nextIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? { try nextIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? { try nextIfPresent(type) }

    private mutating func next<T: Decodable>(_ type: T.Type) throws -> T {
        let index = currentIndex
        let path = decoder.path + [.index(index)]
        let codingPath = decoder.codingPath + [AuditIndexKey(intValue: index)]
        guard index < elements.count else {
            if let array {
                decoder.recorder.record(.missingKey, path, expected: "\(AuditScalar.swiftName(T.self)) (element #\(index))",
                                        actual: "the end of the array (\(counted(elements.count, "element")))", at: array)
            }
            return try decoder.placeholder(T.self, path: path, codingPath: codingPath)
        }
        currentIndex += 1
        return try decoder.decode(T.self, from: elements[index], path: path, codingPath: codingPath)
    }

    private mutating func nextIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        guard !isAtEnd else { return nil }
        if try decodeNil() { return nil }
        do {
            return try next(type)
        } catch {
            return nil
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try nextDecoder().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try nextDecoder().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        nextDecoder()
    }

    private mutating func nextDecoder() -> AuditDecoder {
        let index = currentIndex
        let value = index < elements.count ? elements[index] : nil
        if value != nil { currentIndex += 1 }
        return AuditDecoder(recorder: decoder.recorder, node: value, path: decoder.path + [.index(index)],
                            codingPath: decoder.codingPath + [AuditIndexKey(intValue: index)], typeName: "an element",
                            ghostDepth: value == nil ? decoder.ghostDepth + 1 : decoder.ghostDepth)
    }
}
