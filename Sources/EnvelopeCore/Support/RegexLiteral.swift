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
}
