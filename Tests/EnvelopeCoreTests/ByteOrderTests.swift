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
}
