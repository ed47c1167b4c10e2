import EnvelopeCore
import EnvelopeMock

extension CheckCommand {
    /// The contracts, and the in-process mock's mappings when `withMocks`, loaded together on
    /// every core. Loaded side by side, each on its own share of the cores, one finished
    /// first and its core then waited for the other (the thread pool would not give the
    /// mappings a second thread while the contracts held two). A mappings folder that cannot
    /// be listed is returned as the failure, for the caller to report after the contracts'.
    func loadContracts(options: ContractLoadOptions, withMocks: Bool) throws(CommandFailure)
        -> (contracts: ContractSet, mappings: Result<MockMappings, MockLoadError>?) {
        let names = try ContractSet.contractFiles(in: contractsDirectory)
        var mappingFiles: Result<MockFolder, MockLoadError>?
        if withMocks { mappingFiles = Result { () throws(MockLoadError) in try MockFolder(directory: mocksDirectory) } }
        let files = try? mappingFiles?.get()
        let directory = contractsDirectory
        let loaded = ParallelMap.map(Array(0..<(names.count + (files?.names.count ?? 0)))) { job -> Loaded in
            if job < names.count { return .contract(ContractSet.load(names[job], directory: directory, options: options)) }
            return .mapping(files.map { $0.load(job - names.count) } ?? .success([]))
        }
        // Straight from the loaded list: a list of the contracts' outcomes first copied every
        // contract once more.
        var contracts = ContractSet(contracts: [], errors: [])
        contracts.contracts.reserveCapacity(names.count)
        for case .contract(let outcome) in loaded { contracts.add(outcome) }
        let mappings = mappingFiles.map { listing in
            listing.flatMap { _ in
                Result { () throws(MockLoadError) in
                    try MockMappings(assembling: loaded.compactMap { if case .mapping(let outcome) = $0 { outcome } else { nil } })
                }
            }
        }
        return (contracts, mappings)
    }

    /// What one file loaded to.
    private enum Loaded: Sendable {
        case contract(Result<Contract, ContractError>)
        case mapping(Result<[StubMapping], MockLoadError>)
    }
}
