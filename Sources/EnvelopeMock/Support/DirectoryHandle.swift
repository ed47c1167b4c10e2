#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open folder, for reading the files in it by their paths relative to it (`openat`).
///
/// Opening a thousand files by their full paths had the kernel walk the folder's whole path
/// again for each of them (path look-ups were a twentieth of `check`'s time); relative to the
/// open folder it walks only the file's own name. Shared by the threads that load the files:
/// the descriptor is only read, and closed when the last of them lets go.
public final class DirectoryHandle: Sendable {
    /// The folder's descriptor, open for reading.
    public let descriptor: Int32

    /// Opens the folder at `path`; nil when it cannot be opened (callers then go by paths).
    public init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }
}
