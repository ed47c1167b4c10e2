import EnvelopeMock

/// A Mocks folder on disk (`mappings/` and `__files/`), read for the mock's loader: its mapping
/// files are listed in the server's order, and each is read and parsed on its own, so that a
/// caller can load them alongside other work (`check`) or report every broken one (`lint`).
struct MockFolder: Sendable {
    /// The folder, without a trailing slash.
    let directory: String
    /// The mapping files' paths relative to `mappings/`, in load order.
    let names: [String]
    /// The `__files/` folder, for `bodyFileName`.
    let bodyFiles: BodyFiles
    /// Whether every stub is a response template (`--global-response-templating`).
    let globalTemplating: Bool

    /// Lists `directory/mappings/`; fails when there is no such folder or it cannot be listed.
    init(directory: String, globalTemplating: Bool = false) throws(MockLoadError) {
        self.globalTemplating = globalTemplating
        var base = directory
        while base.count > 1, base.hasSuffix("/") { base.removeLast() }
        self.directory = base
        let mappings = base + "/mappings"
        let entries: [String]
        do {
            entries = try FileSystem.entries(below: mappings)
        } catch {
            throw .directoryNotFound(path: mappings + "/", reason: FileSystem.isFolder(mappings) ? error.description : "no such folder")
        }
        names = MockMappings.loadOrder(entries).filter { FileSystem.isFile(mappings + "/" + $0) }
        bodyFiles = Self.bodyFiles(of: base)
    }

    /// The `__files/` folder of the Mocks folder `directory`.
    static func bodyFiles(of directory: String) -> BodyFiles {
        BodyFiles(folder: FileSystem.join(directory, "__files"), resolve: FileSystem.realPath, read: { try? FileSystem.read($0) })
    }

    /// The `mappings/` folder of the Mocks folder `directory`, for `POST /__admin/mappings/save`.
    static func mappingFiles(of directory: String) -> MappingFiles {
        MappingFiles(folder: FileSystem.join(directory, "mappings")) { path, bytes in
            do throws(FileSystem.Failure) {
                try FileSystem.write(bytes: bytes, to: path)
                return nil
            } catch {
                return error.description
            }
        }
    }

    /// Reads and parses the file `names[position]`.
    func load(_ position: Int) -> Result<[StubMapping], MockLoadError> {
        let file = directory + "/mappings/" + names[position]
        return Result { () throws(MockLoadError) in
            let bytes: [UInt8]
            do throws(FileSystem.Failure) {
                bytes = try FileSystem.read(file)
            } catch {
                throw .unreadableFile(file: file, reason: error.description)
            }
            return try MockMappings.parse(bytes, file: file, bodyFiles: bodyFiles, globalTemplating: globalTemplating)
        }
    }
}
