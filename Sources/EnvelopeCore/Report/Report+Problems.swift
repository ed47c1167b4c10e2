extension Report {
    /// The files that did not load: with any, nothing was checked and the exit code is 2.
    public var loadErrors: [FileProblem] { problems.filter { $0.level == .error } }
    /// `lint`'s warnings about files: a mapping no contract reaches, a contract with no mock.
    public var fileWarnings: [FileProblem] { problems.filter { $0.level == .warning } }

    /// The problems grouped by file, in the order the files first appear: a file with several
    /// problems is one JUnit test case and one Markdown row group.
    public var problemsByFile: [(file: String, problems: [FileProblem])] {
        var order: [String] = []
        var byFile: [String: [FileProblem]] = [:]
        for problem in problems {
            if byFile[problem.file] == nil { order.append(problem.file) }
            byFile[problem.file, default: []].append(problem)
        }
        return order.map { ($0, byFile[$0] ?? []) }
    }

    /// `1 file did not load` or `3 files did not load`.
    var loadErrorHeadline: String {
        let files = Set(loadErrors.map(\.file)).count
        return "\(files) file\(files == 1 ? "" : "s") did not load"
    }
}
