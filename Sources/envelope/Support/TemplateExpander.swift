/// Expands `${VAR}` in header values and URLs from the process environment.
struct TemplateExpander {
    /// A `${VAR}` whose variable is not set.
    struct MissingVariable: Error {
        var name: String
    }

    let environment: [String: String]

    /// `text` with every `${NAME}` replaced; `$$` stays a literal `$`... only `${` starts a
    /// variable, so other dollar signs pass through untouched.
    func expand(_ text: String) throws(MissingVariable) -> String {
        guard text.contains("${") else { return text }
        var out = ""
        var rest = Substring(text)
        while let start = rest.firstRange(of: "${") {
            out += rest[rest.startIndex..<start.lowerBound]
            let afterOpen = rest[start.upperBound...]
            guard let close = afterOpen.firstIndex(of: "}") else {
                out += rest[start.lowerBound...]
                return out
            }
            let name = String(afterOpen[afterOpen.startIndex..<close])
            guard let value = environment[name] else { throw MissingVariable(name: name) }
            out += value
            rest = afterOpen[afterOpen.index(after: close)...]
        }
        return out + rest
    }
}
