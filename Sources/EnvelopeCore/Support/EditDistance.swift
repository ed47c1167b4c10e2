/// Edit distance between names, used to suggest the option or command the user meant.
package enum EditDistance {
    /// The optimal-string-alignment (restricted Damerau–Levenshtein) distance: insertions,
    /// deletions, substitutions, and swaps of neighbours each cost 1.
    ///
    /// Swaps count once because `--fromat` is one slip of the fingers, not two.
    package static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Full matrix: names are short, and the transposition step needs two rows back.
        var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }

    /// The candidate closest to `input`, or nil when none is close enough to be a likely typo.
    ///
    /// Leading dashes and letter case are ignored, so `-format` and `--Format` both find
    /// `--format`. "Close" scales with length (one edit per three characters, at most two) so
    /// that short names do not suggest unrelated short names. Ties go to the earlier candidate,
    /// which is the order the command declared them in.
    package static func suggestion(for input: String, among candidates: [String]) -> String? {
        let typed = normalized(input)
        guard !typed.isEmpty else { return nil }
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let name = normalized(candidate)
            let distance = between(typed, name)
            let allowed = min(2, max(1, name.count / 3))
            guard distance <= allowed else { continue }
            if let current = best, current.distance <= distance { continue }
            best = (candidate, distance)
        }
        return best?.candidate
    }

    /// The name without leading dashes, lowercased, for comparison only.
    private static func normalized(_ name: String) -> String {
        String(name.drop(while: { $0 == "-" })).lowercased()
    }
}
