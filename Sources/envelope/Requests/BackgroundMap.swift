import Dispatch
import EnvelopeCore
import Foundation

/// Work handed to the other cores item by item as the items arrive, with each output kept at
/// its item's index: `check` validates each answer while libcurl goes on fetching the next
/// ones, instead of holding every transfer up while it validates.
///
/// At most `maxPending` items wait or run at once; `submit` blocks beyond that, so a fast
/// server cannot pile up answers (and their bodies) faster than they are validated.
final class BackgroundMap<Output: Sendable>: @unchecked Sendable {
    // `@unchecked Sendable` is sound: `outputs` is only read or written while holding `lock`;
    // everything else is a Dispatch object, which is thread-safe.
    private let lock = NSLock()
    private var outputs: [Output?]
    private let group = DispatchGroup()
    private let slots: DispatchSemaphore
    private let queue = DispatchQueue.global(qos: .userInitiated)

    /// Room for `count` outputs, with at most `maxPending` (at least 1) items in progress.
    init(count: Int, maxPending: Int) {
        outputs = Array(repeating: nil, count: count)
        slots = DispatchSemaphore(value: max(1, maxPending))
    }

    /// Runs `work` on another thread and keeps its output at `index`, after waiting while
    /// `maxPending` items are in progress.
    func submit(at index: Int, _ work: @escaping @Sendable () -> Output) {
        slots.wait()
        group.enter()
        queue.async {
            let output = work()
            self.lock.withLock { self.outputs[index] = output }
            self.slots.signal()
            self.group.leave()
        }
    }

    /// Waits for every submitted item, then returns the outputs by index (`nil` where nothing
    /// was submitted).
    func results() -> [Output?] {
        group.wait()
        return lock.withLock { outputs }
    }
}
