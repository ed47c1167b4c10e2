import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A misbehaving server for error tests: accepts connections on 127.0.0.1, reads whatever
/// arrives, writes `reply` verbatim (possibly nothing, possibly not HTTP) and hangs up.
///
/// `@unchecked Sendable` is safe: all stored properties are immutable after init.
final class RawReplyServer: @unchecked Sendable {
    /// The port the kernel chose.
    let port: UInt16
    private let listenFD: Int32
    private let reply: [UInt8]

    /// Starts listening and answering every connection with `reply`.
    init(reply: [UInt8]) throws {
        (listenFD, port) = try LoopbackSocket.listen()
        self.reply = reply
        Thread { [self] in serve() }.start()
    }

    /// Stops accepting; the serving thread closes the socket and exits.
    func stop() {
        shutdown(listenFD, Int32(SHUT_RDWR))
    }

    private func serve() {
        defer { close(listenFD) }
        while true {
            let fd = accept(listenFD, nil, nil)
            if fd < 0 {
                if errno == EINTR { continue }
                return
            }
            var scratch = [UInt8](repeating: 0, count: 4096)
            _ = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            _ = LoopbackSocket.writeAll(fd, reply)
            close(fd)
        }
    }
}
