import EnvelopeCore

/// One way to make a JSON answer drift on its way out, so an app team can see what its
/// decoder does when the upstream changes. Written `MODE:POINTER` (`null:/result/list/*/MENU_ID2`)
/// on the command line (`envelope serve --inject`) or in a mapping's
/// `metadata.envelope.inject`.
///
/// Pointers are JSON Pointers (RFC 6901) where a `*` token stands for every element of an
/// array or every member of an object.
public enum DriftInjection: Sendable, Hashable, CustomStringConvertible {
    /// `null:POINTER`: the value becomes `null`.
    case null(pointer: String)
    /// `drop:POINTER`: the member (or array element) disappears.
    case drop(pointer: String)
    /// `retype:POINTER`: the value changes type (see ``JSONValue/retyped``).
    case retype(pointer: String)
    /// `rename:POINTER=NEWNAME`: the member keeps its value under another key.
    case rename(pointer: String, to: String)
    /// `random:SEED`: one value of every JSON answer is nulled, dropped, retyped or renamed,
    /// chosen by a generator seeded with `SEED` (the same seed and request order give the
    /// same drift).
    case random(seed: UInt64)

    /// Why an injection could not be read.
    public struct ParseError: Error, Sendable, CustomStringConvertible {
        public var text: String
        public var reason: String
        public var description: String {
            "invalid drift injection \(quoted(text)): \(reason); write MODE:POINTER with MODE null, drop or retype "
                + "(e.g. null:/result/list/*/MENU_ID2), rename:POINTER=NEWKEY, or random:SEED"
        }
    }

    /// Reads `null:/a/b`, `drop:/a`, `retype:/a`, `rename:/a/b=c` or `random:42`.
    public static func parse(_ text: String) throws(ParseError) -> DriftInjection {
        guard let colon = text.firstIndex(of: ":") else { throw ParseError(text: text, reason: "no ':' after the mode") }
        let mode = String(text[..<colon])
        let argument = String(text[text.index(after: colon)...])
        func pointer(_ value: String) throws(ParseError) -> String {
            // A code point test: a "/" followed by a combining mark is one Character.
            guard value.unicodeScalars.first == "/" else {
                throw ParseError(text: text, reason: "the pointer \(quoted(value)) does not start with '/'")
            }
            return value
        }
        switch mode {
        case "null": return .null(pointer: try pointer(argument))
        case "drop": return .drop(pointer: try pointer(argument))
        case "retype": return .retype(pointer: try pointer(argument))
        case "rename":
            guard let equals = argument.lastIndex(of: "=") else {
                throw ParseError(text: text, reason: "rename needs the new key after '=' (rename:/a/old=new)")
            }
            let newKey = String(argument[argument.index(after: equals)...])
            guard !newKey.isEmpty else { throw ParseError(text: text, reason: "the new key is empty") }
            return .rename(pointer: try pointer(String(argument[..<equals])), to: newKey)
        case "random":
            guard let seed = UInt64(argument) else {
                throw ParseError(text: text, reason: "the seed \(quoted(argument)) is not a whole number ≥ 0")
            }
            return .random(seed: seed)
        default:
            throw ParseError(text: text, reason: "unknown mode \(quoted(mode))")
        }
    }

    public var description: String {
        switch self {
        case .null(let pointer): "null:\(pointer)"
        case .drop(let pointer): "drop:\(pointer)"
        case .retype(let pointer): "retype:\(pointer)"
        case .rename(let pointer, let newKey): "rename:\(pointer)=\(newKey)"
        case .random(let seed): "random:\(seed)"
        }
    }

    /// Whether the drift is decided per answer (random) rather than once.
    public var isRandom: Bool {
        if case .random = self { return true }
        return false
    }
}
