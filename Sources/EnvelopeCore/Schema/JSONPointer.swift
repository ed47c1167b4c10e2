import Foundation

/// JSON Pointer (RFC 6901) helpers.
public enum JSONPointer {
    /// Escapes one reference token: `~` → `~0`, `/` → `~1`.
    public static func escape(_ token: String) -> String {
        guard token.contains("~") || token.contains("/") else { return token }
        return token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// Splits a pointer into unescaped tokens; nil if it does not start with `/` (and is not "").
    public static func tokens(_ pointer: String) -> [String]? {
        if pointer.isEmpty { return [] }
        guard pointer.hasPrefix("/") else { return nil }
        return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            String($0).replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
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
