import EnvelopeMock
import Foundation

extension MockMappings {
    /// Loads the Mocks folder `directory` (`mappings/**/*.json`, bodies in `__files/`) as
    /// `envelope serve` does, read through Foundation so that it works in an app's test target.
    public static func load(directory: String) throws(MockLoadError) -> MockMappings {
        let mappings = (directory as NSString).appendingPathComponent("mappings")
        guard isFolder(mappings), let enumerator = FileManager.default.enumerator(atPath: mappings) else {
            throw .directoryNotFound(path: mappings + "/", reason: "no such folder")
        }
        let listed = enumerator.compactMap { $0 as? String }
        let bodyFiles = bodyFiles(of: directory)
        var stubs: [StubMapping] = []
        for name in loadOrder(listed) {
            let file = (mappings as NSString).appendingPathComponent(name)
            guard !isFolder(file) else { continue }
            let bytes: Data
            do {
                bytes = try Data(contentsOf: URL(fileURLWithPath: file))
            } catch {
                throw .unreadableFile(file: file, reason: error.localizedDescription)
            }
            stubs += try parse([UInt8](bytes), file: file, bodyFiles: bodyFiles)
        }
        return MockMappings(stubs: stubs)
    }

    /// The `__files/` folder of the Mocks folder `directory`.
    static func bodyFiles(of directory: String) -> BodyFiles {
        let folder = (directory as NSString).appendingPathComponent("__files")
        return BodyFiles(folder: folder, resolve: { path in
            FileManager.default.fileExists(atPath: path) ? URL(fileURLWithPath: path).resolvingSymlinksInPath().path : nil
        }, read: { path in
            isFolder(path) ? nil : FileManager.default.contents(atPath: path).map { [UInt8]($0) }
        })
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
