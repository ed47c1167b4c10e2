#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Raw TCP sockets on 127.0.0.1 for tests: a listener on a kernel-chosen port (port 0), so
/// tests never collide on a fixed port and never leave the loopback interface.
enum LoopbackSocket {
    /// Why a test socket could not be set up.
    struct Failure: Error, CustomStringConvertible {
        /// The call that failed, e.g. "bind".
        let call: String
        /// errno after the failed call.
        let errorNumber: Int32
        /// The call and the system's text for errno.
        var description: String { "\(call) failed: \(String(cString: strerror(errorNumber))) (errno \(errorNumber))" }
    }

    /// Opens a TCP socket listening on 127.0.0.1 at a free port; returns it and the port.
    static func listen(backlog: Int32 = 16) throws -> (fd: Int32, port: UInt16) {
        #if os(Linux)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failure(call: "socket", errorNumber: errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            let failure = Failure(call: "bind", errorNumber: errno)
            close(fd)
            throw failure
        }
        guard systemListen(fd, backlog) == 0 else {
            let failure = Failure(call: "listen", errorNumber: errno)
            close(fd)
            throw failure
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else {
            let failure = Failure(call: "getsockname", errorNumber: errno)
            close(fd)
            throw failure
        }
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    /// A port on 127.0.0.1 that nothing listens on: bound by us a moment ago, then closed.
    static func closedPort() throws -> UInt16 {
        let (fd, port) = try listen()
        close(fd)
        return port
    }

    /// Writes all of `bytes`, without SIGPIPE if the peer has gone; false when the write failed.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { chunk -> Int in
                #if os(Linux)
                return send(fd, chunk.baseAddress, chunk.count, Int32(MSG_NOSIGNAL))
                #else
                return send(fd, chunk.baseAddress, chunk.count, 0)
                #endif
            }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }
}

/// `listen` shadowed by `LoopbackSocket.listen`; this reaches the C function.
private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 {
    #if canImport(Glibc)
    Glibc.listen(fd, backlog)
    #else
    Darwin.listen(fd, backlog)
    #endif
}
