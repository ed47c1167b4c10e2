/// The results of one run (`check` or `validate`) and the exit code they make.
public struct Report: Sendable {
    /// The results, in contract order.
    public var results: [ContractResult]
    /// The level at or above which findings fail the run.
    public var failOn: FailLevel
    /// What fetching each result recorded, by the result's position in ``results``; empty (or
    /// `nil` at a position) when there was no fetch, as for offline validation.
    public var transfers: [TransferRecord?]
    /// The folder the contract files are in, as the user named it, so annotations can point at
    /// `Contracts/name.json`.
    public var contractsDirectory: String?
    /// The secrets to hide; reporters apply it to text they quote from bodies.
    public var redactor: Redactor
    /// What each result stands for, for the summary's count.
    public var subject: ReportSubject
    /// The files that did not load (contracts, mock mappings, the project file), and for
    /// `lint` its warnings about them; every format shows them (see Report+Problems.swift).
    public var problems: [FileProblem] = []
    /// With `--compare-env`, each result's comparison with the baseline environment, by the
    /// result's position (see Report+Comparisons.swift); empty otherwise.
    public var comparisons: [EnvironmentComparison?] = []
    /// For `envelope proxy`: which contracts the app's requests exercised, which never, and
    /// the requests no contract covers (see Coverage.swift); nil for other commands.
    public var coverage: Coverage? = nil

    /// Creates a report.
    public init(results: [ContractResult], failOn: FailLevel = .breaking, transfers: [TransferRecord?] = [],
                contractsDirectory: String? = nil, redactor: Redactor = Redactor(), subject: ReportSubject = .contracts) {
        self.results = results
        self.failOn = failOn
        self.transfers = transfers
        self.contractsDirectory = contractsDirectory
        self.redactor = redactor
        self.subject = subject
    }

    /// The transfer record of the result at `index`, if there is one.
    public func transfer(at index: Int) -> TransferRecord? {
        transfers.indices.contains(index) ? transfers[index] : nil
    }

    /// The contract file of `result` as the user would open it: `Contracts/name.json`.
    public func contractPath(of result: ContractResult) -> String {
        guard let directory = contractsDirectory, !directory.isEmpty, directory != "." else { return result.file }
        return directory.hasSuffix("/") ? directory + result.file : directory + "/" + result.file
    }

    /// Findings at `breaking`, over all results (transport errors not included).
    public var breakingCount: Int { results.reduce(0) { $0 + $1.breakingCount } }
    /// Findings at `warning`, over all results.
    public var warningCount: Int { results.reduce(0) { $0 + $1.warningCount } }
    /// Results that could not be judged (not fetched, a server error, cut off).
    public var errorCount: Int { results.filter { $0.status == .error }.count }

    /// The exit code: 2 when a file did not load; else 1 when a finding (or a lint warning)
    /// is at or above `failOn`; else 3 when an answer could not be fetched; else 0. Drift
    /// wins over transport errors because it is the news the run was for; transport errors
    /// still show in every format.
    public var exitCode: Int32 {
        if !loadErrors.isEmpty { return 2 }
        if failOn.fails(.warning), !fileWarnings.isEmpty { return 1 }
        let failing = results.contains { result in
            result.findings.contains { !$0.kind.blocksValidation && failOn.fails($0.severity) }
        }
        if failing || comparisonFails { return 1 }
        if errorCount > 0 || comparisonUnreachable { return 3 }
        return 0
    }
}
