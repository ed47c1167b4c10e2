/// How a ``DiffReport`` shows the contract files that did not load, in each of its forms.
extension DiffReport {
    /// `1 file did not load; nothing was compared`, or `nil` when every file loaded.
    var problemSummaryLine: String? {
        guard !problems.isEmpty else { return nil }
        let files = Set(problems.map(\.file)).count
        let count = problems.count > files ? " (\(problems.count) errors)" : ""
        return "\(files) file\(files == 1 ? "" : "s") did not load\(count); nothing was compared"
    }

    /// One block per file that did not load, each problem with its line:column.
    var problemText: String {
        var out = ""
        var files: [String] = []
        for problem in problems where !files.contains(problem.file) { files.append(problem.file) }
        for file in files {
            out += "\(file)  did not load\n"
            for problem in problems where problem.file == file {
                out += "  ✗ " + (problem.location.map { "\($0)  " } ?? "") + problem.message + "\n"
            }
            out += "\n"
        }
        return out
    }

    /// A table of the problems, one row each; nothing when there are none.
    func problemTable(escape: (String) -> String) -> String {
        guard !problems.isEmpty else { return "" }
        var out = "| | file | where | problem |\n|---|---|---|---|\n"
        for problem in problems {
            out += "| ✗ | `\(escape(problem.file))` | \(problem.location.map { "\($0)" } ?? "–") | \(escape(problem.message)) |\n"
        }
        return out + "\n"
    }
}
