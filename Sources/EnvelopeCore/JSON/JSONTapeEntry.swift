/// One value of a parsed document on the flat tape.
///
/// The tape is a pre-order list of every value: a container is followed by its children (an
/// object's children alternate key string, value). A flat array of 16-byte entries is several
/// times faster to build and walk than a tree of enums and dictionaries, and it keeps every
/// value's byte offset, from which reports compute line:column.
@usableFromInline
struct JSONTapeEntry: Sendable {
    /// Byte offset of the value's first byte.
    @usableFromInline var offset: UInt32
    /// Byte length of the value's text (for containers, up to and including the closing bracket).
    @usableFromInline var length: UInt32
    /// For containers, the tape index just past the container's last descendant.
    @usableFromInline var next: UInt32
    /// Kind (bits 28–30), flag (bit 27) and child count (bits 0–26).
    ///
    /// The flag means "has escapes" for strings and "is an integer" for numbers, and for
    /// booleans it is the value.
    @usableFromInline var packed: UInt32

    @usableFromInline static let countMask: UInt32 = (1 << 27) - 1
    @usableFromInline static let flagBit: UInt32 = 1 << 27
    /// The most children one container may have.
    @usableFromInline static let maxCount = Int(countMask)

    @inlinable init(kind: JSONKind, offset: Int, length: Int, flag: Bool) {
        self.offset = UInt32(truncatingIfNeeded: offset)
        self.length = UInt32(truncatingIfNeeded: length)
        self.next = 0
        self.packed = UInt32(kind.rawValue) << 28 | (flag ? Self.flagBit : 0)
    }

    @inlinable var kind: JSONKind { JSONKind(rawValue: UInt8(truncatingIfNeeded: packed >> 28)) ?? .null }
    @inlinable var flag: Bool { packed & Self.flagBit != 0 }
    @inlinable var count: Int { Int(packed & Self.countMask) }
}
