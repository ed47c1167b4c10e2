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
        let address = Int(bitPattern: start)
        let alignedStart = (address + huge - 1) & ~(huge - 1)
        let alignedEnd = (address + byteCount) & ~(huge - 1)
        guard alignedEnd > alignedStart, let pointer = UnsafeMutableRawPointer(bitPattern: alignedStart) else { return }
        _ = madvise(pointer, alignedEnd - alignedStart, 14 /* MADV_HUGEPAGE */)
        #endif
    }
}
