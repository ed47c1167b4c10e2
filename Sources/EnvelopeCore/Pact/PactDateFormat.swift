/// Pact's `date`, `time` and `timestamp` formats (Java's `SimpleDateFormat`/`DateTimeFormatter`
/// letters) as regular expressions, so that a contract checks them without `assertFormats`.
enum PactDateFormat {
    /// The anchored expression for `matcher` with `format`; Pact's ISO 8601 defaults when
    /// there is no format; nil when the format holds a letter Envelope does not know.
    static func pattern(for matcher: PactMatcher, format: String?) -> String? {
        guard let format, !format.isEmpty else {
            switch matcher {
            case .date: return #"^\d{4}-\d{2}-\d{2}$"#
            case .time: return #"^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$"#
            default: return #"^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$"#
            }
        }
        return pattern(format)
    }

    /// The anchored expression for a Java date format.
    static func pattern(_ format: String) -> String? {
        let characters = Array(format)
        var out = "^"
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "'" {
                // Quoted literal text; '' is a quote.
                var end = index + 1
                var literal = ""
                while end < characters.count, characters[end] != "'" {
                    literal.append(characters[end])
                    end += 1
                }
                out += literal.isEmpty ? "'" : RegexLiteral.escaped(literal)
                index = end + 1
                continue
            }
            guard character.isLetter, character.isASCII else {
                out += RegexLiteral.escaped(String(character))
                index += 1
                continue
            }
            var count = 1
            while index + count < characters.count, characters[index + count] == character { count += 1 }
            guard let piece = piece(character, count) else { return nil }
            out += piece
            index += count
        }
        return out + "$"
    }

    /// The expression for `count` repeats of the pattern letter `letter`.
    static func piece(_ letter: Character, _ count: Int) -> String? {
        switch letter {
        case "y", "u", "Y": count == 2 ? #"\d{2}"# : #"\d{4}"#
        case "M", "L": count >= 4 ? "[A-Za-z]+" : count == 3 ? "[A-Za-z]{3}" : count == 2 ? #"\d{2}"# : #"\d{1,2}"#
        case "d", "H", "h", "k", "K", "m", "s", "w", "W": count == 2 ? #"\d{2}"# : #"\d{1,2}"#
        case "D": #"\d{1,3}"#
        case "S": #"\d{\#(count)}"#
        case "n": #"\d{1,9}"#
        case "E": count >= 4 ? "[A-Za-z]+" : "[A-Za-z]{3}"
        case "a": "(AM|PM|am|pm)"
        case "X": count == 1 ? #"(Z|[+-]\d{2}(\d{2})?)"# : count == 2 ? #"(Z|[+-]\d{4})"# : #"(Z|[+-]\d{2}:\d{2})"#
        case "x": count == 1 ? #"[+-]\d{2}(\d{2})?"# : count == 2 ? #"[+-]\d{4}"# : #"[+-]\d{2}:\d{2}"#
        case "Z": count >= 4 ? #"(Z|GMT|[+-]\d{2}:\d{2})"# : #"[+-]\d{4}"#
        case "z": "[A-Za-z]+"
        case "G": "[A-Za-z]+"
        default: nil
        }
    }
}
