import CAllocator
#if canImport(Glibc)
import Glibc
#endif

/// Hints to the kernel about large buffers (no I/O; nothing depends on them being taken).
public enum MemoryAdvice {
    /// Asks for huge pages behind a large, freshly allocated buffer: a 50 MB answer and its
    /// tape otherwise take tens of thousands of page faults, about a third of the parse.
    /// Does nothing for small buffers or where the hint does not exist.
    public static func preferHugePages(_ start: UnsafeMutableRawPointer, byteCount: Int) {
        #if os(Linux)
        let huge = 2 << 20
        guard byteCount >= 4 * huge else { return }
        advise(14 /* MADV_HUGEPAGE */, inside: start, byteCount: byteCount, alignment: huge)
        #endif
    }

    /// Maps in every page of the `byteCount` bytes at `start` now, in one call, rather than a
    /// fault at a time as they are first read: for a file mapped into memory, setting up the
    /// page tables in bulk costs less than faulting them in. Does nothing for less than 1 MB or
    /// where the hint does not exist (before Linux 5.14); pages already in place cost a look.
    /// A file cut short meanwhile makes the call fail, not fault: reading it later does.
    public static func mapIn(_ start: UnsafeRawPointer, byteCount: Int) {
        #if os(Linux)
        guard byteCount >= 1 << 20 else { return }
        let page = Int(getpagesize())
        let address = Int(bitPattern: start) & ~(page - 1)
        guard let pointer = UnsafeMutableRawPointer(bitPattern: address) else { return }
        _ = madvise(pointer, Int(bitPattern: start) + byteCount - address, 22 /* MADV_POPULATE_READ */)
        #endif
    }

    /// Tells the kernel it may take back the whole pages among the `byteCount` bytes at
    /// `start` when memory runs short, while the buffer stays allocated: until then they stay
    /// in place and writing them again costs no page fault; once taken, they come back zeroed.
    /// Only pages entirely inside the buffer are marked (its first and last bytes may share a
    /// page with the allocator's own bookkeeping). Does nothing for less than 1 MB or where the
    /// hint does not exist.
    public static func freeWhenNeeded(_ start: UnsafeMutableRawPointer, byteCount: Int) {
        #if os(Linux)
        guard byteCount >= 1 << 20 else { return }
        advise(8 /* MADV_FREE */, inside: start, byteCount: byteCount, alignment: Int(getpagesize()))
        #endif
    }

    #if os(Linux)
    /// Gives `advice` for the part of the `byteCount` bytes at `start` that begins and ends on
    /// multiples of `alignment` (a power of two), if there is one.
    private static func advise(_ advice: Int32, inside start: UnsafeMutableRawPointer, byteCount: Int, alignment: Int) {
        let address = Int(bitPattern: start)
        let alignedStart = (address + alignment - 1) & ~(alignment - 1)
        let alignedEnd = (address + byteCount) & ~(alignment - 1)
        guard alignedEnd > alignedStart, let pointer = UnsafeMutableRawPointer(bitPattern: alignedStart) else { return }
        _ = madvise(pointer, alignedEnd - alignedStart, advice)
    }
    #endif

    /// Asks for huge pages under the malloc heap of the calling thread, once per thread (see
    /// `envelope_malloc_advise_huge_pages`): threads that build many small objects, such as
    /// compiled contracts, otherwise take a page fault for every 4 KB they first touch.
    /// Returns where the advised range starts (nil when nothing was advised, as on every
    /// call after a thread's first).
    @discardableResult
    public static func preferHugePagesForThisThreadsHeap() -> UnsafeMutableRawPointer? {
        envelope_malloc_advise_huge_pages()
    }
}
