import Synchronization

/// Where parsers get their tapes: a large tape is kept for the next large document instead of
/// being given back to the system.
///
/// The tape of a large document is tens of megabytes that malloc maps afresh for each document
/// (it is above malloc's mapping threshold) and that the kernel then zeroes page by page as the
/// parser first writes it: for a 50 MB answer, 2–20 ms of a 40 ms parse and most of its spread
/// from run to run. A process that validates one large answer after another (`validate` of
/// many files, a test suite, a long-running server) writes into the pages it already has
/// instead.
///
/// The kept pages are marked free-when-needed (`MADV_FREE`): under memory pressure the kernel
/// takes them back, and a tape reusing such pages gets zeroed ones. Nothing reads a tape entry
/// before the parser writes it, so their content never matters.
enum TapeBuffers {
    /// Tapes of at least this many bytes (documents of 4 MB and more) are kept for reuse;
    /// smaller ones come from malloc's heap, which reuses them itself.
    static let keptByteCount = 32 << 20
    /// How many tapes are kept at most: a lead parser's and its share's (see ``ParseShare``).
    static let keptLimit = 2

    /// A tape kept for reuse: its address and how many entries it holds.
    private struct Kept {
        var address: UInt
        var capacity: Int
    }

    private static let kept = Mutex<[Kept]>([])
    /// How many tapes were handed out again (tests look at it).
    static let reuses = Atomic<Int>(0)

    /// A tape of at least `capacity` entries, none of them initialized: a kept one when one is
    /// large enough (its actual capacity is returned too), otherwise a new one.
    static func allocate(capacity: Int) -> (tape: UnsafeMutablePointer<JSONTapeEntry>, capacity: Int) {
        if capacity * MemoryLayout<JSONTapeEntry>.stride >= keptByteCount {
            let reused: Kept? = kept.withLock { kept in
                // The smallest that fits, so that a small document leaves a larger tape for a
                // larger one.
                guard let index = kept.indices.filter({ kept[$0].capacity >= capacity }).min(by: { kept[$0].capacity < kept[$1].capacity })
                else { return nil }
                return kept.remove(at: index)
            }
            if let reused, let tape = UnsafeMutablePointer<JSONTapeEntry>(bitPattern: reused.address) {
                reuses.add(1, ordering: .relaxed)
                return (tape, reused.capacity)
            }
        }
        let tape = UnsafeMutablePointer<JSONTapeEntry>.allocate(capacity: capacity)
        MemoryAdvice.preferHugePages(UnsafeMutableRawPointer(tape), byteCount: capacity * MemoryLayout<JSONTapeEntry>.stride)
        return (tape, capacity)
    }

    /// Gives back a tape from ``allocate(capacity:)``, with the capacity it returned.
    static func release(_ tape: UnsafeMutablePointer<JSONTapeEntry>, capacity: Int) {
        guard capacity * MemoryLayout<JSONTapeEntry>.stride >= keptByteCount else {
            tape.deallocate()
            return
        }
        // The whole tape, not only the part written: a huge page only partly marked would be
        // split into small ones. The part never written has no pages to walk.
        MemoryAdvice.freeWhenNeeded(UnsafeMutableRawPointer(tape), byteCount: capacity * MemoryLayout<JSONTapeEntry>.stride)
        let evicted: Kept? = kept.withLock { kept in
            kept.append(Kept(address: UInt(bitPattern: tape), capacity: capacity))
            guard kept.count > keptLimit, let smallest = kept.indices.min(by: { kept[$0].capacity < kept[$1].capacity }) else { return nil }
            return kept.remove(at: smallest)
        }
        if let evicted, let pointer = UnsafeMutablePointer<JSONTapeEntry>(bitPattern: evicted.address) { pointer.deallocate() }
    }
}

/// A parser's finished tape: `count` entries written at `entries`, in a buffer of `capacity`
/// from ``TapeBuffers``, where its owner gives it back.
struct ParsedTape {
    var entries: UnsafeMutablePointer<JSONTapeEntry>
    var count: Int
    var capacity: Int
}
