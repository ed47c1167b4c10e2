/// Pact's `date`, `time` and `timestamp` formats (Java's `SimpleDateFormat`/`DateTimeFormatter`
/// letters) as regular expressions, so that a contract checks them without `assertFormats`.
enum PactDateFormat {
    /// The anchored expression for `matcher` with `format`; without one, the formats Pact's
    /// verifier defaults to (`yyyy-MM-dd`, `HH:mm:ss`, `yyyy-MM-dd'T'HH:mm:ssXXX`); nil when
    /// the format holds a letter Envelope does not know.
    static func pattern(for matcher: PactMatcher, format: String?) -> String? {
        guard let format, !format.isEmpty else {
            switch matcher {
            case .date: return pattern("yyyy-MM-dd")
            case .time: return pattern("HH:mm:ss")
            default: return pattern("yyyy-MM-dd'T'HH:mm:ssXXX")
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

    /// The expression for `count` repeats of the pattern letter `letter`. Numbers take from one
    /// digit up to the letters' count, within their field's range, as Pact's parser reads them
    /// (`yyyy` takes `26`, `HH` takes `9`, `MM` refuses `13`); the calendar itself (February
    /// the 30th) is beyond an expression.
    static func piece(_ letter: Character, _ count: Int) -> String? {
        switch letter {
        case "y", "u", "Y": count == 2 ? #"\d{2}"# : #"\d{1,\#(max(count, 4))}"#
        case "M", "L": count >= 4 ? "[A-Za-z]+" : count == 3 ? "[A-Za-z]{3}" : "(0?[1-9]|1[0-2])"
        case "d": "(0?[1-9]|[12][0-9]|3[01])"
        case "H": "([01]?[0-9]|2[0-3])"
        case "k": "(0?[1-9]|1[0-9]|2[0-4])"
        case "K": "(0?[0-9]|1[01])"
        case "h": "(0?[1-9]|1[0-2])"
        case "m", "s": "[0-5]?[0-9]"
        case "w", "W": count == 2 ? #"\d{2}"# : #"\d{1,2}"#
        case "D": #"\d{1,3}"#
        case "S": #"\d{1,\#(count)}"#
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
