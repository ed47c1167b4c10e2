import Synchronization
import Testing
@testable import EnvelopeCore

/// Large documents are parsed in two halves on two cores; the second half starts at a guess
/// (`}`, `,`, `{` near the middle) that can be wrong. Whatever the guess, the tape (or the
/// error) must be the one a single pass gives.
@Suite("Parsing in two halves", .serialized)
struct SplitParseTests {
    static func items(_ count: Int, _ make: (Int) -> String) -> String {
        (0..<count).map(make).joined(separator: ",\n  ")
    }

    /// Documents around every kind of guess: a good one, one inside a string, one inside an
    /// object's member, nested arrays, and invalid text before, at and after the middle.
    static let documents: [String] = [
        "[" + items(200) { #"{"id": \#($0), "tags": ["a", {"b": [1, 2]}], "s": "x"}"# } + "]",
        #"{"result": {"list": ["# + items(200) { #"{"n": "é\#($0)", "v": null}"# } + #"], "total": 200}, "ok": true}"#,
        // The middle falls in a string that looks like elements.
        #"["# + items(20) { #"{"a": \#($0)}"# } + #", {"s": ""# + String(repeating: "}, {", count: 400) + #""}, {"z": 1}]"#,
        // The middle is inside an object, between members holding objects.
        #"{"# + items(200) { #""k\#($0)": {"v": \#($0)}"# } + "}",
        // Arrays of arrays of objects.
        "[" + items(100) { row in "[" + items(3) { #"{"i": \#(row * 3 + $0)}"# } + "]" } + "]",
        // Invalid: an error in the second half, in the first half, and a cut-off end.
        "[" + items(200) { $0 == 150 ? #"{"id": tru}"# : #"{"id": \#($0)}"# } + "]",
        "[" + items(200) { $0 == 20 ? #"{"id" 1}"# : #"{"id": \#($0)}"# } + "]",
        "[" + items(200) { #"{"id": \#($0)}"# },
        // Deep nesting in the second half only.
        "[" + items(40) { #"{"id": \#($0)}"# } + ", " + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "]",
        // The last element is the guess: nothing but `]` after it.
        "[{\"a\": 1}, {\"b\": 2}]",
    ]

    @Test("two halves give the tape or the error of one pass", arguments: documents.indices)
    func sameAsOnePass(index: Int) {
        let text = Array(Self.documents[index].utf8)
        var split = JSONParseOptions()
        split.splitThreshold = 0
        // Waiting for the second half always joins the two; not waiting (as in production)
        // joins them only when the second half started in time. Both must agree with one pass.
        for (duplicateKeys, waits, copiesInTwo) in [(DuplicateKeyPolicy.keepLast, true, false), (.reject, true, false), (.keepLast, false, false),
                                                    (.keepLast, true, true)] {
            split.duplicateKeys = duplicateKeys
            split.waitsForShare = waits
            split.parallelCopyThreshold = copiesInTwo ? 0 : ParseShare.parallelCopyThreshold
            let whole = Result { () throws(JSONError) in try JSONDocument.parse(text, options: JSONParseOptions(duplicateKeys: duplicateKeys)) }
            let halves = Result { () throws(JSONError) in try JSONDocument.parse(text, options: split) }
            switch (whole, halves) {
            case (.success(let a), .success(let b)):
                #expect(a.tape.map(\.offset) == b.tape.map(\.offset))
                #expect(a.tape.map(\.packed) == b.tape.map(\.packed))
            case (.failure(let a), .failure(let b)):
                #expect(a == b)
            default:
                Issue.record("one pass: \(whole), two halves: \(halves)")
            }
        }
    }

    @Test("every container's count of members or elements is the number found by walking its children, in one pass and in two halves",
          arguments: documents.indices)
    func childCountsMatchAWalk(index: Int) throws {
        let text = Array(Self.documents[index].utf8)
        var split = JSONParseOptions()
        split.splitThreshold = 0
        split.waitsForShare = true
        for options in [JSONParseOptions(), split] {
            guard let document = try? JSONDocument.parse(text, options: options) else { continue }
            // A copy: the document owns its tape and need not outlive this line.
            let tape = Array(document.tape)
            var container = 0
            var checked = 0
            while container < tape.count {
                let kind = tape[container].kind
                if kind == .object || kind == .array {
                    // The children counted independently: one step per value, keys included.
                    var walked = 0
                    var child = container + 1
                    while child < tape.childrenEnd(container) {
                        walked += 1
                        child = tape.valueEnd(child)
                    }
                    if kind == .object { walked /= 2 }
                    #expect(tape.childCount(container) == walked, "container at tape index \(container)")
                    checked += 1
                }
                container += 1
            }
            #expect(checked > 0)
        }
    }

    @Test("copying in two parts gives every entry once, in order, for odd and even counts and the empty copy",
          arguments: [0, 1, 2, 3, 1_001, 4_096])
    func copyInTwoParts(count: Int) {
        let source = (0..<count).map { JSONTapeEntry(kind: .number, offset: $0, payload: $0 % 7, flag: $0 % 2 == 0) }
        // One guard entry on each side shows nothing is written outside the target.
        var target = [JSONTapeEntry](repeating: JSONTapeEntry(kind: .null, offset: 9_999, payload: 0, flag: false), count: count + 2)
        source.withUnsafeBufferPointer { entries in
            target.withUnsafeMutableBufferPointer { buffer in
                ParseShare.copy(entries.baseAddress ?? UnsafePointer(bitPattern: 8)!, count: count, to: buffer.baseAddress! + 1, inTwoAbove: 0)
            }
        }
        #expect(target[1..<(count + 1)].map(\.offset) == source.map(\.offset))
        #expect(target[1..<(count + 1)].map(\.packed) == source.map(\.packed))
        #expect(target.first?.offset == 9_999 && target.last?.offset == 9_999)
    }

    @Test("the guess is an element start when the middle falls between elements, and the copy is used")
    func goodGuessIsUsed() throws {
        let text = Array(Self.documents[0].utf8)
        var split = JSONParseOptions()
        split.splitThreshold = 0
        split.waitsForShare = true
        let document = try JSONDocument.parse(text, options: split)
        #expect(document.wasSplit)
        #expect(try !JSONDocument.parse(text).wasSplit, "a small document is parsed in one pass by default")
        #expect(document.root.count == 200)
        #expect(document.root.elements.last?["id"]?.intValue == 199)
        let start = try #require(text.withUnsafeBufferPointer { ParseShare.elementStart(base: $0.baseAddress!, count: $0.count) })
        #expect(text[start] == UInt8(ascii: "{"))
        #expect(start >= text.count / 2)
    }
}
