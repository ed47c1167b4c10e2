import EnvelopeCore
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
    /// Why a file or folder could not be read or written: the description names it and says why.
    struct Failure: Error, Equatable, CustomStringConvertible {
        var description: String
    }

    /// Reads a whole file into one array (no intermediate `Data`, so a 50 MB answer costs
    /// 50 MB, not 100).
    static func read(_ path: String) throws(Failure) -> [UInt8] {
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

    /// Reads an open file to its end. The size it says is only where to start: a file in
    /// /proc says 0, and a file may grow while it is read.
    private static func readAll(_ descriptor: Int32, status: stat, path: String) throws(Failure) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: max(Int(status.st_size), 0) + 1)
        var filled = 0
        while true {
            if filled == bytes.count { bytes += repeatElement(0, count: max(bytes.count, 4096)) }
            let got = bytes.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress.unsafelyUnwrapped + filled, $0.count - filled) }
            if got < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "cannot read \(path): \(String(cString: strerror(errno)))")
            }
            if got == 0 { break }
            filled += got
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// Files at least this large are mapped rather than read (below it, a read is as cheap).
    static let mappingThreshold = 256 << 10

    /// The bytes of a file, mapped into memory when it is large (no freshly zeroed copy of a
    /// large answer, which costs about as much as parsing it), read otherwise.
    ///
    /// A file that shrinks while it is mapped would make reading it fault (SIGBUS); the
    /// handler installed here turns that into a clear error and exit status 2.
    static func contents(of path: String) throws(Failure) -> SharedBytes {
        let (descriptor, status) = try openFile(path)
        defer { close(descriptor) }
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

    /// The `*.json` names directly inside `directory` (folders so named too: reading one then
    /// says it is a folder), hidden ones left out, in byte order so that every machine loads
    /// them in the same order.
    static func jsonFiles(in directory: String) throws(Failure) -> [String] {
        let names = try names(in: directory)
        let json = names.filter { name in
            let bytes = name.utf8
            return bytes.count > 5 && bytes.suffix(5).elementsEqual(".json".utf8) && bytes.first != UInt8(ascii: ".")
        }
        return ByteOrder.sorted(json) { $0 }
    }

    /// The names directly inside the folder `directory`; a missing or unreadable folder is a
    /// failure that says why.
    private static func names(in directory: String) throws(Failure) -> [String] {
        guard isFolder(directory) else { throw Failure(description: "no such folder: \(directory)") }
        do {
            return try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw Failure(description: "cannot list \(directory): \(error.localizedDescription)")
        }
    }

    /// Every entry below the folder `directory` (files, folders and links at every depth, hidden
    /// ones included) by its path relative to it, in byte order. A symbolic link is listed but
    /// not followed into; a subfolder that cannot be listed is listed and not entered.
    static func entries(below directory: String) throws(Failure) -> [String] {
        var found: [String] = []
        var folders = [""]
        while let relative = folders.popLast() {
            let path = relative.isEmpty ? directory : join(directory, relative)
            let names: [String]
            if relative.isEmpty {
                names = try self.names(in: directory)
            } else {
                guard let listed = try? FileManager.default.contentsOfDirectory(atPath: path) else { continue }
                names = listed
            }
            for name in names {
                let entry = relative.isEmpty ? name : relative + "/" + name
                found.append(entry)
                var status = stat()
                if lstat(join(path, name), &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR { folders.append(entry) }
            }
        }
        return ByteOrder.sorted(found) { $0 }
    }

    /// Whether `path` is a folder, or a symbolic link to one.
    static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether `path` is something other than a folder that can be opened: a file, or a
    /// symbolic link that leads to one.
    static func isFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) != S_IFDIR
    }

    /// The canonical absolute form of `path`, symbolic links resolved; nil when nothing is there.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// What changes when a file is written or replaced: its size, modification time and
    /// inode, as one string; nil when nothing is at `path`.
    static func changeStamp(of path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        #if canImport(Darwin)
        let modified = status.st_mtimespec
        #else
        let modified = status.st_mtim
        #endif
        return "\(status.st_size) \(modified.tv_sec).\(modified.tv_nsec) \(status.st_ino)"
    }

    /// `directory/name`, without doubling the slash.
    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
