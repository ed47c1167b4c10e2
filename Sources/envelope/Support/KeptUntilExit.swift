import Foundation

/// Values the command no longer needs but whose memory is left for the process's exit to
/// reclaim at once, rather than freed object by object just before it.
///
/// `check` ends with a thousand compiled contracts, their mock mappings and their results in
/// memory; releasing them one by one took about 5 ms of a 90 ms run, for nothing, since the
/// process exits right after. (clang's `-disable-free` does the same.) Only for the `envelope`
/// executable, whose commands run once per process.
enum KeptUntilExit {
    /// Everything kept; only appended to, under `lock`.
    private nonisolated(unsafe) static var values: [Any] = []
    private static let lock = NSLock()

    /// Keeps `value` alive until the process exits.
    static func keep(_ value: Any) {
        lock.withLock { values.append(value) }
    }
}
