import Dispatch
import Synchronization

/// The second half of a large document, parsed on another core while the lead parser works
/// through the first half.
///
/// It starts at an element of an array near the middle (found by its surroundings, `}` `,`
/// `{`, which a string could also hold) and parses values up to the `]` that closes that
/// array. When the lead parser arrives at exactly that byte as the start of an element of an
/// open array, parsing on would produce exactly these entries, so it copies them instead;
/// if it never lands there (the guess was inside a string) or this half failed, it parses on
/// alone and the work here is dropped.
final class ParseShare: @unchecked Sendable {
    // @unchecked Sendable: the worker writes `outcome` and its tape before signalling `done`;
    // the lead reads them only after waiting on `done`, which orders the two. `base` is
    // read-only and outlives the worker: the lead waits for a worker that has started before
    // returning, and one that has not started never reads it (see `state`). The flags are
    // atomic.
    let start: Int
    private let base: UnsafePointer<UInt8>
    private let count: Int
    private let options: JSONParseOptions
    private let tape: UnsafeMutablePointer<JSONTapeEntry>
    private var outcome: (entryCount: Int, end: Int, deepest: Int, children: Int)?
    private var collected = false
    private let done = DispatchSemaphore(value: 0)
    private let cancelled = Atomic<Bool>(false)
    /// 0 while the worker is queued, 1 once it runs, 2 when the lead gave up on it first. The
    /// lead never waits for a worker that has not started, so a busy thread pool (the lead
    /// itself may be one of its threads) cannot leave it waiting forever.
    private let state = Atomic<Int>(0)

    /// Documents at least this large are parsed in two halves (when there are two cores).
    static let threshold = 256 << 10
    /// Halves of at least this many entries are copied onto the lead's tape by two cores.
    static let parallelCopyThreshold = 1 << 20

    /// What the other half found: entries to copy (the values of the array), the index of
    /// the `]` after them, the deepest nesting among them and how many values they are.
    struct Segment {
        var entries: UnsafePointer<JSONTapeEntry>
        var count: Int
        var end: Int
        var deepest: Int
        /// How many elements of the array they are.
        var children: Int
    }

    private init(start: Int, base: UnsafePointer<UInt8>, count: Int, options: JSONParseOptions) {
        self.start = start
        self.base = base
        self.count = count
        self.options = options
        // Its entries start at its own bytes, so the rest of the text bounds them (+1 for
        // the array entry that stands for the lead parser's array).
        tape = .allocate(capacity: count - start + 2)
    }

    deinit { tape.deallocate() }

    /// Starts parsing the second half of `base` on another core, when the document is large,
    /// there is a second core and a place to start can be found.
    static func start(base: UnsafePointer<UInt8>, count: Int, options: JSONParseOptions) -> ParseShare? {
        guard count >= options.splitThreshold, Cores.available > 1,
              let start = elementStart(base: base, count: count) else { return nil }
        let share = ParseShare(start: start, base: base, count: count, options: options)
        DispatchQueue.global().async { share.parse() }
        return share
    }

    /// The first `{` after the middle that follows `}` and `,` (whitespace allowed between):
    /// the likely start of an element of an array of objects. Looks at most 1 MB ahead.
    static func elementStart(base: UnsafePointer<UInt8>, count: Int) -> Int? {
        func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }
        var i = count / 2
        let limit = min(count, i + (1 << 20))
        while i < limit {
            if base[i] == UInt8(ascii: "}") {
                var j = i + 1
                while j < count, isSpace(base[j]) { j += 1 }
                if j < count, base[j] == UInt8(ascii: ",") {
                    j += 1
                    while j < count, isSpace(base[j]) { j += 1 }
                    if j < count, base[j] == UInt8(ascii: "{") { return j }
                }
            }
            i += 1
        }
        return nil
    }

    /// Copies the other half's entries onto the lead's tape, two cores sharing a large copy
    /// (the other half's core is idle by now).
    static func copy(_ entries: UnsafePointer<JSONTapeEntry>, count: Int, to target: UnsafeMutablePointer<JSONTapeEntry>,
                     inTwoAbove threshold: Int = parallelCopyThreshold) {
        guard count >= threshold, Cores.available > 1 else {
            target.update(from: entries, count: count)
            return
        }
        let half = count / 2
        // The two parts do not overlap, and the call returns only when both are copied.
        nonisolated(unsafe) let (source, destination) = (entries, target)
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            let from = part == 0 ? 0 : half
            (destination + from).update(from: source + from, count: part == 0 ? half : count - half)
        }
    }

    /// Whether the lead parser no longer wants this half.
    var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    private func parse() {
        guard state.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing).exchanged else { return }
        outcome = JSONParser.parseShare(self, base: base, count: count, options: options, tape: tape)
        done.signal()
    }

    /// Whether the worker has started (and will signal `done`); if it has not, makes sure it
    /// never will.
    private func hasStarted() -> Bool {
        !state.compareExchange(expected: 0, desired: 2, ordering: .acquiringAndReleasing).exchanged
    }

    /// Waits for this half; its entries, or nil if it failed or never started.
    func result() -> Segment? {
        collected = true
        if !options.waitsForShare {
            guard hasStarted() else { return nil }
        }
        done.wait()
        guard let outcome else { return nil }
        // The first entry stands for the lead parser's array: leave it out.
        return Segment(entries: tape + 1, count: outcome.entryCount - 1, end: outcome.end, deepest: outcome.deepest,
                       children: outcome.children)
    }

    /// Stops this half if it is still running and waits for it (it reads the text, which may
    /// go away once the lead parser returns).
    func finish() {
        guard !collected else { return }
        collected = true
        cancelled.store(true, ordering: .relaxed)
        if options.waitsForShare || hasStarted() { done.wait() }
    }
}
