#if canImport(Glibc)
import Glibc

/// Removes the in-process mock's Unix sockets and their folders when `check` is interrupted
/// (Ctrl-C, `kill`, a closed terminal), which would otherwise leave them in the temporary
/// directory; a normal end removes them through ``MockServer/stop()``.
enum InterruptCleanup {
    // `nonisolated(unsafe)` is sound: both are written once, before the handlers are
    // installed, and only read afterwards (by a handler, which must not allocate or lock).
    /// Each socket's path followed by its folder's, as C strings.
    nonisolated(unsafe) private static var paths: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    nonisolated(unsafe) private static var pathCount = 0

    /// Removes every socket of `socketPaths` and its folder if the process gets SIGINT,
    /// SIGTERM or SIGHUP, then dies of that signal as it would have. Call once, on the main
    /// thread.
    ///
    /// The three signals are also unblocked on the calling thread: a parent that spawns
    /// `check` from a thread that blocks them (test runners do) would otherwise leave them
    /// pending, and the run could not be stopped at all.
    static func removeOnInterrupt(socketPaths: [String]) {
        guard paths == nil, !socketPaths.isEmpty else { return }
        let list = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: 2 * socketPaths.count)
        for (index, path) in socketPaths.enumerated() {
            let folder = path.lastIndex(of: "/").map { String(path[..<$0]) }
            list[2 * index] = strdup(path)
            list[2 * index + 1] = folder.map { strdup($0) } ?? nil
        }
        paths = list
        pathCount = socketPaths.count
        var set = sigset_t()
        sigemptyset(&set)
        for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, number) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number) { number in
                if let list = InterruptCleanup.paths {
                    for index in 0..<InterruptCleanup.pathCount {
                        if let socket = list[2 * index] { _ = unlink(socket) }
                        if let folder = list[2 * index + 1] { _ = rmdir(folder) }
                    }
                }
                signal(number, SIG_DFL)
                _ = raise(number)
            }
        }
    }
}
#endif
