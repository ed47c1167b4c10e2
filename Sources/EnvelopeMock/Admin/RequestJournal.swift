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

    /// Records one request, with the upstream's answer when it was forwarded (does nothing
    /// when the journal is off).
    func record(_ request: MockRequest, status: Int, stubIdentifier: String?, proxied: UpstreamResponse? = nil) {
        guard capacity > 0 else { return }
        let now = Date().timeIntervalSince1970
        let entry = JournalEntry(sequence: 0, request: request, loggedAt: now, status: status, stubIdentifier: stubIdentifier, proxied: proxied)
        let size = Self.size(of: entry)
        lock.lock()
        defer { lock.unlock() }
        sequence += 1
        var numbered = entry
        numbered.sequence = sequence
        entries.append(numbered)
        bytes += size
        while entries.count - first > 1, entries.count - first > capacity || bytes > maxBytes {
            bytes -= Self.size(of: entries[first])
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
        bytes = kept.reduce(0) { $0 + Self.size(of: $1) }
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

    /// The sequence number of the newest entry (0 before the first): entries recorded later
    /// have higher ones (a recording keeps those after its start).
    var lastSequence: UInt64 {
        lock.lock()
        defer { lock.unlock() }
        return sequence
    }

    /// Roughly what an entry holds: target, header fields and body, and the upstream's
    /// answer when it kept one.
    private static func size(of entry: JournalEntry) -> Int {
        let request = entry.request
        var size = request.target.utf8.count + request.body.count + 64
        for header in request.headers { size += header.name.utf8.count + header.value.utf8.count + 32 }
        if let proxied = entry.proxied {
            size += proxied.body.count + 64
            for header in proxied.headers { size += header.name.utf8.count + header.value.utf8.count + 32 }
        }
        return size
    }
}
