/// A string for a simple regular expression: literals, `\d`, `\w`, `.`, character classes such
/// as `[a-z0-9_]`, and the quantifiers `?`, `*`, `+`, `{n}` and `{n,m}`, anchored or not. Nil
/// for anything else (alternation, groups, look-arounds), which the caller then leaves to its
/// validation to refuse.
enum PatternSample {
    static func sample(_ pattern: String) -> String? {
        var scalars = Array(pattern.unicodeScalars)[...]
        if scalars.first == "^" { scalars = scalars.dropFirst() }
        if scalars.last == "$", scalars.dropLast().last != "\\" { scalars = scalars.dropLast() }
        var out = ""
        while let first = scalars.first {
            scalars = scalars.dropFirst()
            var atom: Character
            switch first {
            case "\\":
                guard let escaped = scalars.first else { return nil }
                scalars = scalars.dropFirst()
                switch escaped {
                case "d": atom = "1"
                case "w": atom = "a"
                case "s": atom = " "
                case "D", "W", "S", "b", "B": return nil
                default: atom = Character(escaped)
                }
            case "[":
                guard let close = scalars.firstIndex(of: "]"), scalars.first != "^" else { return nil }
                let set = scalars[..<close]
                scalars = scalars[scalars.index(after: close)...]
                guard let member = set.first(where: { $0 != "\\" }) else { return nil }
                atom = Character(member == "-" && set.count > 1 ? set[set.index(after: set.startIndex)] : member)
                if set.first == "\\", let next = set.dropFirst().first { atom = next == "d" ? "1" : next == "w" ? "a" : Character(next) }
            case ".": atom = "a"
            case "(", ")", "|", "^", "$", "*", "+", "?", "{", "}": return nil
            default: atom = Character(first)
            }
            var count = 1
            switch scalars.first {
            case "?", "*": count = 0; scalars = scalars.dropFirst()
            case "+": scalars = scalars.dropFirst()
            case "{":
                guard let close = scalars.firstIndex(of: "}") else { return nil }
                let inside = String(String.UnicodeScalarView(scalars[scalars.index(after: scalars.startIndex)..<close]))
                guard let low = Int(inside.split(separator: ",", omittingEmptySubsequences: false).first ?? "") else { return nil }
                count = low
                scalars = scalars[scalars.index(after: close)...]
            default: break
            }
            if scalars.first == "?" { scalars = scalars.dropFirst() }  // lazy quantifier
            out += String(repeating: String(atom), count: count)
        }
        return out
    }
}
