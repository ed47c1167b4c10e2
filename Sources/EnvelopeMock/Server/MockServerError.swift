#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the mock server could not start.
public enum MockServerError: Error, Sendable, CustomStringConvertible {
    /// The host is not an IPv4 or IPv6 address (or `localhost`).
    case invalidHost(String)
    /// Another process already listens on the port.
    case addressInUse(host: String, port: UInt16)
    /// The address cannot be used (not a local address, no permission for a low port...).
    case bindFailed(host: String, port: UInt16, code: Int32, reason: String)
    /// A socket or event-loop system call failed.
    case systemCallFailed(operation: String, code: Int32, reason: String)
    /// `start()` was called on a server that was already started (or stopped).
    case alreadyStarted

    public var description: String {
        switch self {
        case .invalidHost(let host):
            return "cannot listen on '\(host)': not an IP address; use 127.0.0.1, 0.0.0.0, ::1 or localhost"
        case .addressInUse(let host, let port):
            return "cannot listen on \(host):\(port): the port is already in use; stop the other server or choose another port (0 picks a free one)"
        case .bindFailed(let host, let port, _, let reason):
            return "cannot listen on \(host):\(port): \(reason)"
        case .systemCallFailed(let operation, _, let reason):
            return "mock server: \(operation) failed: \(reason)"
        case .alreadyStarted:
            return "the mock server was already started; a stopped server cannot be restarted, create a new MockServer"
        }
    }
}
