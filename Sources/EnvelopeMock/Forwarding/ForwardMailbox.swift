import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where forwarded requests' results wait for their event loop: the forwarder posts from its
/// own thread, the loop takes them when the mailbox's pipe wakes it. Only forwarded requests
/// pass through here, so a server that answers from stubs takes no lock on its answer path.
///
/// `@unchecked Sendable` is sound: `state` is read and written only in ``withState(_:)``,
/// holding `lock`; the descriptors are `let`s. (An `NSLock` rather than `Synchronization.Mutex`,
/// which on Linux is a futex Thread Sanitizer cannot see: every access under it would read as a
/// race.)
final class ForwardMailbox: @unchecked Sendable {
    /// What a delivery carries.
    enum Content: Sendable {
        case piece(UpstreamPiece)
        case result(UpstreamResult)
    }

    /// One forwarded request's result, addressed to its connection and its place in the queue.
    struct Delivery: Sendable {
        var fd: Int32
        var serial: UInt64
        var token: UInt64
        var request: MockRequest
        /// The `proxyBaseUrl` stub's target, when a stub sent it (the 502 names it).
        var target: ProxyTarget?
        /// A piece of an answer still arriving, or what the forwarding came to.
        var content: Content
        /// When the request was parsed (monotonic nanoseconds).
        var startedAt: UInt64
    }

    private struct State {
        var deliveries: [Delivery] = []
        /// A byte is in the pipe that the loop has not drained yet.
        var wakePending = false
        /// The loop has ended.
        var closed = false
    }

    private let lock = NSLock()
    nonisolated(unsafe) private var state = State()
    /// The pipe's read end, which the loop polls.
    let wakeRead: Int32
    private let wakeWrite: Int32

    /// Nil when the operating system gives no pipe.
    init?() {
        guard let (read, write) = Socket.makeWakePipe() else { return nil }
        wakeRead = read
        wakeWrite = write
    }

    deinit {
        _ = close(wakeRead)
        _ = close(wakeWrite)
    }

    /// Hands a result to the loop and wakes it. Any thread.
    func post(_ delivery: Delivery) {
        let (accepted, wake) = withState { state -> (Bool, Bool) in
            guard !state.closed else { return (false, false) }
            state.deliveries.append(delivery)
            defer { state.wakePending = true }
            return (true, !state.wakePending)
        }
        guard accepted else {
            Self.cancelTransfer(of: delivery)
            return
        }
        if wake {
            var byte: UInt8 = 1
            _ = write(wakeWrite, &byte, 1)
        }
    }

    /// Takes no more deliveries: the loop has ended. The transfers of streamed answers that
    /// come (or still wait here) are cancelled, since no client will read them. The loop's thread.
    func shut() {
        let left = withState { state -> [Delivery] in
            state.closed = true
            defer { state.deliveries = [] }
            return state.deliveries
        }
        for delivery in left { Self.cancelTransfer(of: delivery) }
    }

    private func withState<Result>(_ body: (inout State) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }

    /// Cancels the transfer whose first piece `delivery` is.
    private static func cancelTransfer(of delivery: Delivery) {
        if case .piece(let piece) = delivery.content { piece.control?.cancel() }
    }

    /// Everything posted since the last call, in order; drains the pipe. The loop's thread.
    func takeAll() -> [Delivery] {
        // One read drains the pipe: a poster writes only when no byte is pending.
        withUnsafeTemporaryAllocation(byteCount: 64, alignment: 1) { sink in _ = read(wakeRead, sink.baseAddress, sink.count) }
        return withState { state in
            defer {
                state.deliveries = []
                state.wakePending = false
            }
            return state.deliveries
        }
    }
}
