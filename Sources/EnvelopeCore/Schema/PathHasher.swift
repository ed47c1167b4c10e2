/// Hashes a path two ways at once: with array indices as `*` (the place a finding is
/// grouped by) and with them (the array element an occurrence is in).
struct PathHasher {
    /// The hash with array indices as `*`.
    var wildcard: UInt64 = 0xcbf2_9ce4_8422_2325
    /// The hash with array indices.
    var concrete: UInt64 = 0xcbf2_9ce4_8422_2325
    /// The concrete hash as of the innermost index (0 outside arrays).
    var element: UInt64 = 0
    /// The innermost index (nil outside arrays).
    var lastIndex: Int?
    /// The indices of the arrays around the innermost one, outermost first (empty unless the
    /// arrays are nested), so a finding in `moves[2][0]` can say `#2/0`.
    var outerIndices: [Int] = []

    /// Mixes `byte` into `hash` (FNV-1a).
    @inline(__always) static func mix(_ hash: inout UInt64, _ byte: UInt8) {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }

    /// Adds a member's key, by its decoded bytes.
    mutating func key<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        PathHasher.mix(&wildcard, 0x2F)
        PathHasher.mix(&concrete, 0x2F)
        // Escaped as in a JSON Pointer, so the key "a/b" and the keys "a", "b" differ.
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "~"): mix(0x7E); mix(0x30)
            case UInt8(ascii: "/"): mix(0x7E); mix(0x31)
            default: mix(byte)
            }
        }
    }

    /// Mixes `byte` into both hashes.
    @inline(__always) mutating func mix(_ byte: UInt8) {
        PathHasher.mix(&wildcard, byte)
        PathHasher.mix(&concrete, byte)
    }

    /// Adds an array index: `*` to the wildcard hash, the index to the concrete one.
    mutating func index(_ index: Int) {
        PathHasher.mix(&wildcard, 0x2F)
        PathHasher.mix(&wildcard, 0xFF)
        PathHasher.mix(&concrete, 0x2E)
        var value = UInt64(bitPattern: Int64(index))
        for _ in 0..<8 {
            PathHasher.mix(&concrete, UInt8(truncatingIfNeeded: value))
            value >>= 8
        }
        element = concrete
        if let lastIndex { outerIndices.append(lastIndex) }
        lastIndex = index
    }
}
