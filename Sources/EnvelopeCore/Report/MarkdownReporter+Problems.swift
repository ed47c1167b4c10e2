extension MarkdownReporter {
    /// A table of the files that did not load (and lint's warnings), one row per problem,
    /// ending with its last row (the caller puts a blank line before a table that follows);
    /// nothing when there are none.
    func problemTable(_ report: Report) -> String {
        guard !report.problems.isEmpty else { return "" }
        var out = "| | File | Where | Problem |\n|---|---|---|---|\n"
        for problem in report.problems {
            let mark = problem.level == .error ? "❌" : "⚠️"
            let place = problem.location.map { "\($0)" } ?? "–"
            out += "| \(mark) | `\(code(problem.file))` | \(place) | \(cell(problem.message)) |\n"
        }
        return out
    }
}
