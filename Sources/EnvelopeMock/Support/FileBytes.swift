#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads straight through the system calls.
///
/// `Data(contentsOf: URL(fileURLWithPath:))` builds a URL (which checks the file system to
/// tell folders from files) and goes through Foundation's general reader: for a folder of a
/// thousand small mapping files that was about a third of the time spent loading them.
public enum FileBytes {
    /// The bytes of the regular file at `path`, or nil when it cannot be read for any reason;
    /// callers then read it the slow way, which also explains the failure.
    static func contents(of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return contents(reading: descriptor)
    }

    /// The bytes of the regular file open as `descriptor`, read from its start; nil when it
    /// is no regular file or cannot be read.
    private static func contents(reading descriptor: Int32) -> [UInt8]? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var filled = 0
        let complete = bytes.withUnsafeMutableBytes { buffer -> Bool in
            while filled < buffer.count {
                let got = read(descriptor, buffer.baseAddress.unsafelyUnwrapped + filled, buffer.count - filled)
                if got < 0 && errno == EINTR { continue }
                // The file shrank (0) or failed (-1) while being read: let the caller retry.
                guard got > 0 else { return false }
                filled += got
            }
            return true
        }
        return complete ? bytes : nil
    }

    /// The bytes of a file that a directory listing said is regular, read without a stat: a
    /// thousand mapping or contract files made a thousand `fstat` calls for their sizes. The
    /// file is read into room on the stack; a read that stops short of that room has met the
    /// end of a regular file. A file that fills the room is read again the usual way. Nil
    /// when it cannot be read (callers then read it the slow way, which explains why).
    /// `path` is relative to `folder` when one is given (see ``DirectoryHandle``).
    public static func contents(ofRegularFile path: String, in folder: DirectoryHandle? = nil) -> [UInt8]? {
        let descriptor = folder.map { openat($0.descriptor, path, O_RDONLY | O_CLOEXEC) } ?? open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let room = 16 << 10
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { buffer -> [UInt8]? in
            var got = 0
            repeat {
                got = read(descriptor, buffer.baseAddress.unsafelyUnwrapped, room)
            } while got < 0 && errno == EINTR
            guard got >= 0 else { return nil }
            guard got < room else { return lseek(descriptor, 0, SEEK_SET) == 0 ? contents(reading: descriptor) : nil }
            return Array(UnsafeBufferPointer(rebasing: buffer[0..<got]))
        }
    }
}
