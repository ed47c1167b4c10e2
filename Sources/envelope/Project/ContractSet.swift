import EnvelopeCore
import EnvelopeMock

/// The contracts of a folder: every `*.json` directly in it (shared schemas live in
/// subfolders), loaded in name order, with every load error collected rather than stopping
/// at the first: of every file, and within a file every problem the loader can step past.
struct ContractSet {
    /// The contracts that loaded.
    var contracts: [Contract]
    /// The errors of those that did not, every problem of each, in name order.
    var errors: [ContractError]
    /// The contract files (relative to the folder) that did not load.
    var failedFiles: [String] = []

    /// The contracts that describe HTTP answers (not deep-link URLs): what check, record and
    /// lint's mock checks work on.
    var httpContracts: [Contract] {
        // Usually all of them: then the same array, not a copy of every contract.
        contracts.allSatisfy { $0.url == nil } ? contracts : contracts.filter { $0.url == nil }
    }

    /// Loads the contracts in `directory`, on every core (each contract compiles on its own),
    /// keeping name order for both the contracts and the errors. Their `$ref`s reach the
    /// project folder (that of `projectFile`, the `--config` file, when given; see
    /// ``ProjectScope``), and a document they share is read and parsed once.
    static func load(directory: String, options: ContractLoadOptions = ContractLoadOptions(),
                     projectFile: String? = nil) throws(CommandFailure) -> ContractSet {
        let reader = ProjectReader(directory: directory, projectFile: projectFile)
        let options = options.readingYAML
        let outcomes = ParallelMap.map(try contractFiles(in: directory)) { file in
            var problems: [ContractError] = []
            let contract = loadContract(file: file, reader: reader, options: options, collectingProblemsInto: &problems)
            return (file, contract, problems)
        }
        var set = ContractSet(contracts: [], errors: [])
        for (file, contract, problems) in outcomes {
            if let contract { set.contracts.append(contract) } else { set.failedFiles.append(file) }
            set.errors += problems
        }
        return set
    }

    /// The contract files of `directory`, in load (name) order.
    static func contractFiles(in directory: String) throws(CommandFailure) -> [String] {
        do {
            return try FileSystem.jsonFiles(in: directory)
        } catch {
            throw .badInput("\(error) (give the contracts folder with --contracts)")
        }
    }

    /// Loads one contract file; `file` is relative to `reader`'s folder, and so are the
    /// schema files it refers to.
    static func loadContract(file: String, reader: ProjectReader, options: ContractLoadOptions = ContractLoadOptions()) throws(ContractError) -> Contract {
        try ContractLoader.load(file: file, read: reader.reader(forContract: file), options: options.readingYAML)
    }

    /// The load errors as every report shows them, each file as the user would open it
    /// (`Contracts/broken.json`).
    func problems(directory: String) -> [FileProblem] {
        errors.map { FileProblem(contractError: $0, directory: directory) }
    }

    /// Loads one contract file like ``loadContract(file:reader:options:)``, adding every
    /// problem it has to `problems`; `nil` when it has any.
    static func loadContract(file: String, reader: ProjectReader, options: ContractLoadOptions = ContractLoadOptions(),
                             collectingProblemsInto problems: inout [ContractError]) -> Contract? {
        ContractLoader.load(file: file, read: reader.reader(forContract: file), options: options.readingYAML, collectingProblemsInto: &problems)
    }

    /// The text for the load errors, one per line: `Contracts/file.json:line:column: error: …`.
    func errorText(directory: String) -> String {
        errors.map { FileSystem.join(directory, loaded: $0.description) }.joined(separator: "\n")
    }
}

extension FileProblem {
    /// A contract (or schema) file of `directory` that did not load.
    init(contractError error: ContractError, directory: String) {
        self.init(level: .error, file: FileSystem.join(directory, loaded: error.file), location: error.location, message: error.message)
    }

    /// A mock mapping file (or the Mocks folder) that did not load.
    init(mockError error: MockLoadError) {
        self.init(level: .error, file: error.file, location: error.location, message: error.message)
    }
}
