import Dispatch
import EnvelopeMock
import Foundation
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The upstream side of one streamed answer, as a forwarder that holds back keeps it: the body
/// bytes handed to the server and not yet reported sent, the most there ever were, and what the
/// server said. The producer waits on ``room`` while the window is full.
///
/// `@unchecked Sendable` is sound: `counts` is read and written only in ``withState(_:)``,
/// holding `lock` (an `NSLock`, which Thread Sanitizer sees, unlike `Synchronization.Mutex` on
/// Linux); the rest are semaphores.
private final class CountingWindow: UpstreamStreamControl, @unchecked Sendable {
    struct State {
        var outstanding = 0
        var mostOutstanding = 0
        var produced = 0
        var pauses = 0
        var cancelled = false
    }

    private let lock = NSLock()
    nonisolated(unsafe) private var counts = State()
    /// Signalled at every report and at the cancel, so the producer looks again.
    let room = DispatchSemaphore(value: 0)
    /// Signalled once, when the producer first has to wait for room or has produced everything.
    let settled = DispatchSemaphore(value: 0)
    /// Signalled once the server has cancelled the transfer.
    let cancelled = DispatchSemaphore(value: 0)

    func withState<Result>(_ body: (inout State) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&counts)
    }

    var state: State { withState { $0 } }

    func sent(bytes: Int) {
        withState { $0.outstanding -= bytes }
        room.signal()
    }

    func cancel() {
        withState { $0.cancelled = true }
        cancelled.signal()
        room.signal()
    }
}

/// A forwarder whose `/big` answer is ``pieces`` pieces of 256 KB, handed over no more than
/// ``window`` bytes ahead of what the server reports sent (as the CLI's libcurl forwarder
/// does); `/small` is answered at once, whole. A cancelled transfer ends with a failure.
private struct WindowedForwarder: UpstreamForwarder {
    static let pieceBytes = 256 * 1024
    static let pieces = 128
    static let window = 4 * pieceBytes
    let control = CountingWindow()

    /// Piece `index`: its number in its first byte, then a byte that changes with the index.
    static func piece(_ index: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: UInt8(truncatingIfNeeded: index &* 7 &+ 1), count: pieceBytes)
        bytes[0] = UInt8(truncatingIfNeeded: index)
        return bytes
    }

    static var whole: [UInt8] { (0..<pieces).flatMap(piece) }

    func forward(_ request: ForwardedRequest, completion: @escaping @Sendable (UpstreamResult) -> Void) {
        Issue.record("the server asked for the whole answer instead of pieces")
    }

    func forward(_ request: ForwardedRequest, streaming: @escaping @Sendable (UpstreamPiece) -> Void,
                 completion: @escaping @Sendable (UpstreamResult) -> Void) {
        guard request.request.path == "/big" else {
            completion(.response(UpstreamResponse(status: 200, headers: [], body: Array("small".utf8))))
            return
        }
        let control = control
        Thread.detachNewThread {
            let head = UpstreamResponse(status: 200, headers: [MockHeader(name: "Content-Length", value: String(Self.pieces * Self.pieceBytes))],
                                        body: [])
            var announced = false
            for index in 0..<Self.pieces {
                guard Self.waitForRoom(control, announced: &announced) else {
                    completion(.failure(UpstreamFailure(name: "aborted-by-callback", message: "the client went away")))
                    return
                }
                control.withState { state in
                    state.outstanding += Self.pieceBytes
                    state.mostOutstanding = max(state.mostOutstanding, state.outstanding)
                    state.produced += Self.pieceBytes
                }
                streaming(UpstreamPiece(head: index == 0 ? head : nil, bytes: Self.piece(index), control: index == 0 ? control : nil))
            }
            if !announced { control.settled.signal() }
            completion(.response(UpstreamResponse(status: 200, headers: head.headers, body: Self.whole)))
        }
    }

    /// Waits while the window is full; false once the server cancelled.
    private static func waitForRoom(_ control: CountingWindow, announced: inout Bool) -> Bool {
        while true {
            let (full, cancelled) = control.withState { ($0.outstanding >= window, $0.cancelled) }
            if cancelled { return false }
            if !full { return true }
            control.withState { $0.pauses += 1 }
            if !announced {
                announced = true
                control.settled.signal()
            }
            control.room.wait()
        }
    }
}

