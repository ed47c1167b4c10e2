#if canImport(Glibc)
import Glibc

/// Turns the fault a mapped file raises when it shrinks under the reader (SIGBUS) into an
/// error message and exit status 2, instead of a crash.
enum TruncationGuard {
    /// The message, made before the handler can run: a signal handler may not allocate.
    private static let message = Array("error: a file shrank while it was being read (was it still being written?); nothing was reported. Run again once it is complete.\n".utf8)
    private static let installed: Bool = {
        _ = message.count
        signal(SIGBUS) { _ in
            TruncationGuard.message.withUnsafeBufferPointer { _ = write(2, $0.baseAddress, $0.count) }
            _exit(2)
        }
        return true
    }()

    /// Installs the handler (once; later calls do nothing).
    static func install() {
        _ = installed
    }
}
#endif
