#if canImport(Glibc)
import Glibc

/// Removes the in-process mock's Unix socket and its folder when `check` is interrupted
/// (Ctrl-C, `kill`, a closed terminal), which would otherwise leave them in the temporary
/// directory; a normal end removes them through ``MockServer/stop()``.
enum InterruptCleanup {
    // `nonisolated(unsafe)` is sound: both are written once, before the handlers are
    // installed, and only read afterwards (by a handler, which must not allocate or lock).
    nonisolated(unsafe) private static var socketPath: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var folderPath: UnsafeMutablePointer<CChar>?

    /// Removes `socketPath` and its folder if the process gets SIGINT, SIGTERM or SIGHUP, then
    /// dies of that signal as it would have. Call once, on the main thread.
    ///
    /// The three signals are also unblocked on the calling thread: a parent that spawns
    /// `check` from a thread that blocks them (test runners do) would otherwise leave them
    /// pending, and the run could not be stopped at all.
    static func removeOnInterrupt(socketPath path: String) {
        guard socketPath == nil, let slash = path.lastIndex(of: "/") else { return }
        socketPath = strdup(path)
        folderPath = strdup(String(path[..<slash]))
        var set = sigset_t()
        sigemptyset(&set)
        for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, number) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number) { number in
                if let socket = InterruptCleanup.socketPath { _ = unlink(socket) }
                if let folder = InterruptCleanup.folderPath { _ = rmdir(folder) }
                signal(number, SIG_DFL)
                _ = raise(number)
            }
        }
    }
}
#endif
