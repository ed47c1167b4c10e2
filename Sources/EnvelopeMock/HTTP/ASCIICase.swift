// ASCII case folding for header names and tokens, which HTTP compares without case.

@inline(__always)
func asciiLowercased(_ byte: UInt8) -> UInt8 {
    (byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte
}

func asciiCaseInsensitiveEquals(_ a: String, _ b: String) -> Bool {
    // Over the stored bytes when both strings have them (native and small strings do), the
    // UTF-8 views otherwise.
    let stored = a.utf8.withContiguousStorageIfAvailable { x in
        b.utf8.withContiguousStorageIfAvailable { y -> Bool in
            guard x.count == y.count else { return false }
            for index in x.indices where asciiLowercased(x[index]) != asciiLowercased(y[index]) { return false }
            return true
        }
    }
    if let stored, let result = stored { return result }
    let a = a.utf8, b = b.utf8
    guard a.count == b.count else { return false }
    for (x, y) in zip(a, b) where asciiLowercased(x) != asciiLowercased(y) {
        return false
    }
    return true
}

func asciiLowercased(_ text: String) -> String {
    String(decoding: text.utf8.map(asciiLowercased), as: UTF8.self)
}
