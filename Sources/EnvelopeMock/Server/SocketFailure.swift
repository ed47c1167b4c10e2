#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// A failed system call and its errno.
struct SocketFailure: Error {
    var operation: String
    var code: Int32

    var message: String { String(cString: strerror(code)) }
}
