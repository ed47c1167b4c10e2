#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a pthread mutex, for state the serving client shares with other threads
/// (``HTTPRequestQueue``, ``HTTPStreamWindow``). `Synchronization.Mutex` would do the same job,
/// but on Linux it is a futex that Thread Sanitizer cannot see, so it reports every access made
/// under it as a race and `make tsan` could check nothing here; the sanitizer intercepts the
/// pthread calls, and sees the order they give.
///
/// `@unchecked Sendable` is sound: `value` is read and written only inside ``withLock(_:)``,
/// between `pthread_mutex_lock` and `pthread_mutex_unlock` of the one mutex this object owns,
/// and `Value` is itself `Sendable`.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    init(_ value: Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` on the value while holding the mutex.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
