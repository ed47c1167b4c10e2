import Foundation

/// A compiled `pattern`: ECMA-262-style regular expressions through ICU, unanchored.
public struct SchemaRegex: @unchecked Sendable {
    /// The pattern as written.
    public let source: String
    // NSRegularExpression is immutable after creation and documented as safe to use from
    // several threads at once, which makes sharing it sound.
    private let matcher: Matcher

    /// How a pattern is matched.
    private enum Matcher {
        /// A pattern without a metacharacter, `^` first or not: the text starts with, or
        /// contains, these bytes (an empty pattern: any text). No ICU, whose first expression
        /// in a process is slow to make, for the patterns most contracts have
        /// (`"Content-Type": {"pattern": "^application/json"}`).
        case literal(utf8: [UInt8], anchored: Bool)
        case expression(NSRegularExpression)
    }

    /// The characters that mean something in an expression (ICU and ECMA-262 alike, outside
    /// a class); a pattern with none of them after an optional `^` matches itself.
    private static let metacharacters: Set<Unicode.Scalar> = ["\\", "^", "$", ".", "|", "?", "*", "+", "(", ")", "[", "]", "{", "}"]

    /// Compiles `source`, or returns nil when it is not a valid expression.
    public init?(_ source: String) {
        // Foundation leaks its half-built expression when a pattern with a NUL fails to
        // compile; such a pattern is never meant anyway.
        guard !source.unicodeScalars.contains("\u{0}") else { return nil }
        self.source = source
        let scalars = source.unicodeScalars
        let anchored = scalars.first == "^"
        let body = anchored ? scalars.dropFirst() : scalars[...]
        if !body.contains(where: Self.metacharacters.contains) {
            // Literal code points match as their UTF-8 bytes: UTF-8 never matches in the
            // middle of a character. The empty pattern (which Foundation refuses to compile)
            // matches every text, as in ECMA-262.
            matcher = .literal(utf8: Array(String(Substring(body)).utf8), anchored: anchored)
            return
        }
        guard let regex = try? NSRegularExpression(pattern: source, options: []) else { return nil }
        matcher = .expression(regex)
    }

    /// Whether the expression matches anywhere in `text`.
    public func matches(_ text: String) -> Bool {
        switch matcher {
        case .literal(let needle, let anchored):
            var text = text
            return text.withUTF8 { haystack in
                anchored ? haystack.starts(with: needle) : needle.isEmpty || haystack.firstRange(of: needle) != nil
            }
        case .expression(let regex):
            let range = NSRange(text.startIndex..<text.endIndex, in: text)
            return regex.firstMatch(in: text, options: [], range: range) != nil
        }
    }
}
