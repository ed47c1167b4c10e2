import Foundation
import Testing
@testable import envelope

@Suite("The proxy's validation backlog")
struct ValidationBacklogTests {
    @Test("a full backlog holds the next exchange back until one is judged, and then lets it in")
    func fullBacklogWaits() {
        let backlog = ValidationBacklog(maxCount: 2, maxBytes: 1_000)
        backlog.admit(bytes: 10)
        backlog.admit(bytes: 10)
        let admitted = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let third = Thread {
            started.signal()
            backlog.admit(bytes: 10)
            admitted.signal()
        }
        third.start()
        started.wait()
        // Nothing has been judged, so however long the third exchange has had, it is not in.
        #expect(backlog.current.count == 2)
        backlog.release(bytes: 10)
        admitted.wait()
        #expect(backlog.current.count == 2 && backlog.current.bytes == 20)
    }

    @Test("bytes bound the backlog too, but an answer larger than the bound is let in alone")
    func bytesBound() {
        let backlog = ValidationBacklog(maxCount: 100, maxBytes: 1_000)
        backlog.admit(bytes: 5_000)
        #expect(backlog.current.count == 1 && backlog.current.bytes == 5_000)
        let admitted = DispatchSemaphore(value: 0)
        Thread {
            backlog.admit(bytes: 1)
            admitted.signal()
        }.start()
        backlog.release(bytes: 5_000)
        admitted.wait()
        #expect(backlog.current.count == 1 && backlog.current.bytes == 1)
    }
}
