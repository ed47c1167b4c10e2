import Dispatch

/// Work started on another thread now and collected later: `check` loads the mock mappings
/// while it loads the contracts, since the two are independent and a machine has cores to
/// spare for it.
final class BackgroundResult<Value: Sendable>: @unchecked Sendable {
    // `@unchecked Sendable` is sound: `result` is written exactly once, on the worker, before
    // `group.leave()`, and read only after `group.wait()` returns, which orders the write
    // before every read; nothing else is mutable.
    private let group = DispatchGroup()
    private var result: Result<Value, any Error>?

    /// Starts `work` on a global queue.
    init(_ work: @escaping @Sendable () throws -> Value) {
        group.enter()
        DispatchQueue.global(qos: .userInitiated).async {
            self.result = Result { try work() }
            self.group.leave()
        }
    }

    /// Waits for the work and returns its value, or throws its error.
    func value() throws -> Value {
        group.wait()
        guard let result else { preconditionFailure("the group was left without a result") }
        return try result.get()
    }
}
