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

extension JSONNode {
    /// The value at `pointer` below this one, or nil.
    public func resolve(pointer: String) -> JSONNode? {
        guard let tokens = JSONPointer.tokens(pointer) else { return nil }
        var node = self
        for token in tokens {
            switch node.kind {
            case .object:
                guard let next = node[token] else { return nil }
                node = next
            case .array:
                guard let index = Int(token), index >= 0, index < node.count,
                      token == String(index) else { return nil }
                node = node.elements[index]
            default:
                return nil
            }
        }
        return node
    }
}
