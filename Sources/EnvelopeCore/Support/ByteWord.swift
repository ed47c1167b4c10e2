/// Eight bytes at a time (SWAR): finding given bytes in a 64-bit word read little-endian, for
/// the scans that skip plain text (the parser's strings, the compiler's look for identifiers).
enum ByteWord {
    /// 0x01 in every byte.
    static let ones: UInt64 = 0x0101_0101_0101_0101
    /// 0x80 in every byte: the bit each byte's mark sits in.
    static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Marks (in each byte's high bit, once masked with ``highs``) the bytes of `word` equal to
    /// `byte`. The subtraction can also mark a byte just after a marked one (a borrow runs on),
    /// never one before the first true match, so the lowest mark is exact.
    @inline(__always)
    static func marks(of byte: UInt8, in word: UInt64) -> UInt64 {
        let difference = word ^ (ones &* UInt64(byte))
        return (difference &- ones) & ~difference
    }
}
