#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// Thin, platform-neutral wrappers over the POSIX socket calls the server uses.
enum Socket {
    #if canImport(Darwin)
    static let streamType = SOCK_STREAM
    static let sendFlags: Int32 = 0
    #else
    static let streamType = Int32(SOCK_STREAM.rawValue)
    static let sendFlags = Int32(MSG_NOSIGNAL)
    #endif

    /// A parsed IPv4 or IPv6 listening address.
    enum Address {
        case v4(in_addr)
        case v6(in6_addr)

        init?(host: String) {
            let host = host == "localhost" ? "127.0.0.1" : host
            var v4 = in_addr()
            if inet_pton(AF_INET, host, &v4) == 1 {
                self = .v4(v4)
                return
            }
            var v6 = in6_addr()
            let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
            if inet_pton(AF_INET6, bare, &v6) == 1 {
                self = .v6(v6)
                return
            }
            return nil
        }

        var family: Int32 {
            switch self {
            case .v4: AF_INET
            case .v6: AF_INET6
            }
        }
    }

    /// Creates a non-blocking, close-on-exec listening socket bound to `address`:`port`.
    /// Returns the descriptor and the port actually bound (useful with port 0).
    /// With `reusePort`, several sockets may bind the same port and Linux spreads new
    /// connections over them (SO_REUSEPORT), one socket per event loop.
    static func listen(address: Address, port: UInt16, backlog: Int32, reusePort: Bool = false) -> Result<(Int32, UInt16), SocketFailure> {
        let fd = socket(address.family, streamType, 0)
        guard fd >= 0 else { return .failure(SocketFailure(operation: "socket", code: errno)) }
        var success = false
        defer { if !success { _ = close(fd) } }
        setCloseOnExec(fd)
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        if reusePort {
            guard setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &one, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
                return .failure(SocketFailure(operation: "setsockopt", code: errno))
            }
        }
        if case .v6 = address {
            _ = setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &one, socklen_t(MemoryLayout<Int32>.size))
        }
        let bound: Int32
        switch address {
        case .v4(let addr):
            var sin = sockaddr_in()
            #if canImport(Darwin)
            sin.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
            #endif
            sin.sin_family = sa_family_t(AF_INET)
            sin.sin_port = port.bigEndian
            sin.sin_addr = addr
            bound = withUnsafePointer(to: &sin) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        case .v6(let addr):
            var sin6 = sockaddr_in6()
            #if canImport(Darwin)
            sin6.sin6_len = UInt8(MemoryLayout<sockaddr_in6>.size)
            #endif
            sin6.sin6_family = sa_family_t(AF_INET6)
            sin6.sin6_port = port.bigEndian
            sin6.sin6_addr = addr
            bound = withUnsafePointer(to: &sin6) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        }
        guard bound == 0 else { return .failure(SocketFailure(operation: "bind", code: errno)) }
        guard systemListen(fd, backlog) == 0 else { return .failure(SocketFailure(operation: "listen", code: errno)) }
        guard setNonBlocking(fd) else { return .failure(SocketFailure(operation: "fcntl", code: errno)) }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { return .failure(SocketFailure(operation: "getsockname", code: errno)) }
        let family = Int32(storage.ss_family)
        let actualPort: UInt16 = withUnsafePointer(to: &storage) { pointer in
            if family == AF_INET6 {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        }
        success = true
        return .success((fd, actualPort))
    }

    /// Accepts one connection as a non-blocking, close-on-exec socket with TCP_NODELAY.
    /// Returns -1 with `errno` set when there is none (EAGAIN) or on failure.
    static func accept(_ listener: Int32) -> Int32 {
        #if canImport(Darwin)
        let fd = Darwin.accept(listener, nil, nil)
        guard fd >= 0 else { return -1 }
        setCloseOnExec(fd)
        _ = setNonBlocking(fd)
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #else
        var fd: Int32
        if let accept4 = LinuxEpoll.accept4 {
            fd = accept4.call(listener, nil, nil, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
            guard fd >= 0 else { return -1 }
        } else {
            fd = systemAccept(listener)
            guard fd >= 0 else { return -1 }
            setCloseOnExec(fd)
            _ = setNonBlocking(fd)
        }
        var one: Int32 = 1
        #endif
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        return fd
    }

    @discardableResult
    static func setNonBlocking(_ fd: Int32) -> Bool {
        let flags = fcntl(fd, F_GETFL, 0)
        return flags >= 0 && fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0
    }

    static func setCloseOnExec(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFD, 0)
        if flags >= 0 { _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC) }
    }

    /// Makes the next close() send a TCP RST instead of a FIN.
    static func setResetOnClose(_ fd: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }

    /// The IP address of the peer of connected socket `fd` as text, or nil.
    static func peerAddress(of fd: Int32) -> String? {
        address(of: fd, peer: true)?.host
    }

    /// The IP address (as text; IPv6 without brackets) and port that connected socket `fd`
    /// has on this machine: where the client's connection arrived.
    static func localAddress(of fd: Int32) -> (host: String, port: UInt16)? {
        address(of: fd, peer: false)
    }

    /// The peer's or the local end's address of socket `fd`, or nil.
    private static func address(of fd: Int32, peer: Bool) -> (host: String, port: UInt16)? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let got = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { peer ? getpeername(fd, $0, &length) : getsockname(fd, $0, &length) }
        }
        guard got == 0 else { return nil }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        var port: UInt16 = 0
        let family = Int32(storage.ss_family)
        let converted: UnsafePointer<CChar>? = withUnsafePointer(to: &storage) { pointer in
            if family == AF_INET {
                return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                    var raw = address.pointee.sin_addr
                    port = UInt16(bigEndian: address.pointee.sin_port)
                    return inet_ntop(AF_INET, &raw, &text, socklen_t(text.count))
                }
            }
            guard family == AF_INET6 else { return nil }
            return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                var raw = address.pointee.sin6_addr
                port = UInt16(bigEndian: address.pointee.sin6_port)
                return inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count))
            }
        }
        guard converted != nil else { return nil }
        let end = text.firstIndex(of: 0) ?? text.endIndex
        return (String(decoding: text[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self), port)
    }

    /// A non-blocking pipe used to wake an event loop: (read end, write end).
    static func makeWakePipe() -> (Int32, Int32)? {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds {
            setNonBlocking(fd)
            setCloseOnExec(fd)
        }
        return (fds[0], fds[1])
    }

    /// Monotonic nanoseconds.
    @inline(__always)
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}

/// `listen(2)`, renamed so it does not collide with ``Socket/listen(address:port:backlog:)``.
@inline(__always)
private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 {
    listen(fd, backlog)
}

/// accept(2) without the peer address, renamed so it does not collide with ``Socket/accept(_:)``.
@inline(__always)
private func systemAccept(_ fd: Int32) -> Int32 {
    accept(fd, nil, nil)
}
