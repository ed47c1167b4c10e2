import EnvelopeCore

/// A `Decoder` over a parsed document that never gives up: where `JSONDecoder` would throw,
/// it records the problem (with the JSON Pointer of the place) and hands the type a stand-in
/// value, so that one audit finds every problem rather than the first.
///
/// A decoder with no `node` is a *ghost*: it makes stand-in values for a part of the type the
/// data lacks (every optional nil, every array empty), recording nothing.
final class AuditDecoder: Decoder {
    let recorder: AuditRecorder
    let node: JSONNode?
    let path: [PathComponent]
    let codingPath: [any CodingKey]
    /// The Swift type being decoded here, for messages.
    let typeName: String
    /// How deep ghosts nest, so a type that contains itself cannot recurse for ever.
    let ghostDepth: Int

    var userInfo: [CodingUserInfoKey: Any] { recorder.userInfo }

    init(recorder: AuditRecorder, node: JSONNode?, path: [PathComponent], codingPath: [any CodingKey], typeName: String, ghostDepth: Int = 0) {
        self.recorder = recorder
        self.node = node
        self.path = path
        self.codingPath = codingPath
        self.typeName = typeName
        self.ghostDepth = ghostDepth
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let node else {
            return KeyedDecodingContainer(AuditKeyedContainer<Key>(decoder: self, object: nil))
        }
        guard node.kind == .object else {
            recorder.record(node.isNull ? .unexpectedNull : .typeMismatch, path, expected: "object (\(typeName))",
                            actual: DriftAudit.excerpt(node), at: node)
            return KeyedDecodingContainer(AuditKeyedContainer<Key>(decoder: ghost(), object: nil))
        }
        recorder.open(node, path: path)
        return KeyedDecodingContainer(AuditKeyedContainer<Key>(decoder: self, object: node))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let node else { return AuditUnkeyedContainer(decoder: self, array: nil) }
        guard node.kind == .array else {
            recorder.record(node.isNull ? .unexpectedNull : .typeMismatch, path, expected: "array (\(typeName))",
                            actual: DriftAudit.excerpt(node), at: node)
            return AuditUnkeyedContainer(decoder: ghost(), array: nil)
        }
        recorder.countArray(node, path: path)
        return AuditUnkeyedContainer(decoder: self, array: node)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        AuditSingleValueContainer(decoder: self)
    }

    /// A ghost at this place.
    func ghost() -> AuditDecoder {
        AuditDecoder(recorder: recorder, node: nil, path: path, codingPath: codingPath, typeName: typeName, ghostDepth: ghostDepth + 1)
    }

    /// Decodes a `T` from `value` at `path`, recording whatever is wrong and standing in for
    /// what cannot be read. Throws only ``AuditAbort``.
    func decode<T: Decodable>(_ type: T.Type, from value: JSONNode?, path: [PathComponent], codingPath: [any CodingKey]) throws -> T {
        let name = AuditScalar.swiftName(T.self)
        guard let value else { return try placeholder(T.self, path: path, codingPath: codingPath) }
        if let scalar = AuditScalar.read(T.self, from: value) {
            if let result = scalar.value { return result }
            let kind: DriftKind
            if value.isNull {
                kind = .unexpectedNull
            } else if value.kind.description == scalar.json || (scalar.json == "integer" && value.kind == .number) {
                kind = .constraintViolation  // the right JSON type, but it does not fit (2.5 for Int, 300 for UInt8)
            } else {
                kind = .typeMismatch
            }
            recorder.record(kind, path, expected: "\(scalar.json) (\(name))", actual: DriftAudit.excerpt(value), at: value)
            return try placeholder(T.self, path: path, codingPath: codingPath)
        }
        let child = AuditDecoder(recorder: recorder, node: value, path: path, codingPath: codingPath, typeName: name)
        do {
            let result = try T(from: child)
            recorder.standIns[ObjectIdentifier(T.self)] = result
            return result
        } catch let abort as AuditAbort {
            throw abort
        } catch {
            // Only the type's own code throws anything else: a RawRepresentable with an unknown
            // raw value, or a custom init(from:) that refused the data.
            if T.self is any RawRepresentable.Type {
                let expected = AuditScalar.rawValues(of: T.self).map { "one of " + $0.joined(separator: ", ") } ?? "a known \(name) value"
                recorder.record(.enumViolation, path, expected: expected, actual: DriftAudit.excerpt(value), at: value)
            } else {
                recorder.record(.constraintViolation, path, expected: "a value \(name).init(from:) accepts",
                                actual: "\(DriftAudit.excerpt(value)) (\(DriftAudit.describe(error)))", at: value)
            }
            return try placeholder(T.self, path: path, codingPath: codingPath)
        }
    }

    /// A stand-in `T`: a scalar's zero, a `T` decoded earlier in the same answer (so an enum
    /// without `CaseIterable` or a picky custom `init(from:)` still gets one), an enum's first
    /// case, or `T` decoded from a ghost.
    func placeholder<T: Decodable>(_ type: T.Type, path: [PathComponent], codingPath: [any CodingKey]) throws -> T {
        if let value = AuditScalar.placeholder(T.self) { return value }
        if let value = recorder.standIns[ObjectIdentifier(T.self)] as? T { return value }
        if let value = AuditScalar.firstCase(T.self) { return value }
        guard ghostDepth < 32 else { throw AuditAbort(pointer: path.jsonPointer) }
        let ghost = AuditDecoder(recorder: recorder, node: nil, path: path, codingPath: codingPath,
                                 typeName: AuditScalar.swiftName(T.self), ghostDepth: ghostDepth + 1)
        do {
            return try T(from: ghost)
        } catch {
            throw AuditAbort(pointer: path.jsonPointer)
        }
    }
}
