/// Why a text is not the JSON it should be, and where.
public enum JSONError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A byte that the grammar does not allow here.
    case unexpectedCharacter(found: String, expected: String, at: SourceLocation)
    /// The text ended inside a value.
    case unexpectedEnd(expected: String, at: SourceLocation)
    /// A byte sequence that is not UTF-8.
    case invalidUTF8(at: SourceLocation)
    /// A raw control character (below U+0020) inside a string.
    case controlCharacterInString(UInt8, at: SourceLocation)
    /// A backslash escape that JSON does not define.
    case invalidEscape(String, at: SourceLocation)
    /// A `\u` escape of one half of a UTF-16 surrogate pair without the other.
    case loneSurrogate(String, at: SourceLocation)
    /// A number that breaks the grammar (leading zero, missing digits).
    case invalidNumber(String, at: SourceLocation)
    /// Arrays and objects nested deeper than the limit.
    case nestingTooDeep(limit: Int, at: SourceLocation)
    /// An object that names a key twice (only with ``DuplicateKeyPolicy/reject``).
    case duplicateKey(String, at: SourceLocation, first: SourceLocation)
    /// A document larger than the tape can address.
    case documentTooLarge(bytes: Int)

    /// Where the problem is, when it has a place.
    public var location: SourceLocation? {
        switch self {
        case .unexpectedCharacter(_, _, let at), .unexpectedEnd(_, let at), .invalidUTF8(let at),
             .controlCharacterInString(_, let at), .invalidEscape(_, let at), .loneSurrogate(_, let at),
             .invalidNumber(_, let at), .nestingTooDeep(_, let at), .duplicateKey(_, let at, _):
            return at
        case .documentTooLarge:
            return nil
        }
    }

    /// What is wrong, without the location (callers prefix `file:line:column`).
    public var message: String {
        switch self {
        case .unexpectedCharacter(let found, let expected, _):
            return "expected \(expected), found \(found)"
        case .unexpectedEnd(let expected, _):
            return "expected \(expected), found the end of the input (is the text cut short?)"
        case .invalidUTF8:
            return "invalid UTF-8 byte sequence; JSON text must be UTF-8"
        case .controlCharacterInString(let byte, _):
            let hex = String(byte, radix: 16, uppercase: true)
            return "control character U+\(String(repeating: "0", count: 4 - hex.count))\(hex) in a string; write it escaped (\\n, \\t, \\u00XX)"
        case .invalidEscape(let escape, _):
            return "invalid escape '\(escape)' in a string; JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"
        case .loneSurrogate(let escape, _):
            return "lone UTF-16 surrogate '\(escape)'; a surrogate escape must be a high-low pair"
        case .invalidNumber(let reason, _):
            return "invalid number: \(reason)"
        case .nestingTooDeep(let limit, _):
            return "arrays and objects nested deeper than \(limit) levels"
        case .duplicateKey(let key, _, let first):
            return "duplicate key \"\(key)\" (first at \(first)); each key may appear once in an object"
        case .documentTooLarge(let bytes):
            return "document of \(bytes) bytes is larger than the 4 GiB a JSON document may have"
        }
    }

    /// `line:column: message`.
    public var description: String {
        if let location { return "\(location): \(message)" }
        return message
    }
}
