#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// An answer waiting in a connection's queue until `readyAt` (its delay).
struct PendingReply {
    var reply: Reply
    var readyAt: UInt64
}
