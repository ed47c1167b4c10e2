import EnvelopeHTTP
import Foundation
import Synchronization
import Testing

/// Where a streamed answer's pieces go: kept in order; passed on at once (``HTTPStreamWindow/sent(bytes:)``)
/// only once ``passOn`` is set, so until then the receiver falls behind as a slow client would.
private final class PieceSink: Sendable {
    private struct State {
        var bytes: [UInt8] = []
        var passOn = false
    }

    private let state = Mutex(State())
    let window: HTTPStreamWindow

    init(window: HTTPStreamWindow) { self.window = window }

    func receive(_ piece: HTTPResponsePiece) {
        let passOn = state.withLock { state in
            state.bytes += piece.bytes
            return state.passOn
        }
        if passOn { window.sent(bytes: piece.bytes.count) }
    }

    /// From now on every piece is passed on as it comes; the bytes held so far are, too.
    func catchUp() {
        state.withLock { $0.passOn = true }
        window.sent(bytes: window.outstanding)
    }

    var received: [UInt8] { state.withLock { $0.bytes } }
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
        let sink = PieceSink(window: HTTPStreamWindow(bytes: HTTPStreamWindowTests.window))
        let finished = DispatchSemaphore(value: 0)
        private let ended = Mutex<HTTPOutcome?>(nil)

        init(_ client: ServingClient, server: RawReplyServer, timeout: Double = 30) {
            var request = HTTPRequest(url: "http://127.0.0.1:\(server.port)/big", timeout: timeout, maxBodyBytes: 0)
            request.forwardsVerbatim = true
            request.timeoutIsIdle = true
            let sink = sink
            let stream = HTTPResponseStream(threshold: HTTPStreamWindowTests.piece, pieceBytes: HTTPStreamWindowTests.piece,
                                            window: sink.window) { sink.receive($0) }
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
            for _ in 0..<30_000 where !transfer.sink.window.isPaused { usleep(1_000) }
            #expect(transfer.sink.window.isPaused, "the transfer never paused")
        }

        /// Stops the client (cancelling the transfer first, should a test end with it paused)
        /// and the server.
        func stop() {
            transfer.sink.window.cancel()
            client.stop()
            server.stop()
        }
    }

    @Test("the transfer pauses once a window of bytes is not passed on, and goes on to the whole answer when they are")
    func pausesAndResumes() throws {
        let paused = try PausedTransfer()
        defer { paused.stop() }
        let (transfer, sink, finished) = (paused.transfer, paused.sink, paused.transfer.finished)
        #expect(sink.window.outstanding >= Self.window)
        #expect(sink.window.outstanding <= Self.window + Self.piece)
        #expect(sink.received.count == sink.window.outstanding, "nothing more came while paused")
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
        sink.window.cancel()
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
