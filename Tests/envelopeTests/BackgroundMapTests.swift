import Foundation
import Synchronization
import Testing
@testable import envelope

@Suite("BackgroundMap: work handed off as it arrives, outputs by index")
struct BackgroundMapTests {
    @Test("outputs land at their indexes whatever thread ran them and whatever order they finished in")
    func outputsByIndex() {
        let map = BackgroundMap<Int>(count: 50, maxPending: 3)
        for index in (0..<50).reversed() {
            // Items sleep different times, so they finish out of order.
            map.submit(at: index) {
                usleep(useconds_t(50 * (index % 7)))
                return index * index
            }
        }
        #expect(map.results() == (0..<50).map { Optional($0 * $0) })
    }

    @Test("indexes never submitted stay nil")
    func unsubmittedIndexesAreNil() {
        let map = BackgroundMap<String>(count: 4, maxPending: 2)
        map.submit(at: 1) { "one" }
        map.submit(at: 3) { "three" }
        #expect(map.results() == [nil, "one", nil, "three"])
    }

    @Test("no more than maxPending items are in progress at once")
    func pendingItemsAreBounded() {
        let running = Atomic<Int>(0)
        let most = Atomic<Int>(0)
        let map = BackgroundMap<Bool>(count: 40, maxPending: 2)
        for index in 0..<40 {
            map.submit(at: index) {
                let now = running.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
                _ = most.max(now, ordering: .sequentiallyConsistent)
                usleep(200)
                running.wrappingSubtract(1, ordering: .sequentiallyConsistent)
                return true
            }
        }
        #expect(map.results().allSatisfy { $0 == true })
        #expect(most.load(ordering: .sequentiallyConsistent) <= 2)
        #expect(most.load(ordering: .sequentiallyConsistent) >= 1)
    }
}
