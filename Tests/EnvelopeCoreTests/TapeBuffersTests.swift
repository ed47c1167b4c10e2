import Synchronization
import Testing
@testable import EnvelopeCore

/// The tapes of large documents are kept for the next large document (see ``TapeBuffers``):
/// a reused tape still holds the entries of the document before, so every entry must be
/// written afresh.
@Suite("Tapes kept for the next large document", .serialized)
struct TapeBuffersTests {
    /// A document large enough for its tape to be kept (over 4 MB), an array of objects
    /// shaped by `make`.
    static func large(_ make: (Int) -> String) -> [UInt8] {
        var text = "["
        var index = 0
        while text.utf8.count < 5 << 20 {
            if index > 0 { text += ",\n" }
            text += make(index)
            index += 1
        }
        return Array((text + "]").utf8)
    }

    static let first = large { #"{"MENU_ID": \#($0), "MENU_NM": "국밥 \#($0)", "PRICE": [\#($0), 4500, {"won": true}], "DEL_POSSIBLE_YN": "Y"}"# }
    static let second = large { #"{"a": "\#($0)", "b": null, "c": [[], {}, [1, [2, [3]]]]}"# }

    @Test("a document parsed into a reused tape has the tape of a fresh parse, and its validation finds the same")
    func reusedTapeMatchesAFreshOne() throws {
        // The second document's tape from a parse that cannot reuse the first's (the first
        // one does not exist yet), kept as a copy.
        let fresh = try JSONDocument.parse(Self.second)
        let expected = Array(fresh.tape).map { [$0.offset, $0.packed] }
        let expectedCount = fresh.valueCount
        _ = consume fresh
        // The first document fills a tape with other entries and gives it back…
        let before = TapeBuffers.reuses.load(ordering: .relaxed)
        var first: JSONDocument? = try JSONDocument.parse(Self.first)
        #expect(first?.root.count ?? 0 > 10_000)
        first = nil
        // …and the second is parsed into it.
        let reused = try JSONDocument.parse(Self.second)
        #expect(TapeBuffers.reuses.load(ordering: .relaxed) > before)
        #expect(Array(reused.tape).map { [$0.offset, $0.packed] } == expected)
        #expect(reused.valueCount == expectedCount)
        #expect(reused.root.elements.first?["c"]?.elements[2].elements[1].elements[1].elements.first?.intValue == 3)
    }

    @Test("a parse that fails gives its tape back for the next one")
    func failedParseGivesItsTapeBack() throws {
        // Cut short, as an answer that stopped arriving: the whole tape is written first.
        let broken = Array(Self.first.dropLast())
        #expect(throws: JSONError.self) { try JSONDocument.parse(broken) }
        let before = TapeBuffers.reuses.load(ordering: .relaxed)
        let document = try JSONDocument.parse(Self.first)
        #expect(TapeBuffers.reuses.load(ordering: .relaxed) > before)
        #expect(document.root.count > 10_000)
        #expect(document.root.elements.last?["DEL_POSSIBLE_YN"]?.stringValue == "Y")
    }

    @Test("small tapes are not kept, and at most two large ones are")
    func keepsOnlyLargeTapesAndFew() {
        let before = TapeBuffers.reuses.load(ordering: .relaxed)
        let small = TapeBuffers.allocate(capacity: 1_000)
        TapeBuffers.release(small.tape, capacity: small.capacity)
        let again = TapeBuffers.allocate(capacity: 1_000)
        TapeBuffers.release(again.tape, capacity: again.capacity)
        #expect(TapeBuffers.reuses.load(ordering: .relaxed) == before)

        let entries = TapeBuffers.keptByteCount / MemoryLayout<JSONTapeEntry>.stride
        let tapes = [entries, entries * 2, entries * 3].map { TapeBuffers.allocate(capacity: $0) }
        for tape in tapes { TapeBuffers.release(tape.tape, capacity: tape.capacity) }
        // Three given back, two kept: the two largest. A request takes the smallest that fits.
        let taken = [entries, entries, entries].map { TapeBuffers.allocate(capacity: $0) }
        #expect(taken.map(\.capacity).prefix(2).sorted() == [entries * 2, entries * 3])
        #expect(taken[2].capacity == entries)
        #expect(TapeBuffers.reuses.load(ordering: .relaxed) >= before + 2)
        for tape in taken { TapeBuffers.release(tape.tape, capacity: tape.capacity) }
    }
}
