extension TextReporter {
    /// One block per file with problems, before the contracts' blocks: the file, `did not
    /// load` when it has errors, then each problem with its line:column.
    ///
    /// ```
    /// Contracts/broken.json  did not load
    ///   ✗ 4:3  not valid JSON: expected ',' or '}', found '"'
    /// ```
    public func renderProblems(_ report: Report) -> String {
        var out = ""
        for (file, problems) in report.problemsByFile {
            let broken = problems.contains { $0.level == .error }
            out += paint(file, .bold) + (broken ? "  " + paint("did not load", .red) : "") + "\n"
            for problem in problems {
                let mark = problem.level == .error ? paint("✗", .red) : paint("!", .yellow)
                let place = problem.location.map { "\($0)  " } ?? ""
                out += "  \(mark) \(place)\(problem.message)\n"
            }
            out += "\n"
        }
        return out
    }

    /// The summary line when a file did not load and so nothing was checked: `1 file did not
    /// load; nothing was checked`. `nil` when every file loaded, or when there are
    /// results all the same (lint validates the mocks of the contracts that did load).
    func loadErrorSummary(_ report: Report) -> String? {
        guard !report.loadErrors.isEmpty, report.results.isEmpty else { return nil }
        return loadErrorCount(report) + "; nothing was checked"
    }

    /// What ends the summary line of a report with results and files that did not load:
    /// `; 1 file did not load (2 errors)`, or nothing.
    func problemSuffix(_ report: Report) -> String {
        report.loadErrors.isEmpty ? "" : "; " + loadErrorCount(report)
    }

    /// `1 file did not load`, or `1 file did not load (2 errors)` when a file has several.
    func loadErrorCount(_ report: Report) -> String {
        let errors = report.loadErrors.count
        let files = Set(report.loadErrors.map(\.file)).count
        return report.loadErrorHeadline + (errors > files ? " (\(errors) errors)" : "")
    }
}
