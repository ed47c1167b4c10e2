import Foundation
import Testing
@testable import EnvelopeCore

/// ParallelMap writes each output straight into its place in the result, from several
/// threads: the result must be `map`'s, whatever the count and chunk size.
@Suite("ParallelMap")
struct ParallelMapTests {
    /// An output that owns memory (a class and a string too long to be stored inline), so a
    /// slot written twice, never or out of place shows up as a wrong value or a crash.
    final class Box: Sendable {
        let text: String
        init(_ number: Int) { text = "item number \(number) of the list, long enough to be allocated" }
    }

    @Test("the result is map's, in order, for counts on, around and far from chunk boundaries")
    func resultIsMapsInOrder() {
        for count in [0, 1, 2, 15, 16, 17, 31, 32, 33, 1_000] {
            for chunkSize in [1, 3, 16] {
                let items = Array(0..<count)
                let result = ParallelMap.map(items, chunkSize: chunkSize) { Box($0) }
                #expect(result.map(\.text) == items.map { Box($0).text }, "count \(count), chunk size \(chunkSize)")
            }
        }
    }

    @Test("every item is transformed exactly once")
    func everyItemOnce() {
        let calls = CallCounts(count: 500)
        let result = ParallelMap.map(Array(0..<500), chunkSize: 7) { item in
            calls.count(item)
            return item * 2
        }
        #expect(result == (0..<500).map { $0 * 2 })
        #expect(calls.snapshot() == [Int](repeating: 1, count: 500))
    }

    /// How often each item was transformed, counted from several threads. A class with a
    /// lock: a `Mutex` captured by the transform's closure made ThreadSanitizer report its
    /// (locked) accesses as a race now and then.
    final class CallCounts: @unchecked Sendable {
        // @unchecked Sendable is safe: `counts` is only read and written while holding `lock`.
        private let lock = NSLock()
        private var counts: [Int]
        init(count: Int) { counts = Array(repeating: 0, count: count) }
        func count(_ item: Int) { lock.withLock { counts[item] += 1 } }
        func snapshot() -> [Int] { lock.withLock { counts } }
    }
}
