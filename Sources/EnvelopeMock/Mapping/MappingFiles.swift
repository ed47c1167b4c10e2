/// The `mappings/` folder of a Mocks folder as `POST /__admin/mappings/save` sees it: a place
/// to write stub files, written by whoever owns the file system (the CLI). EnvelopeMock
/// writes no files itself, as ``BodyFiles`` reads none.
package struct MappingFiles: Sendable {
    /// The folder's path, as answers name it.
    package let folder: String
    private let write: @Sendable (String, [UInt8]) -> String?

    /// - Parameters:
    ///   - folder: the `mappings` folder's path.
    ///   - write: writes the bytes to the path given (whole, atomically); returns nil when it
    ///     did, else why not.
    package init(folder: String, write: @escaping @Sendable (String, [UInt8]) -> String?) {
        self.folder = folder
        self.write = write
    }

    /// Writes one stub file named `name` (a plain file name, no folders); nil or why not.
    func save(_ bytes: [UInt8], as name: String) -> String? {
        write(folder + "/" + name, bytes)
    }

    /// A file name for the stub with this identifier: its letters, digits, `-`, `_` and `.`
    /// (anything else becomes `_`, so an id cannot reach another folder), then `.json`.
    static func fileName(for identifier: String) -> String {
        var name = String(identifier.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar))
                ? Character(scalar) : "_"
        })
        if name.isEmpty || name.hasPrefix(".") { name = "stub" + name }
        return name + ".json"
    }
}
