import EnvelopeCore

/// The stubs of a Mocks folder (`mappings/*.json` plus bodies in `__files/`), in load order.
///
/// The folder itself is read by the caller (the CLI, or EnvelopeTesting for an app's tests):
/// it lists the mapping files, puts them in ``loadOrder(_:)``, and hands each file's bytes to
/// ``parse(_:file:bodyFiles:)``.
public struct MockMappings: Sendable {
    public var stubs: [StubMapping]

    public init(stubs: [StubMapping] = []) {
        self.stubs = stubs
    }

    /// Which of the paths below a `mappings` folder are mapping files, in the order the server
    /// loads them: every `*.json` whose own name (after the last slash) is not hidden, sorted
    /// by the bytes of the relative path so that the order is the same on every machine.
    /// Whether a path is a file rather than a folder is for the caller to check.
    package static func loadOrder(_ paths: [String]) -> [String] {
        let mappings = paths.filter { path in
            let name = path.utf8.split(separator: UInt8(ascii: "/")).last ?? path.utf8[...]
            return name.count > 5 && name.suffix(5).elementsEqual(".json".utf8) && name.first != UInt8(ascii: ".")
        }
        return ByteOrder.sorted(mappings) { $0 }
    }

    /// Parses the stubs of one mapping file's bytes: one stub object or `{"mappings": [stub,
    /// ...]}`. `file` is used in errors and ``MappingSource``; the bodies that `bodyFileName`
    /// names are read from `bodyFiles` now, into memory.
    /// With `globalTemplating` every response is a template (`--global-response-templating`).
    package static func parse(_ bytes: [UInt8], file: String, bodyFiles: BodyFiles = .none,
                              globalTemplating: Bool = false) throws(MockLoadError) -> [StubMapping] {
        let document: JSONDocument
        do throws(JSONError) {
            document = try JSONDocument.parse(bytes, options: JSONParseOptions(duplicateKeys: .reject))
        } catch {
            throw .invalidJSON(file: file, error: error)
        }
        let reader = MappingReader(file: file, bodyFiles: bodyFiles, globalTemplating: globalTemplating)
        return try reader.readFile(document.root)
    }

    /// The stubs of every file, in order, given what parsing each gave; the first failure in
    /// that order, if any.
    package init(assembling loaded: [Result<[StubMapping], MockLoadError>]) throws(MockLoadError) {
        var stubs: [StubMapping] = []
        stubs.reserveCapacity(loaded.count)
        for outcome in loaded { stubs += try outcome.get() }
        self.init(stubs: stubs)
    }
}
