/// Back-pressure for an answer handed over in pieces (``HTTPResponseStream``): at most
/// ``bytes`` body bytes may have been handed over and not yet passed on by the receiver. When
/// the receiver falls that far behind (a proxy's client reads slowly), the transfer stops
/// reading from the server (libcurl's `CURL_WRITEFUNC_PAUSE`) until the receiver has passed on
/// half of them (``sent(bytes:)``); ``cancel()`` ends it when the receiver has gone.
///
/// The receiver's calls may come from any thread; the pause is decided on the serving client's
/// thread, in the write callback, under the same lock as the count, so a release can never
/// slip between the check and the pause and leave the transfer paused for good.
public final class HTTPStreamWindow: Sendable {
    /// The most body bytes handed over and not passed on before the transfer pauses.
    public let bytes: Int

    private struct State: Sendable {
        /// Handed over and not passed on yet.
        var outstanding = 0
        /// The write callback refused bytes; waiting for room.
        var paused = false
        var cancelled = false
        /// Tells the serving client to look at this window again (set while the transfer runs).
        var queue: HTTPRequestQueue?
    }

    private let state = Locked(State())

    /// A window of `bytes` (at least 1).
    public init(bytes: Int) {
        self.bytes = max(1, bytes)
    }

    /// The receiver has passed on `count` more of the bytes handed over; a paused transfer goes
    /// on once no more than half the window is outstanding. Any thread.
    public func sent(bytes count: Int) {
        let queue = state.withLock { state -> HTTPRequestQueue? in
            state.outstanding = max(0, state.outstanding - count)
            guard state.paused, state.outstanding <= bytes / 2 else { return nil }
            state.paused = false
            return state.queue
        }
        queue?.wake(self)
    }

    /// The receiver has gone: the transfer ends (with an `aborted-by-callback` error) at its
    /// next bytes, paused or not. Any thread.
    public func cancel() {
        let queue = state.withLock { state -> HTTPRequestQueue? in
            guard !state.cancelled else { return nil }
            state.cancelled = true
            state.paused = false
            return state.queue
        }
        queue?.wake(self)
    }

    /// The body bytes handed over and not passed on now.
    public var outstanding: Int { state.withLock { $0.outstanding } }

    /// Whether the transfer was paused for room and has not been woken since.
    public var isPaused: Bool { state.withLock { $0.paused } }

    // MARK: - The serving client's side

    /// What the write callback does with the next bytes.
    enum Admission {
        case take
        case pause
        case stop
    }

    /// Whether more bytes may come in now; pausing is noted under the lock.
    func admit() -> Admission {
        state.withLock { state in
            if state.cancelled { return .stop }
            guard state.outstanding >= bytes else { return .take }
            state.paused = true
            return .pause
        }
    }

    /// `count` bytes were handed to the receiver.
    func handedOver(_ count: Int) {
        state.withLock { $0.outstanding += count }
    }

    /// Whether ``cancel()`` was called.
    var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Sets (or, with nil, clears once the transfer has ended) the queue that wakes the serving
    /// client.
    func attach(_ queue: HTTPRequestQueue?) {
        state.withLock { $0.queue = queue }
    }
}
