// ASCII case folding for header names and tokens, which HTTP compares without case.

@inline(__always)
func asciiLowercased(_ byte: UInt8) -> UInt8 {
    (byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte
}

func asciiCaseInsensitiveEquals(_ a: String, _ b: String) -> Bool {
    // Names of other lengths (most, for a header looked up by name) cost one comparison.
    guard a.utf8.count == b.utf8.count else { return false }
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
    return asciiCaseInsensitiveEqualBytes(a.utf8, b.utf8)
}

/// `a` and `b` are equal, ASCII letters compared without case (a token of a header value
/// against a name).
func asciiCaseInsensitiveEquals(_ a: Substring, _ b: String) -> Bool {
    asciiCaseInsensitiveEqualBytes(a.utf8, b.utf8)
}

/// The bytes of `a` and of `b` are the same, ASCII letters compared without case.
private func asciiCaseInsensitiveEqualBytes<A: Collection<UInt8>, B: Collection<UInt8>>(_ a: A, _ b: B) -> Bool {
    guard a.count == b.count else { return false }
    for (x, y) in zip(a, b) where asciiLowercased(x) != asciiLowercased(y) {
        return false
    }
    return true
}

/// Whether `text` starts with `prefix`, ASCII letters compared without case.
func asciiCaseInsensitiveHasPrefix(_ text: String, _ prefix: String) -> Bool {
    var bytes = text.utf8.makeIterator()
    for expected in prefix.utf8 {
        guard let byte = bytes.next(), asciiLowercased(byte) == asciiLowercased(expected) else { return false }
    }
    return true
}

func asciiLowercased(_ text: String) -> String {
    String(decoding: text.utf8.map(asciiLowercased), as: UTF8.self)
}
