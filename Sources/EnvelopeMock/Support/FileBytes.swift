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
enum FileBytes {
    /// The bytes of the regular file at `path`, or nil when it cannot be read for any reason;
    /// callers then read it the slow way, which also explains the failure.
    static func contents(of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
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
}
