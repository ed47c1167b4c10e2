// Byte comparison shared by the parser (duplicate keys) and the validator (property tables,
// enums of strings), both of which compare short keys on hot paths.

/// Whether two equally long byte buffers are equal.
@inline(__always)
func memoryEquals(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    guard let x = a.baseAddress, let y = b.baseAddress else { return a.count == 0 }
    // Keys are mostly short: compare in words inline (the last word overlapping the one
    // before it) rather than call memcmp.
    let count = a.count
    let p = UnsafeRawPointer(x), q = UnsafeRawPointer(y)
    if count >= 8 {
        var i = 0
        while i + 8 < count {
            if p.loadUnaligned(fromByteOffset: i, as: UInt64.self) != q.loadUnaligned(fromByteOffset: i, as: UInt64.self) { return false }
            i += 8
        }
        return p.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) == q.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    }
    if count >= 4 {
        return p.loadUnaligned(as: UInt32.self) == q.loadUnaligned(as: UInt32.self)
            && p.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self) == q.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
    }
    var i = 0
    while i < count {
        if x[i] != y[i] { return false }
        i += 1
    }
    return true
}
