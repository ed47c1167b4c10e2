#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Readiness notification for one event loop. Level-triggered: a ready descriptor is reported
/// on every wait until it is drained. Used from one thread only.
protocol Poller: AnyObject {
    /// Watches `fd`. `exclusive` asks that only one of several loops sharing `fd` is woken
    /// (EPOLLEXCLUSIVE; ignored where unsupported).
    func add(_ fd: Int32, read: Bool, write: Bool, exclusive: Bool) -> Bool
    func update(_ fd: Int32, read: Bool, write: Bool)
    func remove(_ fd: Int32)
    /// Waits up to `timeoutMilliseconds` (-1: forever) and calls `handler` for each ready
    /// descriptor. The handler may add, update and remove descriptors.
    func wait(timeoutMilliseconds: Int32, _ handler: (PollEvent) -> Void)
    func close()
}

/// close(2), callable where a type has its own `close()`.
@inline(__always)
func closeDescriptor(_ fd: Int32) -> Int32 {
    close(fd)
}
