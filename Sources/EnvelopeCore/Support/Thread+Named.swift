import Foundation
#if canImport(Glibc)
import Glibc

// pthread_setname_np is a GNU extension (see `libc(_:as:)`).
private typealias SetName = @convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32
#endif

extension Thread {
    /// Starts `body` on a new thread named `name`, for people as well as for Foundation: the
    /// kernel gets the name too (its first 15 bytes on Linux), so `top -H`, `perf` and
    /// `/proc/PID/task/*/comm` show which of envelope's threads is which; `Thread.name` alone
    /// does not reach them there.
    public static func start(named name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread {
            #if canImport(Glibc)
            if let setName = libc("pthread_setname_np", as: SetName.self) {
                _ = String(decoding: name.utf8.prefix(15), as: UTF8.self).withCString { setName(pthread_self(), $0) }
            }
            #endif
            body()
        }
        thread.name = name
        thread.start()
    }
}
