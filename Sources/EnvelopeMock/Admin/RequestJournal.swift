import Foundation

/// The most recent requests, oldest dropped first, shared by every event loop.
///
/// Bounded twice: at most `capacity` entries, and at most `maxBytes` of request heads and
/// bodies together, so that clients posting large bodies cannot make the mock server grow
/// without end (10,000 bodies of 16 MiB would otherwise be kept).
///
/// `@unchecked Sendable` is sound: `entries`, `first`, `bytes` and `sequence` are only read
/// and written while holding `lock`, and the entries are Sendable values.
final class RequestJournal: @unchecked Sendable {
    let capacity: Int
    let maxBytes: Int
    private let lock = NSLock()
    /// Oldest first, starting at `first` (entries before it are dropped; compacted now and then).
    private var entries: [JournalEntry] = []
    private var first = 0
    private var bytes = 0
    private var sequence: UInt64 = 0

    /// The default byte budget: 64 MiB.
    static let defaultMaxBytes = 64 * 1024 * 1024

    init(capacity: Int, maxBytes: Int = RequestJournal.defaultMaxBytes) {
        self.capacity = max(0, capacity)
        self.maxBytes = max(0, maxBytes)
    }

    /// Records one request (does nothing when the journal is off).
    func record(_ request: MockRequest, status: Int, stubIdentifier: String?) {
        guard capacity > 0 else { return }
        let now = Date().timeIntervalSince1970
        let size = Self.size(of: request)
        lock.lock()
        defer { lock.unlock() }
        sequence += 1
        entries.append(JournalEntry(sequence: sequence, request: request, loggedAt: now, status: status, stubIdentifier: stubIdentifier))
        bytes += size
        while entries.count - first > 1, entries.count - first > capacity || bytes > maxBytes {
            bytes -= Self.size(of: entries[first].request)
            first += 1
        }
        if first >= 1_024, first * 2 >= entries.count {
            entries.removeFirst(first)
            first = 0
        }
    }

    /// Every kept entry, newest first (as WireMock lists them).
    func all() -> [JournalEntry] {
        lock.lock()
        let kept = entries[first...]
        lock.unlock()
        return kept.reversed()
    }

    /// Forgets the entries `shouldRemove` accepts; returns them, newest first.
    func remove(where shouldRemove: (JournalEntry) -> Bool) -> [JournalEntry] {
        lock.lock()
        defer { lock.unlock() }
        var kept: [JournalEntry] = []
        var removed: [JournalEntry] = []
        for entry in entries[first...] {
            if shouldRemove(entry) { removed.append(entry) } else { kept.append(entry) }
        }
        entries = kept
        first = 0
        bytes = kept.reduce(0) { $0 + Self.size(of: $1.request) }
        return removed.reversed()
    }

    /// Forgets every entry.
    func clear() {
        lock.lock()
        entries.removeAll()
        first = 0
        bytes = 0
        lock.unlock()
    }

    /// Roughly what an entry holds: target, header fields and body.
    private static func size(of request: MockRequest) -> Int {
        var size = request.target.utf8.count + request.body.count + 64
        for header in request.headers { size += header.name.utf8.count + header.value.utf8.count + 32 }
        return size
    }
}
