import Foundation
import Testing
import EnvelopeCore

/// Keeping a thread on chosen cores, as `check` does for its transfer lanes and mock loops.
@Suite("ThreadAffinity")
struct ThreadAffinityTests {
    /// Runs `body` on a thread of its own and waits for it: the runner's threads keep theirs.
    private func onOwnThread(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.start()
        done.wait()
    }

    @Test("a thread kept on one core may run there alone, and restoring gives its cores back")
    func keepOnOneCoreAndRestore() throws {
        let all = ThreadAffinity.allowedCores()
        #if os(Linux)
        #expect(!all.isEmpty)
        #endif
        let core = try #require(all.last)
        let seen = Box()
        onOwnThread {
            let affinity = ThreadAffinity.keepOn(core: core)
            seen.kept = affinity.changed
            seen.during = ThreadAffinity.allowedCores()
            // A thread started now inherits the one core.
            let child = Box()
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                child.during = ThreadAffinity.allowedCores()
                done.signal()
            }
            thread.start()
            done.wait()
            seen.child = child.during
            affinity.restore()
            seen.after = ThreadAffinity.allowedCores()
        }
        #expect(seen.kept)
        #expect(seen.during == [core])
        #expect(seen.child == [core])
        #expect(seen.after == all)
    }

    @Test("a core the system does not have changes nothing")
    func impossibleCoreChangesNothing() {
        let all = ThreadAffinity.allowedCores()
        let seen = Box()
        onOwnThread {
            let affinity = ThreadAffinity.keepOn(cores: [100_000])
            seen.kept = affinity.changed
            seen.during = ThreadAffinity.allowedCores()
            affinity.restore()
        }
        #expect(!seen.kept)
        #expect(seen.during == all)
    }
}

/// What a test thread saw, read after it is done.
private final class Box: @unchecked Sendable {
    // @unchecked Sendable is safe: written by one thread, read after a semaphore it signals.
    var kept = false
    var during: [Int] = []
    var child: [Int] = []
    var after: [Int] = []
}
