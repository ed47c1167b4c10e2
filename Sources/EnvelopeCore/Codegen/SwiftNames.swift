/// Swift spellings of wire names: `MENU_NM` → `menuNm`, `api-result` → `ApiResult`.
enum SwiftNames {
    /// Words that must be written in backticks to be used as names.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
        "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
    ]

    /// The words of a wire name: split at non-alphanumerics and at lower→upper changes; an
    /// all-capitals word (`MENU`) is a word, not an acronym to keep.
    static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in name {
            guard character.isLetter || character.isNumber, character.isASCII else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previous = nil
                continue
            }
            if let previous, previous.isLowercase || previous.isNumber, character.isUppercase, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(character)
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `MENU_NM` → `menuNm`, `bloggername` → `bloggername`, `a1_b` → `a1B`, `lastBuildDate` →
    /// `lastBuildDate`; a keyword gets backticks, a leading digit an underscore.
    static func property(_ name: String) -> String {
        let parts = words(name)
        guard let first = parts.first else { return "value" }
        var result = first.allSatisfy({ !$0.isLowercase }) ? first.lowercased() : lowerFirst(first)
        for word in parts.dropFirst() { result += capitalize(word) }
        if result.first?.isNumber == true { result = "_" + result }
        return keywords.contains(result) ? "`\(result)`" : result
    }

    /// `menu-item` → `MenuItem`, `Root<T>` → `Root`, `APIResult` → `APIResult`.
    static func type(_ name: String) -> String {
        var base = name
        if let angle = base.firstIndex(of: "<") { base = String(base[..<angle]) }
        let parts = words(base)
        var result = parts.map { word in
            // Keep a mixed-case word as written (APIResult); capitalize the rest.
            word.contains(where: \.isLowercase) && word.contains(where: \.isUppercase) ? upperFirst(word) : capitalize(word)
        }.joined()
        if result.isEmpty { result = "Value" }
        if result.first?.isNumber == true { result = "_" + result }
        return keywords.contains(result) ? result + "Type" : result
    }

    /// An enum case for a raw value: `L` → `l`, `in-progress` → `inProgress`, `2` → `_2`.
    static func enumCase(_ value: String) -> String {
        let name = property(value)
        return name == "value" && value.isEmpty ? "empty" : name
    }

    static func capitalize(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst().lowercased()
    }

    static func upperFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    static func lowerFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.lowercased() + word.dropFirst()
    }

    /// A Swift string literal for `text`.
    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 { out += "\\u{\(String(scalar.value, radix: 16))}" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }
}
