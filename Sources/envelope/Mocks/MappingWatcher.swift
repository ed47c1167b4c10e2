import EnvelopeMock
import Foundation

/// Watches a Mocks folder (`mappings/` and `__files/`) and reloads it when a file is added,
/// removed or changed. A folder that no longer loads keeps the old stubs: `onError` gets the
/// error and nothing is replaced.
///
/// It polls file sizes and modification times (every `interval` seconds): portable, cheap for
/// thousands of files, and it sees edits made through editors that replace files.
///
/// `@unchecked Sendable` is sound: `stopped` and `running` are only touched while holding
/// `lock`, the callbacks are Sendable, and `lastSignature` is only used by ``checkOnce()``,
/// which runs on the polling thread alone once ``start()`` was called (tests that call it
/// directly never start the thread).
final class MappingWatcher: @unchecked Sendable {
    let directory: String
    /// Whether reloaded stubs are all response templates (`--global-response-templating`).
    let globalTemplating: Bool
    let interval: Double
    private let onReload: @Sendable (MockMappings) -> Void
    private let onError: @Sendable (MockLoadError) -> Void
    private let lock = NSCondition()
    private var stopped = false
    private var running = false
    private var lastSignature: [String]

    /// - Parameters:
    ///   - directory: the Mocks folder, as given to ``MockMappings/load(directory:)``.
    ///   - onReload: called on the watcher's thread with the new stubs.
    ///   - onError: called on the watcher's thread when the changed folder does not load.
    init(directory: String, interval: Double = 0.5, globalTemplating: Bool = false, onReload: @escaping @Sendable (MockMappings) -> Void,
                onError: @escaping @Sendable (MockLoadError) -> Void) {
        self.directory = directory
        self.globalTemplating = globalTemplating
        self.interval = max(0.01, interval)
        self.onReload = onReload
        self.onError = onError
        self.lastSignature = Self.signature(of: directory)
    }

    /// Starts polling on a thread of its own.
    func start() {
        lock.lock()
        defer { lock.unlock() }
        guard !running, !stopped else { return }
        running = true
        let thread = Thread { [self] in self.poll() }
        thread.name = "envelope-mock-watch"
        thread.start()
    }

    /// Stops polling (the thread ends within one interval).
    func stop() {
        lock.lock()
        stopped = true
        lock.broadcast()
        lock.unlock()
    }

    private func poll() {
        while true {
            lock.lock()
            if !stopped { _ = lock.wait(until: Date().addingTimeInterval(interval)) }
            let done = stopped
            lock.unlock()
            if done { return }
            checkOnce()
        }
    }

    /// Reloads when anything changed since the last look. Returns whether it reloaded.
    @discardableResult
    func checkOnce() -> Bool {
        var current = Self.signature(of: directory)
        guard current != lastSignature else { return false }
        // Let a writer finish: wait until two looks agree.
        while true {
            Thread.sleep(forTimeInterval: min(0.1, interval))
            let again = Self.signature(of: directory)
            if again == current { break }
            current = again
        }
        lastSignature = current
        do {
            onReload(try MockMappings.load(directory: directory, globalTemplating: globalTemplating))
        } catch {
            onError(error)
        }
        return true
    }

    /// Every entry under `mappings/` and `__files/` with its size, modification time and
    /// inode, sorted.
    static func signature(of directory: String) -> [String] {
        var lines: [String] = []
        for folder in ["mappings", "__files"] {
            let root = directory + "/" + folder
            guard let entries = try? FileSystem.entries(below: root) else {
                lines.append("\(folder): missing")
                continue
            }
            for entry in entries {
                guard let stamp = FileSystem.changeStamp(of: root + "/" + entry) else { continue }
                lines.append("\(folder)/\(entry) \(stamp)")
            }
        }
        return lines
    }
}
