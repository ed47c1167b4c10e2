#if canImport(Glibc)
import Glibc
#endif

#if os(Linux)
// sched_getcpu and sched_[gs]etaffinity are GNU extensions that the Glibc module does not
// import (they need _GNU_SOURCE), so they are looked up in the C library at run time.
private typealias GetCPU = @convention(c) () -> Int32
private typealias Affinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
#endif

/// Which cores the calling thread may run on (Linux; elsewhere nothing is changed).
///
/// Where a request passes from one thread to another, a hand-over between cores wakes the
/// other core with an interrupt, which in a virtual machine costs tens of microseconds. `check`
/// keeps each transfer thread on a core of its own, each running the in-process mock's event
/// loop it sends to; where that loop has to run on a thread of its own (no epoll), the two
/// share the lane's core, and `--jobs 1` keeps client and server on one (1,000 sequential
/// requests on a 2-core VM: about 140 ms to 65 ms).
public struct ThreadAffinity: Sendable {
    #if os(Linux)
    /// The mask the thread had before it was changed.
    private var saved = cpu_set_t()
    #endif
    /// Whether the mask was changed (and can be put back).
    public private(set) var changed = false

    /// The cores the calling thread may run on, in increasing order; empty where the system
    /// does not say.
    public static func allowedCores() -> [Int] {
        #if os(Linux)
        guard let get = libc("sched_getaffinity", as: Affinity.self) else { return [] }
        var mask = cpu_set_t()
        let size = MemoryLayout<cpu_set_t>.size
        guard get(0, size, &mask) == 0 else { return [] }
        return withUnsafeBytes(of: &mask) { bytes in
            (0..<(size * 8)).filter { bytes[$0 / 8] & UInt8(1 << ($0 % 8)) != 0 }
        }
        #else
        return []
        #endif
    }

    /// Restricts the calling thread, and every thread it starts from now on, to `core`.
    /// Returns the setting to ``restore()``; nothing changes (``changed`` is false) when the
    /// system refuses or has no such core.
    @discardableResult
    public static func keepOn(core: Int) -> ThreadAffinity {
        keepOn(cores: [core])
    }

    /// Restricts the calling thread, and every thread it starts from now on, to `cores`
    /// (as ``keepOn(core:)``; nothing changes for an empty list).
    @discardableResult
    public static func keepOn(cores: [Int]) -> ThreadAffinity {
        var affinity = ThreadAffinity()
        #if os(Linux)
        guard let get = libc("sched_getaffinity", as: Affinity.self), let set = libc("sched_setaffinity", as: Affinity.self)
        else { return affinity }
        let size = MemoryLayout<cpu_set_t>.size
        guard !cores.isEmpty, cores.allSatisfy({ $0 >= 0 && $0 < size * 8 }), get(0, size, &affinity.saved) == 0 else { return affinity }
        var only = cpu_set_t()
        // CPU_SET is a C macro, which Swift does not import: set the cores' bits by hand.
        withUnsafeMutableBytes(of: &only) { bytes in
            for core in cores { bytes[core / 8] |= UInt8(1 << (core % 8)) }
        }
        affinity.changed = set(0, size, &only) == 0
        #endif
        return affinity
    }

    /// Restricts the calling thread, and every thread it starts from now on, to the core it
    /// is running on (see ``keepOn(core:)``).
    public static func keepOnCurrentCore() -> ThreadAffinity {
        #if os(Linux)
        guard let getCPU = libc("sched_getcpu", as: GetCPU.self) else { return ThreadAffinity() }
        return keepOn(core: Int(getCPU()))
        #else
        return ThreadAffinity()
        #endif
    }

    /// Lets the calling thread run on the cores it could before (threads started meanwhile
    /// keep the one core).
    public func restore() {
        #if os(Linux)
        guard changed, let set = libc("sched_setaffinity", as: Affinity.self) else { return }
        var mask = saved
        _ = set(0, MemoryLayout<cpu_set_t>.size, &mask)
        #endif
    }
}
