import EnvelopeCore
import EnvelopeMock

extension MockFolder {
    /// Every reason the Mocks folder `directory` cannot be served: no `mappings/` folder, or
    /// each mapping file that does not load. Made only once loading has failed (or a contract
    /// has), so that a report names every broken file rather than the first.
    static func loadProblems(directory: String, globalTemplating: Bool = false) -> [FileProblem] {
        let folder: MockFolder
        do {
            folder = try MockFolder(directory: directory, globalTemplating: globalTemplating)
        } catch {
            return [FileProblem(mockError: error)]
        }
        return folder.names.indices.compactMap { position in
            if case .failure(let error) = folder.load(position) { return FileProblem(mockError: error) }
            return nil
        }
    }
}
