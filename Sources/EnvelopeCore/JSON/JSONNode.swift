/// A value inside a ``JSONDocument``: a cheap handle (document and tape index).
public struct JSONNode: Sendable {
    /// The document the value belongs to.
    public let document: JSONDocument
    /// The value's index on the document's tape.
    public let index: Int

    /// Creates a handle; `index` must be a value's index on `document`'s tape.
    @usableFromInline init(document: JSONDocument, index: Int) {
        self.document = document
        self.index = index
    }

    @usableFromInline var entry: JSONTapeEntry { document.tape[index] }

    /// The kind of value.
    public var kind: JSONKind { entry.kind }

    /// The byte offset of the value's first byte.
    public var offset: Int { Int(entry.offset) }

    /// The line and column of the value's first byte.
    public var location: SourceLocation { document.location(ofOffset: offset) }

    /// The exact source bytes of the value.
    public var rawBytes: ArraySlice<UInt8> {
        return document.text.copy(byteRange)[...]
    }

    /// The exact source text of the value.
    public var rawText: String {
        let range = byteRange
        return document.text.withUnsafeBufferPointer { bytes in
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
    }

    /// Where the value's text lies in the document's bytes.
    var byteRange: Range<Int> {
        let start = Int(entry.offset)
        return start..<start + document.tape.byteLength(index)
    }

    /// The decoded string, or nil if this is not a string.
    public var stringValue: String? {
        let e = entry
        guard e.kind == .string else { return nil }
        return document.text.withUnsafeBufferPointer { bytes in
            JSONString.decode(UnsafeBufferPointer(rebasing: bytes[Int(e.offset)..<Int(e.offset) + e.payload]), hasEscapes: e.flag)
        }
    }

    /// The boolean, or nil if this is not `true` or `false`.
    public var boolValue: Bool? {
        let e = entry
        return e.kind == .bool ? e.flag : nil
    }

    /// The number exactly as written, or nil if this is not a number.
    public var numberText: String? { kind == .number ? rawText : nil }

    /// Whether the number is written without fraction or exponent.
    public var isIntegerLiteral: Bool { kind == .number && entry.flag }

    /// The number as an `Int`, if it is an integer (in the JSON Schema sense, so `2.0` counts)
    /// that fits.
    public var intValue: Int? {
        guard kind == .number else { return nil }
        if entry.flag, let value = Int(rawText) { return value }
        guard let double = doubleValue, double.rounded() == double, abs(double) < 9.0e18 else { return nil }
        return Int(double)
    }

    /// The number as a `Double` (nearest value), or nil if this is not a number.
    public var doubleValue: Double? { kind == .number ? Double(rawText) : nil }

    /// Whether the value is `null`.
    public var isNull: Bool { kind == .null }

    /// How many members (object) or elements (array) the value has; 0 for scalars.
    public var count: Int { document.tape.childCount(index) }

    /// The tape index just past this value and everything inside it.
    @usableFromInline var endIndex: Int { document.tape.valueEnd(index) }

    /// For a container, the tape index where its children stop (its end entry).
    var childrenEnd: Int { document.tape.childrenEnd(index) }

    /// The elements of an array, in order; empty for anything else.
    public var elements: [JSONNode] {
        guard kind == .array else { return [] }
        var result: [JSONNode] = []
        result.reserveCapacity(count)
        var child = index + 1
        let end = childrenEnd
        while child < end {
            let node = JSONNode(document: document, index: child)
            result.append(node)
            child = node.endIndex
        }
        return result
    }

    /// The members of an object, in document order; empty for anything else.
    public var members: [JSONMember] {
        guard kind == .object else { return [] }
        var result: [JSONMember] = []
        result.reserveCapacity(count)
        var child = index + 1
        let end = childrenEnd
        while child < end {
            let key = JSONNode(document: document, index: child)
            let value = JSONNode(document: document, index: child + 1)
            result.append(JSONMember(key: key.stringValue ?? "", keyNode: key, value: value))
            child = value.endIndex
        }
        return result
    }

    /// The keys of an object, in document order.
    public var keys: [String] { members.map(\.key) }

    /// The value of the last member named `key`, or nil (also for non-objects).
    public subscript(key: String) -> JSONNode? {
        guard kind == .object else { return nil }
        // Compared through the buffers, with the key's own UTF-8: a copy of the key as an
        // array, and a buffer access per member, were most of reading a contract's fields.
        var key = key
        var found: Int?
        // The last of equal keys wins, so all are looked at, unless keys are known to be unique.
        let first = document.hasUniqueKeys
        key.withUTF8 { wanted in
            forEachKey { child, bytes in
                guard bytes.count == wanted.count && memoryEquals(bytes, wanted) else { return true }
                found = child + 1
                return !first
            }
        }
        return found.map { JSONNode(document: document, index: $0) }
    }

    /// A plain tree copy of the value.
    public var value: JSONValue {
        switch kind {
        case .null: return .null
        case .bool: return .bool(entry.flag)
        case .number: return .number(rawText)
        case .string: return .string(stringValue ?? "")
        case .array: return .array(elements.map(\.value))
        case .object: return .object(members.map { JSONValue.Member(key: $0.key, value: $0.value.value) })
        }
    }
}
