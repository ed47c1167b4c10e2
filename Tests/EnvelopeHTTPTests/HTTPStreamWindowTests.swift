import EnvelopeHTTP
import Foundation
import Synchronization
import Testing

/// Where a streamed answer's pieces go: kept in order; passed on at once (``HTTPStreamWindow/sent(bytes:)``)
/// only once ``catchUp()`` is called, so until then the receiver falls behind as a slow client would.
///
/// `@unchecked Sendable` is sound: `state` is read and written only in `withState`, holding
/// `lock` (an `NSLock`, which Thread Sanitizer sees, unlike `Synchronization.Mutex` on Linux).
private final class PieceSink: @unchecked Sendable {
    private struct State {
        var bytes: [UInt8] = []
        var passOn = false
        var window: HTTPStreamWindow?
    }

    private let lock = NSLock()
    nonisolated(unsafe) private var held = State()

    private func withState<Result>(_ body: (inout State) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&held)
    }

    func receive(_ piece: HTTPResponsePiece) {
        let passOn = withState { state in
            state.bytes += piece.bytes
            if let window = piece.window { state.window = window }
            return state.passOn ? state.window : nil
        }
        passOn?.sent(bytes: piece.bytes.count)
    }

    /// The window that came with the first piece.
    var window: HTTPStreamWindow? { withState { $0.window } }

    /// From now on every piece is passed on as it comes; the bytes held so far are, too.
    func catchUp() {
        let window = withState { state in
            state.passOn = true
            return state.window
        }
        window?.sent(bytes: window?.outstanding ?? 0)
    }

    var received: [UInt8] { withState { $0.bytes } }
}

/// A multi client serving a queue on its own thread, stopped by ``stop()``.
private final class ServingClient: Sendable {
    let queue: HTTPRequestQueue
    private let done = DispatchSemaphore(value: 0)

    init() throws {
        queue = try #require(HTTPRequestQueue())
        let queue = queue
        let done = done
        Thread {
            HTTPMultiClient(maxConcurrent: 4).serve(queue)
            done.signal()
        }.start()
    }

    func stop() {
        queue.close()
        done.wait()
    }
}

@Suite("HTTPMultiClient pausing a streamed answer its receiver has not caught up with")
struct HTTPStreamWindowTests {
    static let body = (0..<(8 * 1024 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 12) }
    static let reply = Array("HTTP/1.1 200 OK\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body
    static let window = 512 * 1024
    static let piece = 64 * 1024

    /// A GET to `server` whose pieces go to a new sink; ``outcome`` once it has ended.
    private final class Transfer: Sendable {
        let sink = PieceSink()
        let finished = DispatchSemaphore(value: 0)
        private let ended = Mutex<HTTPOutcome?>(nil)

        init(_ client: ServingClient, server: RawReplyServer, timeout: Double = 30) {
            var request = HTTPRequest(url: "http://127.0.0.1:\(server.port)/big", timeout: timeout, maxBodyBytes: 0)
            request.forwardsVerbatim = true
            request.timeoutIsIdle = true
            let sink = sink
            let stream = HTTPResponseStream(threshold: HTTPStreamWindowTests.piece, pieceBytes: HTTPStreamWindowTests.piece,
                                            windowBytes: HTTPStreamWindowTests.window) { sink.receive($0) }
            client.queue.submit(request, stream: stream) { [self] result in
                ended.withLock { $0 = result }
                finished.signal()
            }
        }

        var outcome: HTTPOutcome? { ended.withLock { $0 } }
    }

    /// A transfer of the answer from a server of its own, paused for room: its receiver has
    /// passed nothing on.
    private final class PausedTransfer {
        let server: RawReplyServer
        let client: ServingClient
        let transfer: Transfer
        var sink: PieceSink { transfer.sink }

        init(timeout: Double = 30) throws {
            server = try RawReplyServer(reply: HTTPStreamWindowTests.reply)
            client = try ServingClient()
            transfer = Transfer(client, server: server, timeout: timeout)
            // Polled: libcurl tells nobody it paused.
            for _ in 0..<30_000 where transfer.sink.window?.isPaused != true { usleep(1_000) }
            #expect(transfer.sink.window?.isPaused == true, "the transfer never paused")
        }

        /// Stops the client (cancelling the transfer first, should a test end with it paused)
        /// and the server.
        func stop() {
            transfer.sink.window?.cancel()
            client.stop()
            server.stop()
        }
    }

    @Test("the transfer pauses once a window of bytes is not passed on, and goes on to the whole answer when they are")
    func pausesAndResumes() throws {
        let paused = try PausedTransfer()
        defer { paused.stop() }
        let (transfer, sink, finished) = (paused.transfer, paused.sink, paused.transfer.finished)
        let window = try #require(sink.window)
        #expect(window.outstanding >= Self.window)
        #expect(window.outstanding <= Self.window + Self.piece)
        #expect(sink.received.count == window.outstanding, "nothing more came while paused")
        #expect(transfer.outcome == nil)
        sink.catchUp()
        finished.wait()
        let response = try #require(try transfer.outcome?.result.get())
        #expect(response.body == Self.body)
        #expect(Array(Self.body.prefix(sink.received.count)) == sink.received)
    }

    @Test("a paused transfer outlasts an idle timeout: only the server's silence counts")
    func pauseIsNotSilence() throws {
        let paused = try PausedTransfer(timeout: 1)
        defer { paused.stop() }
        let (transfer, sink, finished) = (paused.transfer, paused.sink, paused.transfer.finished)
        // Paused for more than twice the timeout: a silent server would have failed by now.
        Thread.sleep(forTimeInterval: 2.5)
        #expect(transfer.outcome == nil)
        sink.catchUp()
        finished.wait()
        #expect(try transfer.outcome?.result.get().body == Self.body)
    }

    @Test("cancelling a paused transfer ends it with aborted-by-callback, saying the receiver went away")
    func cancelEnds() throws {
        let paused = try PausedTransfer()
        defer { paused.stop() }
        let (transfer, sink, finished) = (paused.transfer, paused.sink, paused.transfer.finished)
        try #require(sink.window).cancel()
        finished.wait()
        let result = try #require(transfer.outcome?.result)
        guard case .failure(let error) = result else {
            Issue.record("a cancelled transfer ended with an answer")
            return
        }
        #expect(error.name == "aborted-by-callback")
        #expect(error.message.contains("went away"))
    }
}
