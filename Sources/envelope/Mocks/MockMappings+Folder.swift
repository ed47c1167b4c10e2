import EnvelopeCore
import EnvelopeMock

extension MockMappings {
    /// Loads every mapping file of the Mocks folder `directory`, on every core (each file
    /// parses on its own); the stubs keep the files' order, and of several broken files the
    /// first in that order is reported.
    static func load(directory: String, globalTemplating: Bool = false) throws(MockLoadError) -> MockMappings {
        let folder = try MockFolder(directory: directory, globalTemplating: globalTemplating)
        return try MockMappings(assembling: ParallelMap.map(Array(folder.names.indices)) { folder.load($0) })
    }
}
