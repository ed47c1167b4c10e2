extension GitHubReporter {
    /// A `::notice` with the coverage headline, one on each contract file no request reached,
    /// and one listing the request shapes no contract covers.
    func coverageAnnotations(of report: Report) -> String {
        guard let coverage = report.coverage else { return "" }
        var out = "::notice title=" + escapeProperty("envelope proxy: coverage") + "::" + escapeData(coverage.headline) + "\n"
        for entry in coverage.unexercised {
            let path = report.contractsDirectory.map { $0.hasSuffix("/") ? $0 + entry.file : $0 + "/" + entry.file } ?? entry.file
            out += "::notice file=\(escapeProperty(path)),title=\(escapeProperty("\(entry.contract): never exercised"))::"
                + escapeData("no request of the app reached \(entry.method) \(entry.path)") + "\n"
        }
        if !coverage.uncovered.isEmpty {
            let shapes = coverage.uncovered.map { "\($0.method) \($0.path) (\($0.requests))" }.joined(separator: ", ")
            out += "::notice title=" + escapeProperty("requests no contract covers") + "::" + escapeData(shapes) + "\n"
        }
        return out
    }
}
