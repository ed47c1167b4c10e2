import EnvelopeCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The stubs of a Mocks folder (`mappings/*.json` plus bodies in `__files/`), in load order.
public struct MockMappings: Sendable {
    public var stubs: [StubMapping]

    public init(stubs: [StubMapping] = []) {
        self.stubs = stubs
    }

    /// Loads every `*.json` under `directory/mappings/` (subfolders included), sorted by
    /// relative path. A file holds one stub object or `{"mappings": [stub, ...]}`. Body files
    /// named by `bodyFileName` are read from `directory/__files/` now, into memory.
    public static func load(directory: String) throws(MockLoadError) -> MockMappings {
        let files = try MappingFileSet(directory: directory)
        // Files are read and parsed on every core (a thousand took 30 ms on one); the stubs
        // keep the files' order, and of several bad files the first in that order is reported.
        return try files.assemble(ParallelMap.map(Array(files.names.indices)) { files.load($0) })
    }

    /// The mapping files below a `mappings` folder, in the order the server loads them: their
    /// paths relative to it, in byte order, each with whether readdir said it is a regular
    /// file (then reading it needs no stat). Every `*.json` file counts (symbolic links are
    /// followed), except hidden ones.
    static func mappingFileEntries(in mappingsFolder: String) -> [DirectoryListing.Entry] {
        var entries: [DirectoryListing.Entry] = []
        for entry in DirectoryListing.entries(below: mappingsFolder) {
            let next = entry.path.utf8
            // `*.json`, and the file's own name (after the last slash; enumerated paths never
            // end in one) not hidden. By UTF-8: by Character it was a tenth of loading a mapping.
            let nameStart = next.lastIndex(of: UInt8(ascii: "/")).map { next.index(after: $0) } ?? next.startIndex
            guard next.count > 5, next.suffix(5).elementsEqual(".json".utf8), next[nameStart] != UInt8(ascii: ".") else { continue }
            // A regular file by readdir's word needs no stat (a thousand system calls for a
            // thousand mappings). Otherwise stat follows symbolic links, as
            // `fileExists(atPath:isDirectory:)` does, without its bridging.
            var status = stat()
            if entry.isRegularFile || (stat(mappingsFolder + "/" + entry.path, &status) == 0 && (status.st_mode & S_IFMT) != S_IFDIR) {
                entries.append(entry)
            }
        }
        return ByteOrder.sorted(entries) { $0.path }
    }

    /// Reads and parses the mapping file at `file`.
    /// `knownRegular`: readdir said it is a regular file, so it is read without a stat.
    /// `relativePath`, when given, is `file`'s path relative to the open `folder`, through
    /// which a file the listing called regular is read.
    fileprivate static func load(file: String, knownRegular: Bool, filesDirectory: String, relativePath: String? = nil,
                                 in folder: DirectoryHandle? = nil) throws(MockLoadError) -> [StubMapping] {
        let bytes: [UInt8]
        var fast: [UInt8]?
        if knownRegular {
            if let folder, let relativePath {
                fast = FileBytes.contents(ofRegularFile: relativePath, in: folder)
            } else {
                fast = FileBytes.contents(ofRegularFile: file)
            }
        }
        if let read = fast ?? FileBytes.contents(of: file) {
            bytes = read
        } else {
            // Foundation reads it again to give the reason it always gave.
            do {
                bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
            } catch {
                throw MockLoadError.unreadableFile(file: file, reason: error.localizedDescription)
            }
        }
        return try parse(bytes, file: file, filesDirectory: filesDirectory)
    }

    /// Parses the stubs of one mapping file's bytes. `file` is used in errors and
    /// ``MappingSource``; `filesDirectory` is where `bodyFileName` files live.
    public static func parse(_ bytes: [UInt8], file: String, filesDirectory: String) throws(MockLoadError) -> [StubMapping] {
        let document: JSONDocument
        do throws(JSONError) {
            document = try JSONDocument.parse(bytes, options: JSONParseOptions(duplicateKeys: .reject))
        } catch {
            throw .invalidJSON(file: file, error: error)
        }
        let reader = MappingReader(file: file, filesDirectory: filesDirectory)
        return try reader.readFile(document.root)
    }
}

/// The canonical absolute path with symbolic links resolved, or nil when it does not exist.
func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}

/// The mapping files of a Mocks folder, listed, to be read and parsed one at a time on any
/// thread and then put together: for a caller that loads them alongside other work on the
/// same cores (``MockMappings/load(directory:)`` loads them on their own).
public struct MappingFileSet: Sendable {
    /// The files' paths relative to the `mappings` folder, in load order.
    public let names: [String]
    /// By position: whether the listing said the file is a regular one.
    private let knownRegular: [Bool]
    private let mappingsFolder: String
    /// The mappings folder, open, for reading its files by their relative paths.
    private let folder: DirectoryHandle?
    private let filesDirectory: String

    /// Lists `directory/mappings/`; fails when there is no such folder.
    public init(directory: String) throws(MockLoadError) {
        var base = directory
        while base.count > 1, base.hasSuffix("/") { base.removeLast() }
        mappingsFolder = base + "/mappings"
        filesDirectory = base + "/__files"
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: mappingsFolder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .directoryNotFound(path: mappingsFolder + "/", reason: "no such folder")
        }
        let entries = MockMappings.mappingFileEntries(in: mappingsFolder)
        names = entries.map(\.path)
        knownRegular = entries.map(\.isRegularFile)
        folder = DirectoryHandle(path: mappingsFolder)
    }

    /// Reads and parses the file `names[position]`.
    public func load(_ position: Int) -> Result<[StubMapping], MockLoadError> {
        Result { () throws(MockLoadError) in
            try MockMappings.load(file: mappingsFolder + "/" + names[position], knownRegular: knownRegular[position], filesDirectory: filesDirectory,
                                  relativePath: names[position], in: folder)
        }
    }

    /// The stubs of every file, in order, given what ``load(_:)`` gave for each; the first
    /// failure in that order, if any.
    public func assemble(_ loaded: [Result<[StubMapping], MockLoadError>]) throws(MockLoadError) -> MockMappings {
        var stubs: [StubMapping] = []
        stubs.reserveCapacity(loaded.count)
        for outcome in loaded { stubs += try outcome.get() }
        return MockMappings(stubs: stubs)
    }
}