@Suite("The mock server holding back a forwarded answer its client reads slowly")
struct ForwardingBackPressureTests {
    private func server(_ forwarder: WindowedForwarder, observed: (@Sendable (ForwardedExchange) -> Void)? = nil) throws -> MockServer {
        var options = MockServerOptions(journalCapacity: 0, adminEnabled: false)
        options.forwarding = Forwarding(forwarder: forwarder, observer: observed)
        return try startServer(MockMappings(), options: options)
    }

    /// A client whose socket buffers little, so what it does not read stays with the server.
    private func slowClient(port: UInt16) throws -> RawClient {
        let client = try RawClient(port: port)
        var size: Int32 = 16 * 1024
        _ = setsockopt(client.fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        client.send("GET /big HTTP/1.1\r\nHost: a\r\n\r\n")
        return client
    }

    /// What may sit between the forwarder and a client that reads nothing: the server's
    /// socket send buffer (Linux grows it to 4 MB), the client's small receive buffer, and
    /// what the window lets the server hold.
    private static let slack = 6 * 1024 * 1024 + WindowedForwarder.window + WindowedForwarder.pieceBytes

    @Test("a client that reads slowly holds the upstream back to its pace while another client is answered, and the answer arrives whole")
    func slowClient() throws {
        let forwarder = WindowedForwarder()
        let server = try server(forwarder)
        defer { server.stop() }
        let slow = try slowClient(port: server.port)
        let start = receive(slow) { headEnd($0) != nil }
        let bodyStart = try #require(headEnd(start))
        var body = Array(start[bodyStart...])
        let total = WindowedForwarder.pieces * WindowedForwarder.pieceBytes
        // 4 KB at a time, each after another client's whole exchange: the upstream may run
        // ahead of what the slow client has read by the buffers between them, never more.
        let other = try RawClient(port: server.port)
        var mostAhead = 0
        var chunk = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<256 {
            other.send("GET /small HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(try other.readResponse().text == "small")
            let count = recv(slow.fd, &chunk, chunk.count, 0)
            guard count > 0 else { break }
            body.append(contentsOf: chunk[0..<count])
            mostAhead = max(mostAhead, forwarder.control.withState { $0.produced } - body.count)
        }
        #expect(mostAhead <= Self.slack, "the upstream ran \(mostAhead) bytes ahead of the client")
        #expect(forwarder.control.withState { $0.pauses } >= 1)
        var rest = [UInt8](repeating: 0, count: 1 << 20)
        while body.count < total {
            let count = recv(slow.fd, &rest, rest.count, 0)
            guard count > 0 else { break }
            body.append(contentsOf: rest[0..<count])
        }
        #expect(body.count == total)
        #expect(body == WindowedForwarder.whole)
        let ended = forwarder.control.withState { $0 }
        #expect(ended.mostOutstanding <= WindowedForwarder.window + WindowedForwarder.pieceBytes)
        #expect(ended.outstanding <= WindowedForwarder.pieceBytes, "the server reported what it sent")
    }

    @Test("a client that goes away while its answer is held back cancels the transfer, and the observer hears it was abandoned")
    func clientGoes() throws {
        let forwarder = WindowedForwarder()
        let seen = DispatchSemaphore(value: 0)
        let exchange = Mutex<ForwardedExchange?>(nil)
        let server = try server(forwarder) { observed in
            exchange.withLock { $0 = observed }
            seen.signal()
        }
        defer { server.stop() }
        var slow: RawClient? = try slowClient(port: server.port)
        forwarder.control.settled.wait()
        slow = nil
        #expect(slow == nil)
        // Guards against hanging only: the cancel comes as soon as the server sees the close.
        #expect(forwarder.control.cancelled.wait(timeout: .now() + 60) == .success, "the transfer was never cancelled")
        #expect(seen.wait(timeout: .now() + 60) == .success)
        let observed = try #require(exchange.withLock { $0 })
        #expect(observed.abandoned)
        #expect(!observed.delivered)
        #expect(observed.answer.status == 200)
        if case .failure(let failure) = observed.upstream {
            #expect(failure.name == "aborted-by-callback")
        } else {
            Issue.record("a cancelled transfer reported an answer")
        }
    }
}
