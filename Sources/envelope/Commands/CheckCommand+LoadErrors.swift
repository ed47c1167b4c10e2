import EnvelopeCore

extension CheckCommand {
    /// Ends a run in which a file did not load, before any request is sent: each problem on
    /// standard error as a compiler prints it (`errorText`, or the problems'
    /// `file:line:column: error: …`), and the report in the chosen format with them. Exit 2.
    func reportLoadFailure(_ problems: [FileProblem], errorText: String? = nil) throws(CommandFailure) -> Int32 {
        Terminal.writeStandardError((errorText ?? problems.map(\.description).joined(separator: "\n")) + "\n")
        var report = Report(results: [], failOn: failOn, contractsDirectory: contractsDirectory)
        report.problems = problems
        var output = output
        output.problemsOnStandardError = true
        try output.write(report)
        return report.exitCode
    }

    /// The load errors of the contracts, and, when this run would serve the mocks, of every
    /// mapping file as well, so one run names every broken file.
    func loadProblems(of set: ContractSet, globalTemplating: Bool = false) -> [FileProblem] {
        var problems = set.problems(directory: contractsDirectory)
        if !problems.isEmpty && baseURL == nil && environmentName == nil {
            problems += MockFolder.loadProblems(directory: mocksDirectory, globalTemplating: globalTemplating)
        }
        return problems
    }

    /// Every mapping file that does not load, once the mock server's loading has failed with
    /// `failure` (the first of them).
    func mockProblems(after failure: MockLoadFailure, globalTemplating: Bool = false) -> [FileProblem] {
        let problems = MockFolder.loadProblems(directory: mocksDirectory, globalTemplating: globalTemplating)
        return problems.isEmpty ? [FileProblem(mockError: failure.error)] : problems
    }
}
