import Foundation
import Testing
@testable import EnvelopeCore
@testable import envelope

/// `import openapi` reads the document once for both of its halves: planning the contracts
/// and compiling each mock's schema as `check` will.
@Suite("import openapi shares the document's files with the validation of its mocks", .temporaryFolders)
struct ImportOpenAPISharingTests {
    @Test("every YAML file of a split document is read from disk once and parsed once, the import and the mocks' compilers holding the same parsed file")
    func readAndParsedOnce() throws {
        let directory = try temporaryDirectory().appendingPathComponent("cloud")
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("ImportOpenAPI/split"), to: directory)
        let contracts = directory.appendingPathComponent("Contracts").path
        let config = directory.appendingPathComponent("envelope.json").path
        let reader = ProjectReader(directory: contracts, projectFile: config)
        let loading = ContractLoadOptions().readingYAML
        let spec = directory.appendingPathComponent("api.yaml").path
        let documents = try ImportOpenAPICommand.documents(spec, reader: reader, loading: loading)
        var importer = OpenAPIImport(documents: documents, options: OpenAPIImportOptions(documentPath: "../api.yaml"),
                                     read: { try reader.read($0) }, loading: loading)
        let plan = try importer.plan()
        #expect(plan.refusals.isEmpty)
        #expect(plan.entries.count == 2)
        #expect(plan.entries.allSatisfy { $0.mock != nil })
        let files = documents.documents
        #expect(files.count > 5)
        #expect(reader.diskReadCount == files.count)
        #expect(loading.documentParseCount == files.count)
        // What the mocks' compilers took from the cache is the very document the import read.
        for (name, document) in files {
            let path = ImportOpenAPICommand.relativePath(of: name, from: contracts)
            #expect(try loading.parsedYAML(reader.read(path), file: path) === document, "\(name)")
        }
        #expect(loading.documentParseCount == files.count)
    }
}
