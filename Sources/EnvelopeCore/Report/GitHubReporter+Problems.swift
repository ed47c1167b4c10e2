extension GitHubReporter {
    /// One annotation per problem at its file, line and column: `::error` for a file that did
    /// not load, `::warning` for lint's warnings.
    ///
    /// `::error file=Contracts/broken.json,line=4,col=3,title=did not load::not valid JSON: …`
    func annotations(of problems: [FileProblem]) -> String {
        var out = ""
        for problem in problems {
            var properties = ["file=" + escapeProperty(problem.file)]
            if let location = problem.location {
                properties.append("line=\(location.line)")
                properties.append("col=\(location.column)")
            }
            let title = problem.level == .error ? "did not load" : "lint warning"
            properties.append("title=" + escapeProperty(title))
            out += "::\(problem.level.rawValue) \(properties.joined(separator: ","))::\(escapeData(problem.message))\n"
        }
        return out
    }
}
