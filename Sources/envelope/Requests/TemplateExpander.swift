/// Expands `${VAR}` in header values and URLs from the process environment, and remembers
/// what it put in, so reports can hide every value that came from the environment.
struct TemplateExpander {
    /// A `${VAR}` whose variable is not set.
    struct MissingVariable: Error {
        var name: String
    }

    /// One expanded text: the value to send, the same text with every variable shown as
    /// `***` (for reports and logs), and the values that were put in (the secrets).
    struct Expansion {
        var value: String
        var display: String
        var secrets: [String]
    }

    let environment: [String: String]

    /// `text` with every `${NAME}` replaced. Only `${` starts a variable, so other dollar
    /// signs pass through untouched; an unclosed `${` is kept as written.
    func expand(_ text: String) throws(MissingVariable) -> String {
        try expansion(of: text).value
    }

    /// `text` expanded, with its display form and the secrets it now holds. `transform` is
    /// applied to each value before it is inserted (e.g. percent-encoding for a query).
    func expansion(of text: String, transform: (String) -> String = { $0 }) throws(MissingVariable) -> Expansion {
        // A byte search first: Foundation's `contains` on strings costs thousands of
        // instructions, and most URLs and header values hold no `$` at all.
        guard text.utf8.contains(UInt8(ascii: "$")), text.firstRange(of: "${") != nil else { return Expansion(value: transform(text), display: transform(text), secrets: []) }
        var result = Expansion(value: "", display: "", secrets: [])
        var rest = Substring(text)
        while let start = rest.firstRange(of: "${") {
            let literal = transform(String(rest[rest.startIndex..<start.lowerBound]))
            result.value += literal
            result.display += literal
            let afterOpen = rest[start.upperBound...]
            guard let close = afterOpen.firstIndex(of: "}") else {
                rest = rest[start.lowerBound...]
                break
            }
            let name = String(afterOpen[afterOpen.startIndex..<close])
            guard let value = environment[name] else { throw MissingVariable(name: name) }
            let inserted = transform(value)
            result.value += inserted
            result.display += "***"
            result.secrets += [value, inserted]
            rest = afterOpen[afterOpen.index(after: close)...]
        }
        let tail = transform(String(rest))
        result.value += tail
        result.display += tail
        return result
    }
}
