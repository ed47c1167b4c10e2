import EnvelopeCore
import EnvelopeMock
import Foundation
#if canImport(Glibc)
import Glibc
/// POSIX read(2), named once so the code below reads the same on Linux and macOS.
private let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
#endif

/// The file-system edge of the tool: the libraries take bytes, this reads and writes them.
enum FileSystem {
    /// Why a file could not be read or written.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Reads a whole file straight into one array (no intermediate `Data`, so a 50 MB answer
    /// costs 50 MB, not 100). `knownRegular`: a directory listing said it is a regular file,
    /// so a small one is read without a stat (the usual way if that fails, to say why).
    static func read(_ path: String, knownRegular: Bool = false) throws(Failure) -> [UInt8] {
        if knownRegular, let bytes = FileBytes.contents(ofRegularFile: path) { return bytes }
        let (descriptor, status) = try openFile(path)
        defer { close(descriptor) }
        return try readAll(descriptor, status: status, path: path)
    }

    /// Opens a file for reading, with its status; a folder or a missing file is a failure
    /// that says so.
    private static func openFile(_ path: String) throws(Failure) -> (descriptor: Int32, status: stat) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = errno
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                throw Failure(description: isDirectory.boolValue ? "\(path) is a folder, not a file" : "\(path) cannot be opened: \(String(cString: strerror(reason)))")
            }
            throw Failure(description: "no such file: \(path)")
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = errno
            close(descriptor)
            throw Failure(description: "cannot read \(path): \(String(cString: strerror(reason)))")
        }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw Failure(description: "\(path) is a folder, not a file")
        }
        return (descriptor, status)
    }

    /// Reads an open file to its end into one array.
    private static func readAll(_ descriptor: Int32, status: stat, path: String) throws(Failure) -> [UInt8] {
        var failure: Int32 = 0
        let size = max(Int(status.st_size), 0)
        let regular = (status.st_mode & S_IFMT) == S_IFREG && size > 0
        // Room for one byte more than the size: a read that fills that byte means more is
        // coming (a pipe or special file, which say 0, or a file that grew), read then in
        // chunks. A regular file's read that stops short of it has met the end: a short
        // count from a regular file means end of file, so the read that would return 0 is
        // not made (one system call in five when loading a thousand contracts). (A 64 KB
        // chunk zeroed for every file was a sixth of the instructions loading them.)
        var bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
            var filled = 0
            while filled < size + 1 {
                let got = systemRead(descriptor, buffer.baseAddress.unsafelyUnwrapped + filled, size + 1 - filled)
                if got < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                if got == 0 { break }
                filled += got
                if regular && filled == size { break }
            }
            count = filled
        }
        if bytes.count > size {
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while failure == 0 {
                let got = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
                if got < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                if got == 0 { break }
                bytes.append(contentsOf: chunk[0..<got])
            }
        }
        if failure != 0 { throw Failure(description: "cannot read \(path): \(String(cString: strerror(failure)))") }
        return bytes
    }

    /// Files at least this large are mapped rather than read (below it, a read is as cheap).
    static let mappingThreshold = 256 << 10

    /// The bytes of a file, mapped into memory when it is large (no freshly zeroed copy of a
    /// 50 MB answer, which took about as long as parsing it), read otherwise.
    ///
    /// A file that shrinks while it is mapped would make reading it fault (SIGBUS); the
    /// handler installed here turns that into a clear error and exit status 2.
    static func contents(of path: String) throws(Failure) -> SharedBytes {
        let (descriptor, status) = try openFile(path)
        defer { close(descriptor) }
        return try contents(of: descriptor, status: status, path: path)
    }

    /// The bytes of a file as ``contents(of:)`` gives them, or nil, without reading it, when
    /// it is a regular file of `limit` bytes or more.
    static func contents(of path: String, below limit: Int) throws(Failure) -> SharedBytes? {
        let (descriptor, status) = try openFile(path)
        defer { close(descriptor) }
        if (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) >= limit { return nil }
        return try contents(of: descriptor, status: status, path: path)
    }

    /// The bytes of the open file `descriptor`: mapped when large, read otherwise.
    private static func contents(of descriptor: Int32, status: stat, path: String) throws(Failure) -> SharedBytes {
        #if os(Linux)
        if (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) >= mappingThreshold {
            let size = Int(status.st_size)
            if let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED {
                TruncationGuard.install()
                let buffer = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size)
                // The address travels as an integer: a pointer is not Sendable, and only
                // `munmap` uses it, once.
                let bits = Int(bitPattern: address)
                return SharedBytes(lending: buffer) { _ = munmap(UnsafeMutableRawPointer(bitPattern: bits), size) }
            }
        }
        #endif
        return SharedBytes(try readAll(descriptor, status: status, path: path))
    }

    /// Reads standard input to its end.
    static func readStandardInput() -> [UInt8] {
        Array(FileHandle.standardInput.readDataToEndOfFile())
    }

    /// Writes a file atomically (a temporary file, then a rename), so a reader never sees
    /// half a report.
    static func write(_ text: String, to path: String) throws(Failure) {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw Failure(description: "cannot write \(path): \(error.localizedDescription)")
        }
    }

    /// Writes bytes atomically: a temporary file in the same folder, then a rename, so a
    /// reader (or a mock server watching the folder) never sees half a file. Creates the
    /// folder when it is missing.
    static func write(bytes: [UInt8], to path: String) throws(Failure) {
        let directory = (path as NSString).deletingLastPathComponent
        do {
            if !directory.isEmpty { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw Failure(description: "cannot write \(path): \(error.localizedDescription)")
        }
    }

    /// Whether a file or folder exists at `path`.
    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    /// The `*.json` files directly inside `directory`, sorted by name.
    static func jsonFiles(in directory: String) throws(Failure) -> [String] {
        try jsonFileEntries(in: directory).map(\.path)
    }

    /// ``jsonFiles(in:)`` with what `readdir` said of each (a regular file is read without a
    /// stat). Names are tested and sorted by their UTF-8 bytes, as the mock's mapping files
    /// are: listing and sorting through FileManager and `String` order took 2.6 M instructions
    /// for a thousand contracts, on one core before any could load.
    static func jsonFileEntries(in directory: String) throws(Failure) -> [DirectoryListing.Entry] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw Failure(description: "no such folder: \(directory)")
        }
        guard let entries = DirectoryListing.entries(in: directory) else {
            // Foundation lists it again to give the reason it always gave.
            do {
                _ = try FileManager.default.contentsOfDirectory(atPath: directory)
            } catch {
                throw Failure(description: "cannot list \(directory): \(error.localizedDescription)")
            }
            throw Failure(description: "cannot list \(directory)")
        }
        let files = entries.filter { entry in
            let name = entry.path.utf8
            return name.count > 5 && name.suffix(5).elementsEqual(".json".utf8) && name.first != UInt8(ascii: ".")
        }
        return ByteOrder.sorted(files) { $0.path }
    }

    /// `directory/name`, without doubling the slash.
    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
