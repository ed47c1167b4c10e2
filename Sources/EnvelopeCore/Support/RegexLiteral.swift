/// Text made into a regular expression that matches it literally, for the patterns the Pact
/// import writes into schemas and the matchers the Pact export writes (ECMA-262 and Rust's
/// regex read these escapes alike).
enum RegexLiteral {
    /// `text` with every character that means something in a regular expression escaped
    /// (ECMA-262's syntax characters; `/` and `-` are literal outside a class in both dialects).
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            if "\\^$.|?*+()[]{}".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }

    /// `pattern` made to match the whole value, as Pact's `regex` matcher does, where JSON
    /// Schema's `pattern` searches within it: one written as `^...$` without a choice is kept
    /// as written, any other is wrapped.
    static func anchored(_ pattern: String) -> String {
        isAnchored(pattern) ? pattern : "^(?:" + pattern + ")$"
    }

    /// Whether `pattern` is anchored at both ends with no `|` that could escape the anchors.
    static func isAnchored(_ pattern: String) -> Bool {
        pattern.hasPrefix("^") && pattern.hasSuffix("$") && !pattern.hasSuffix("\\$") && !pattern.contains("|")
    }

    /// Patterns that must all match the whole value, as one expression (each but the last as
    /// a lookahead).
    static func allAnchored(_ patterns: [String]) -> String {
        guard patterns.count > 1 else { return patterns.first.map(anchored) ?? "^" }
        return "^" + patterns.dropLast().map { "(?=(?:" + $0 + ")$)" }.joined() + "(?:" + patterns[patterns.count - 1] + ")$"
    }
}
