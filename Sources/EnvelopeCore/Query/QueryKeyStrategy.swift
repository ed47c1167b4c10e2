/// How query parameter names on the wire map to property names in the model, as
/// `JSONDecoder.KeyDecodingStrategy` does for JSON keys.
public enum QueryKeyStrategy: String, Sendable, CaseIterable {
    /// Names are used as they are.
    case useDefaultKeys
    /// `a1_b` on the wire is `a1B` in the model (Foundation's algorithm: words after the
    /// first are capitalized, leading and trailing underscores kept).
    case convertFromSnakeCase

    /// The model's name for the wire name `name`.
    public func modelName(for name: String) -> String {
        switch self {
        case .useDefaultKeys: return name
        case .convertFromSnakeCase: return Self.fromSnakeCase(name)
        }
    }

    /// The wire name for the model's name `name` (the inverse, for messages and encoding).
    public func wireName(for name: String) -> String {
        switch self {
        case .useDefaultKeys: return name
        case .convertFromSnakeCase: return Self.toSnakeCase(name)
        }
    }

    /// `JSONDecoder`'s `convertFromSnakeCase`: `a1_b` → `a1B`, `_id` → `_id`, `MENU_NM` → `MENUNm`.
    public static func fromSnakeCase(_ key: String) -> String {
        guard !key.isEmpty else { return key }
        guard let firstNonUnderscore = key.firstIndex(where: { $0 != "_" }) else { return key }
        var lastNonUnderscore = key.index(before: key.endIndex)
        while lastNonUnderscore > firstNonUnderscore, key[lastNonUnderscore] == "_" {
            lastNonUnderscore = key.index(before: lastNonUnderscore)
        }
        let core = key[firstNonUnderscore...lastNonUnderscore]
        let words = core.split(separator: "_", omittingEmptySubsequences: false)
        guard words.count > 1 else { return key }
        let joined = String(words[0]) + words.dropFirst().map { word -> String in
            guard let first = word.first else { return "" }
            return first.uppercased() + word.dropFirst().lowercased()
        }.joined()
        return String(key[..<firstNonUnderscore]) + joined + String(key[key.index(after: lastNonUnderscore)...])
    }

    /// `JSONEncoder`'s `convertToSnakeCase`: `a1B` → `a1_b`, `myURLValue` → `my_url_value`.
    public static func toSnakeCase(_ key: String) -> String {
        guard !key.isEmpty else { return key }
        let characters = Array(key)
        var words: [String] = []
        var current = ""
        for (index, character) in characters.enumerated() {
            let isUpper = character.isUppercase
            if isUpper, !current.isEmpty {
                let previousUpper = characters[index - 1].isUppercase
                let nextLower = index + 1 < characters.count && characters[index + 1].isLowercase
                // A new word starts at an upper-case letter after a lower-case one, or at the
                // last capital of a run followed by lower case ("URLValue" → "url", "value").
                if !previousUpper || nextLower {
                    words.append(current)
                    current = ""
                }
            }
            current.append(character)
        }
        words.append(current)
        return words.map { $0.lowercased() }.joined(separator: "_")
    }
}
