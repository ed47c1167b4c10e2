/// One entry of a parsed document's flat tape: 8 bytes.
///
/// The tape is a pre-order list of every value: a container is followed by its children (an
/// object's children alternate key string, value) and then by an end entry at its closing
/// bracket. A flat array of 8-byte entries is several times faster to build and walk than a
/// tree of enums and dictionaries, and half the memory of the 16-byte entries it replaced (a
/// 50 MB answer has some 2.4 million values, and fresh pages cost the kernel time to zero).
/// Every value keeps its byte offset, from which reports compute line:column.
@usableFromInline
struct JSONTapeEntry: Sendable {
    /// Byte offset of the value's first byte (for an end entry, of the closing bracket).
    @usableFromInline var offset: UInt32
    /// Kind (bits 29–31: a ``JSONKind`` raw value, or 7 for an end entry), flag (bit 28) and
    /// payload (bits 0–27).
    ///
    /// The payload is the byte length for strings and numbers, the tape distance to the end
    /// entry for containers, and the child count for end entries. The flag means "has
    /// escapes" for strings and "is an integer" for numbers, and for booleans it is the value.
    @usableFromInline var packed: UInt32

    @usableFromInline static let payloadMask: UInt32 = (1 << 28) - 1
    @usableFromInline static let flagBit: UInt32 = 1 << 28
    @usableFromInline static let endKind: UInt32 = 7
    /// The largest payload: the longest string or number, the most children of one container
    /// and the most tape entries one container may span.
    @usableFromInline static let maxPayload = Int(payloadMask)

    @inlinable init(kind: JSONKind, offset: Int, payload: Int, flag: Bool) {
        self.offset = UInt32(truncatingIfNeeded: offset)
        self.packed = UInt32(kind.rawValue) << 29 | (flag ? Self.flagBit : 0) | UInt32(truncatingIfNeeded: payload)
    }

    /// The end entry of a container with `count` children, at its closing bracket.
    @inlinable init(endAt offset: Int, count: Int) {
        self.offset = UInt32(truncatingIfNeeded: offset)
        self.packed = Self.endKind << 29 | UInt32(truncatingIfNeeded: count)
    }

    // Always inlined: it is read for every value walked, and a call costs more than the shift.
    @inlinable @inline(__always) var kind: JSONKind { JSONKind(rawValue: UInt8(truncatingIfNeeded: packed >> 29)) ?? .null }
    @inlinable var isContainer: Bool { packed >> 29 <= 2 }
    @inlinable var flag: Bool { packed & Self.flagBit != 0 }
    @inlinable var payload: Int { Int(packed & Self.payloadMask) }
}

/// Walking a tape: where a value ends, how many children a container has, how long a value's
/// text is. On the tape rather than on one entry, since a container's count and length are
/// kept at its end entry.
extension RandomAccessCollection where Element == JSONTapeEntry, Index == Int {
    /// The index of a container's end entry (where its children stop).
    @inlinable func childrenEnd(_ index: Int) -> Int { index + self[index].payload }

    /// The index just past a value and everything inside it.
    @inlinable func valueEnd(_ index: Int) -> Int {
        let entry = self[index]
        return entry.isContainer ? index + entry.payload + 1 : index + 1
    }

    /// How many members (object) or elements (array) a value has; 0 for scalars.
    @inlinable func childCount(_ index: Int) -> Int {
        let entry = self[index]
        return entry.isContainer ? self[index + entry.payload].payload : 0
    }

    /// The byte length of a value's text (for containers, up to and including the closing
    /// bracket).
    @inlinable func byteLength(_ index: Int) -> Int {
        let entry = self[index]
        switch entry.kind {
        case .string, .number: return entry.payload
        case .object, .array: return Int(self[index + entry.payload].offset) + 1 - Int(entry.offset)
        case .bool: return entry.flag ? 4 : 5
        case .null: return 4
        }
    }
}
