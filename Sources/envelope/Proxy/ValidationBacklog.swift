import Foundation

/// Bounds the exchanges waiting to be judged, by count and by body bytes. The proxy answers
/// the client first and validates after, on the pool; when the pool falls behind (slow
/// validation, huge answers), ``admit(bytes:)`` makes the event loop that hands the next
/// exchange over wait until one is judged, so the loop stops taking requests for a moment
/// instead of queueing answers without end. Nothing is dropped: every exchange is judged.
final class ValidationBacklog: Sendable {
    /// How many exchanges may wait at most.
    let maxCount: Int
    /// How many body bytes may wait at most; one answer larger than this is still admitted
    /// when nothing else waits.
    let maxBytes: Int

    private struct Waiting {
        var count = 0
        var bytes = 0
    }

    /// `NSCondition` guards `waiting` (every read and write happens between its lock and
    /// unlock), which makes the class safe to share; the compiler cannot see that.
    private let condition = NSCondition()
    nonisolated(unsafe) private var waiting = Waiting()

    init(maxCount: Int = 1_024, maxBytes: Int = 256 * 1024 * 1024) {
        self.maxCount = maxCount
        self.maxBytes = maxBytes
    }

    /// Takes a place for an exchange of `bytes` body bytes, waiting while the backlog is full.
    func admit(bytes: Int) {
        condition.lock()
        while waiting.count > 0, waiting.count >= maxCount || waiting.bytes + bytes > maxBytes { condition.wait() }
        waiting.count += 1
        waiting.bytes += bytes
        condition.unlock()
    }

    /// Gives back the place of a judged exchange of `bytes` body bytes.
    func release(bytes: Int) {
        condition.lock()
        waiting.count -= 1
        waiting.bytes -= bytes
        condition.broadcast()
        condition.unlock()
    }

    /// The exchanges and body bytes waiting now.
    var current: (count: Int, bytes: Int) {
        condition.lock()
        defer { condition.unlock() }
        return (waiting.count, waiting.bytes)
    }
}
