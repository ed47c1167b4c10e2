import Testing
@testable import EnvelopeCore

/// What a group of violations keeps of its occurrences: distinct elements, the smallest
/// indices, the first few places, as sets of every occurrence would.
@Suite("Violation groups")
struct ViolationGroupTests {
    static let first = Violation(kind: .typeMismatch, path: [.key("list"), .index(0), .key("id")], keyword: "type",
                                 expected: "string", actual: "1", offset: 10, isFailure: true)

    /// (element, index) occurrences, a reference answer computed with sets.
    static func expected(_ occurrences: [(UInt64, Int)]) -> (count: Int, indices: [Int]) {
        (Set(occurrences.map(\.0)).count, Array(Set(occurrences.map(\.1)).sorted().prefix(DriftFinding.indexLimit)))
    }

    @Test("distinct elements are counted once, whether their repeats come together or apart")
    func distinctElements() {
        var group = ViolationGroup(first: Self.first, order: 0)
        let occurrences: [(UInt64, Int)] = [(7, 0), (7, 0), (9, 1), (7, 0), (11, 2), (9, 1), (11, 2), (11, 2)]
        for (element, index) in occurrences { group.add(element: element, index: index, offset: index) }
        #expect(group.elementCount == 3)
        #expect(group.indices == [0, 1, 2])
        #expect(group.offsets == [0, 0, 1, 0, 2])
    }

    @Test("the smallest hundred indices are kept, in order, however they arrive")
    func smallestIndices() {
        var generator = SplitMix64(seed: 42)
        for _ in 0..<20 {
            var group = ViolationGroup(first: Self.first, order: 0)
            var occurrences: [(UInt64, Int)] = []
            let count = Int(generator.next() % 400) + 1
            for _ in 0..<count {
                let index = Int(generator.next() % 300)
                occurrences.append((UInt64(index) &* 31 &+ generator.next() % 3, index))
            }
            for (element, index) in occurrences { group.add(element: element, index: index, offset: 0) }
            let reference = Self.expected(occurrences)
            #expect(group.indices == reference.indices)
            #expect(group.elementCount == reference.count)
        }
    }

    @Test("absorbing a later share gives what one group of every occurrence gives")
    func absorb() {
        var generator = SplitMix64(seed: 7)
        let occurrences: [(UInt64, Int)] = (0..<500).map { _ in
            let index = Int(generator.next() % 250)
            return (UInt64(index), index)
        }
        var whole = ViolationGroup(first: Self.first, order: 0)
        for (element, index) in occurrences { whole.add(element: element, index: index, offset: index) }
        var head = ViolationGroup(first: Self.first, order: 0)
        var tail = ViolationGroup(first: Self.first, order: 1)
        for (element, index) in occurrences.prefix(260) { head.add(element: element, index: index, offset: index) }
        for (element, index) in occurrences.dropFirst(260) { tail.add(element: element, index: index, offset: index) }
        head.absorb(tail)
        #expect(head.elementCount == whole.elementCount)
        #expect(head.elementCount == Self.expected(occurrences).count)
        #expect(head.indices == whole.indices)
        #expect(head.offsets == whole.offsets)
    }
}
