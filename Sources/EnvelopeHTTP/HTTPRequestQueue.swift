#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Requests handed to a long-running ``HTTPMultiClient/serve(_:)`` from any thread, each with
/// the function to call with its outcome: the way a server that forwards what it receives
/// (`envelope proxy`) shares one multi handle, and so one connection cache, between all its
/// connections.
///
/// Submitting takes a lock for a moment and, when the client may be asleep, writes one byte
/// to a pipe that the client's `curl_multi_poll` watches, so a request starts at once.
public final class HTTPRequestQueue: Sendable {
    /// One request and the function that gets its outcome.
    struct Submission: Sendable {
        var request: HTTPRequest
        /// Where the body goes in pieces while it arrives, if anywhere.
        var stream: HTTPResponseStream?
        var completion: @Sendable (HTTPOutcome) -> Void
    }

    /// What waits for the client, and whether the queue is closed.
    struct State: Sendable {
        var submissions: [Submission] = []
        /// Windows of running transfers whose receiver made room or went away.
        var woken: [HTTPStreamWindow] = []
        var closed = false
        /// A byte is in the pipe and the client has not drained it yet.
        var wakePending = false
    }

    private let state = Locked(State())
    /// The pipe's read end, which the serving client polls; its write end.
    let wakeRead: Int32
    private let wakeWrite: Int32

    /// Creates an open queue; nil when the operating system gives no pipe (out of descriptors).
    public init?() {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        wakeRead = fds[0]
        wakeWrite = fds[1]
    }

    deinit {
        _ = closeDescriptor(wakeRead)
        _ = closeDescriptor(wakeWrite)
    }

    /// Queues `request`; `completion` is called once with its outcome, on the serving
    /// client's thread (keep it short). After ``close()`` it is called at once, here, with an
    /// `invalid-request` error saying the client is stopping.
    /// With `stream`, a large answer's body is also handed to it in pieces while it arrives
    /// (on the same thread, before the completion).
    public func submit(_ request: HTTPRequest, stream: HTTPResponseStream? = nil, completion: @escaping @Sendable (HTTPOutcome) -> Void) {
        let (accepted, wake) = state.withLock { state -> (Bool, Bool) in
            guard !state.closed else { return (false, false) }
            state.submissions.append(Submission(request: request, stream: stream, completion: completion))
            let wake = !state.wakePending
            state.wakePending = true
            return (true, wake)
        }
        guard accepted else {
            completion(HTTPOutcome(result: .failure(.invalidRequest(reason: "the HTTP client is stopping", url: request.url)), attempts: 1))
            return
        }
        if wake { signal() }
    }

    /// Takes no more requests; the serving client returns once those it has are finished.
    public func close() {
        state.withLock { $0.closed = true }
        signal()
    }

    /// Asks the serving client to look at `window`'s transfer again: unpause it, or end it
    /// when cancelled. Any thread (``HTTPStreamWindow`` calls it).
    func wake(_ window: HTTPStreamWindow) {
        let wake = state.withLock { state -> Bool in
            state.woken.append(window)
            defer { state.wakePending = true }
            return !state.wakePending
        }
        if wake { signal() }
    }

    /// Everything queued since the last call, the windows woken, and whether the queue is
    /// closed; drains the pipe.
    func takeAll() -> (submissions: [Submission], woken: [HTTPStreamWindow], closed: Bool) {
        // One read drains the pipe: a byte is written only when none is pending (and one more
        // by close()).
        withUnsafeTemporaryAllocation(byteCount: 64, alignment: 1) { sink in _ = read(wakeRead, sink.baseAddress, sink.count) }
        return state.withLock { state in
            defer {
                state.submissions = []
                state.woken = []
                state.wakePending = false
            }
            return (state.submissions, state.woken, state.closed)
        }
    }

    private func signal() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }
}

/// close(2), under a name the queue's own ``HTTPRequestQueue/close()`` does not hide.
@inline(__always)
private func closeDescriptor(_ fd: Int32) -> Int32 {
    close(fd)
}
