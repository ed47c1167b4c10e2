/// JSON Pointer (RFC 6901) helpers.
public enum JSONPointer {
    /// Escapes one reference token: `~` → `~0`, `/` → `~1`.
    public static func escape(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        var out = ""
        for character in token.unicodeScalars {
            switch character {
            case "~": out += "~0"
            case "/": out += "~1"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// `pointer` followed by `/` and `token` escaped: the pointer of a member named `token`.
    ///
    /// Written into one new string, where `pointer + "/" + escape(token)` would make two (a
    /// pointer is rarely short enough to be stored inline): compiling a schema makes one for
    /// every subschema.
    public static func appending(_ token: String, to pointer: String) -> String {
        var escapes = 0
        for byte in token.utf8 where byte == UInt8(ascii: "~") || byte == UInt8(ascii: "/") { escapes += 1 }
        let count = pointer.utf8.count + 1 + token.utf8.count + escapes
        return String(unsafeUninitializedCapacity: count) { buffer in
            var position = copy(pointer, into: buffer, at: 0)
            buffer[position] = UInt8(ascii: "/")
            position += 1
            guard escapes > 0 else { return copy(token, into: buffer, at: position) }
            for byte in token.utf8 {
                switch byte {
                case UInt8(ascii: "~"):
                    buffer[position] = UInt8(ascii: "~")
                    buffer[position + 1] = UInt8(ascii: "0")
                    position += 2
                case UInt8(ascii: "/"):
                    buffer[position] = UInt8(ascii: "~")
                    buffer[position + 1] = UInt8(ascii: "1")
                    position += 2
                default:
                    buffer[position] = byte
                    position += 1
                }
            }
            return position
        }
    }

    /// Copies `text`'s UTF-8 into `buffer` from `position` (which has room); returns the end.
    @inline(__always)
    private static func copy(_ text: String, into buffer: UnsafeMutableBufferPointer<UInt8>, at position: Int) -> Int {
        // One block copy from the stored bytes (native and small strings have them).
        let copied = text.utf8.withContiguousStorageIfAvailable { bytes -> Int in
            if let source = bytes.baseAddress, let target = buffer.baseAddress, bytes.count > 0 {
                (target + position).update(from: source, count: bytes.count)
            }
            return bytes.count
        }
        if let copied { return position + copied }
        var end = position
        for byte in text.utf8 {
            buffer[end] = byte
            end += 1
        }
        return end
    }

    /// `pointer` followed by `/` and the array index `index`.
    public static func appending(index: Int, to pointer: String) -> String {
        appending(String(index), to: pointer)
    }

    /// Unescapes one reference token: `~1` → `/`, `~0` → `~` (RFC 6901).
    public static func unescape<Token: StringProtocol>(_ token: Token) -> String {
        guard token.utf8.contains(UInt8(ascii: "~")) else { return String(token) }
        var out = ""
        var scalars = token.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "~" else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalars.next() {
            case "0": out += "~"
            case "1": out += "/"
            case let other?:
                out += "~"
                out.unicodeScalars.append(other)
            case nil: out += "~"
            }
        }
        return out
    }

    /// Splits a pointer into unescaped tokens; nil if it does not start with `/` (and is not "").
    /// Works on code points, as RFC 6901 does: a `/` followed by a combining mark is one
    /// Character to Swift, but still a separator.
    public static func tokens(_ pointer: String) -> [String]? {
        if pointer.isEmpty { return [] }
        let scalars = pointer.unicodeScalars
        guard scalars.first == "/" else { return nil }
        return scalars.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { unescape(Substring($0)) }
    }
}
