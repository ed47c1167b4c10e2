import Foundation

/// A compiled regular expression that must match a whole string.
public struct RegexPattern: Sendable {
    public let pattern: String
    private let storage: RegexStorage

    /// Compiles `pattern` (ICU syntax, as NSRegularExpression). Throws when it does not compile.
    public init(_ pattern: String) throws {
        self.pattern = pattern
        self.storage = RegexStorage(try NSRegularExpression(pattern: "\\A(?:" + pattern + ")\\z", options: []))
    }

    /// Whether the expression matches all of `text`.
    public func matchesWhole(_ text: String) -> Bool {
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        return storage.regex.firstMatch(in: text, options: [], range: range) != nil
    }
}

/// Holds an NSRegularExpression across threads.
///
/// `@unchecked Sendable` is sound here: the expression is created once, never mutated afterwards
/// (the reference is a `let` and nothing writes to its properties), and NSRegularExpression is
/// documented as immutable and safe to use from several threads at once.
private final class RegexStorage: @unchecked Sendable {
    let regex: NSRegularExpression
    init(_ regex: NSRegularExpression) { self.regex = regex }
}
