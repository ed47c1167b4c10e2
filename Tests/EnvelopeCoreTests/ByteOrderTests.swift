import Testing
@testable import EnvelopeCore

/// Strings ordered by their UTF-8 bytes.
@Suite("Byte order of strings")
struct ByteOrderTests {
    static let words = ["", "a", "A", "ab", "a b", "b", "z", "é", "e\u{301}", "학사", "학", "😀", "c0001.json", "c0010.json",
                        "nested/c0.json", "nested.json", "Zebra", "\u{0}", "long string past fifteen bytes", "long string past fifteen bytez"]

    @Test("agrees with comparing the UTF-8 views, for every pair")
    func agreesWithUTF8Views() {
        for a in Self.words {
            for b in Self.words {
                #expect(ByteOrder.precedes(a, b) == a.utf8.lexicographicallyPrecedes(b.utf8), "\(a.debugDescription) < \(b.debugDescription)")
                let (x, y) = (a.dropFirst(), b.dropLast())
                #expect(ByteOrder.precedes(String(x), String(y)) == x.utf8.lexicographicallyPrecedes(y.utf8))
            }
        }
        #expect(Self.words.sorted(by: ByteOrder.precedes) == Self.words.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    @Test("sorting by keys gives the pairwise order, keeps equal keys in their order, and tells keys apart past 16 bytes")
    func sortingByKeys() {
        let long = ["same sixteen byt-b", "same sixteen byt-a", "same sixteen byt", "same sixteen bytes", "same sixteen byt\u{0}"]
        let words = Self.words + long + ["c0001.json", "a"]
        let tagged = words.enumerated().map { (word: $0.element, tag: $0.offset) }
        let sorted = ByteOrder.sorted(tagged) { $0.word }
        #expect(sorted.map(\.word) == words.sorted(by: ByteOrder.precedes))
        // Equal keys keep the order they came in.
        for (first, second) in zip(sorted, sorted.dropFirst()) where first.word.utf8.elementsEqual(second.word.utf8) {
            #expect(first.tag < second.tag, "\(first.word.debugDescription)")
        }
        #expect(ByteOrder.sorted([String]()) { $0 }.isEmpty)
    }
}
