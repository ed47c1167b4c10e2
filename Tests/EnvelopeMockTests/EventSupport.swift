import Dispatch
import Foundation
import Testing
@testable import EnvelopeMock
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Helpers that let a test wait for the event it is about (a close, a request reaching the
// server) instead of for a clock.

extension RawClient {
    /// The bytes that arrive before the server closes the connection, or nil when the
    /// connection is still open once the client's receive timeout (a guard against hanging,
    /// 10 seconds by default) has passed. `readUntilClosed()` returns the same bytes in both
    /// cases, so `readUntilClosed().isEmpty` also holds for a server that never closes.
    func bytesUntilServerCloses() -> [UInt8]? {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(fd, &chunk, chunk.count, 0)
            if count > 0 {
                received += chunk[0..<count]
                continue
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return nil }
            // End of stream, or a reset: closed either way. Bytes read earlier but not yet
            // consumed come first; at end of stream `readUntilClosed()` returns them at once.
            return readUntilClosed() + received
        }
    }
}

/// Starts a server like `startServer()` (fixture mocks, port 0, two loops) that hands every
/// request it answers to `log`, on the server's thread, before the answer (and any delay).
func startServer(_ mappings: MockMappings? = nil, log: @escaping @Sendable (MockRequestRecord) -> Void) throws -> MockServer {
    var options = MockServerOptions()
    options.port = 0
    options.workers = 2
    options.drainTimeout = 5
    options.bodyFiles = Fixtures.bodyFiles(Fixtures.mocks + "/__files")
    let server = MockServer(mappings: try mappings ?? Fixtures.loadMocks(), options: options, log: log, usePoll: false)
    try server.start()
    return server
}

/// A one-shot signal from the server's thread to the test: `arrived` is raised by the log
/// callback when a request for `target` reaches the server.
final class RequestArrival: Sendable {
    let target: String
    private let semaphore = DispatchSemaphore(value: 0)

    init(target: String) { self.target = target }

    /// For `startServer(log:)`.
    func log(_ record: MockRequestRecord) {
        if record.target == target { semaphore.signal() }
    }

    /// Waits until the request has reached the server; false if it did not within `guardSeconds`
    /// (only a guard against hanging; the test asserts on the arrival, not on the time).
    func wait(guardSeconds: Double = 10) -> Bool {
        semaphore.wait(timeout: .now() + guardSeconds) == .success
    }
}

/// Reads from a connected socket until `done` says the bytes so far are enough, or the
/// connection ends (or its 10 s receive timeout passes: then `done` was never satisfied).
func receive(_ client: RawClient, until done: ([UInt8]) -> Bool) -> [UInt8] {
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while !done(received) {
        let count = recv(client.fd, &chunk, chunk.count, 0)
        guard count > 0 else { break }
        received.append(contentsOf: chunk[0..<count])
    }
    return received
}

/// Where the head of `bytes` ends (the index after its blank line), if it has arrived.
func headEnd(_ bytes: [UInt8]) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
        return index + 4
    }
    return nil
}
