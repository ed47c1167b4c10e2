#if canImport(Glibc)
import Glibc
#endif

#if os(Linux)
// sched_getcpu and sched_[gs]etaffinity are GNU extensions that the Glibc module does not
// import (they need _GNU_SOURCE), so they are looked up in the C library at run time.
private typealias GetCPU = @convention(c) () -> Int32
private typealias Affinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32

/// The C library's function `name`, as a Swift function of `type` (which must be its C
/// signature), or nil when the library has no such function.
private func libc<Function>(_ name: String, as type: Function.Type) -> Function? {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
    return unsafeBitCast(symbol, to: type)
}
#endif

/// Which cores the calling thread may run on (Linux; elsewhere nothing is changed).
///
/// `check --jobs 1` against the in-process mock hands every request from its own thread to
/// the server's thread and back, so the two never run at once. On different cores each
/// hand-over wakes an idle core with an interrupt, which in a virtual machine costs tens of
/// microseconds; on one core it is a plain context switch. Keeping both threads on the core
/// the client runs on halved the time of 1,000 sequential requests on a 2-core VM (about
/// 140 ms to 65 ms). With several requests in flight both threads have work at once, so
/// there the cores stay shared (pinning made `--jobs 8` slower).
struct CPUAffinity {
    #if os(Linux)
    /// The mask the thread had before ``keepOnCurrentCore()``.
    private var saved = cpu_set_t()
    #endif
    /// Whether the mask was changed (and must be put back).
    private var changed = false

    /// Restricts the calling thread, and every thread it starts from now on, to the core it
    /// is running on. Does nothing when the system does not say which core that is.
    static func keepOnCurrentCore() -> CPUAffinity {
        var affinity = CPUAffinity()
        #if os(Linux)
        guard let getCPU = libc("sched_getcpu", as: GetCPU.self), let get = libc("sched_getaffinity", as: Affinity.self),
              let set = libc("sched_setaffinity", as: Affinity.self) else { return affinity }
        let core = Int(getCPU())
        let size = MemoryLayout<cpu_set_t>.size
        guard core >= 0, core < size * 8, get(0, size, &affinity.saved) == 0 else { return affinity }
        var only = cpu_set_t()
        // CPU_SET is a C macro, which Swift does not import: set the core's bit by hand.
        withUnsafeMutableBytes(of: &only) { bytes in bytes[core / 8] |= UInt8(1 << (core % 8)) }
        affinity.changed = set(0, size, &only) == 0
        #endif
        return affinity
    }

    /// Lets the calling thread run on the cores it could before (threads started meanwhile
    /// keep the single core).
    func restore() {
        #if os(Linux)
        guard changed, let set = libc("sched_setaffinity", as: Affinity.self) else { return }
        var mask = saved
        _ = set(0, MemoryLayout<cpu_set_t>.size, &mask)
        #endif
    }
}
