import Synchronization
import Testing
@testable import EnvelopeCore

/// The word-at-a-time paths of the parser and the validator's key table: every length and
/// every position of a special byte within an eight-byte word, against a byte-by-byte answer.
@Suite("Byte-level fast paths")
struct ByteLevelTests {
    @Test("strings end at the first quote, backslash or control byte wherever it sits in a word")
    func stringsEndWhereTheyShould() throws {
        for length in 0...20 {
            let text = String(repeating: "a", count: length)
            let document = try JSONDocument.parse("[\"\(text)\", \"\(text)\\n\(text)\", \"\(text)é\(text)\"]")
            #expect(document.root.elements.map(\.stringValue) == [text, text + "\n" + text, text + "é" + text])
            // A raw control byte or a missing quote is found at its own column.
            let withTab = "\"\(text)\t\""
            #expect(throws: JSONError.self) { try JSONDocument.parse(withTab) }
            do {
                _ = try JSONDocument.parse(withTab)
            } catch {
                #expect(error.location?.column == length + 2)
            }
        }
    }

    @Test("runs of spaces of every length are skipped, and what follows them is parsed")
    func spacesOfEveryLength() throws {
        for length in 0...40 {
            let pad = String(repeating: " ", count: length)
            let document = try JSONDocument.parse("{\n\(pad)\"k\"\(pad):\(pad)[\(pad)1\(pad),\t\(pad)2\(pad)]\(pad)}\(pad)")
            #expect(document.root["k"]?.elements.compactMap(\.intValue) == [1, 2])
            let member = try #require(document.root.members.first)
            #expect(member.value.location.line == 2)
            #expect(member.value.location.column == 3 * length + 5)
        }
    }

    @Test("a schema finds each of its properties by key bytes, for keys of every length, and no other key")
    func propertyTableFindsEveryKey() throws {
        // Keys of 0 to 20 bytes; each property demands its own name as value, so a key found
        // under the wrong property shows as an enum-violation.
        let names = (0...20).map { String(repeating: "k", count: $0 / 2) + String(repeating: "x", count: $0 - $0 / 2) }
        let properties = names.map { "\(JSONValue.quoted($0)): {\"const\": \(JSONValue.quoted($0))}" }.joined(separator: ", ")
        let schema = #"{"type": "object", "properties": {\#(properties)}, "additionalProperties": false}"#
        let body = "{" + names.map { "\(JSONValue.quoted($0)): \(JSONValue.quoted($0))" }.joined(separator: ", ") + "}"
        #expect(try findings(body, schema).isEmpty)
        // Keys one byte off, in each place, are not declared: unknown-key for every one.
        let near = Set(names.filter { !$0.isEmpty }.flatMap { name in
            [String(name.dropLast()) + "y", "y" + name.dropFirst(), name + "x"].filter { !names.contains($0) }
        }).sorted()
        let wrong = "{" + near.map { "\(JSONValue.quoted($0)): 1" }.joined(separator: ", ") + "}"
        let result = try findings(wrong, schema)
        #expect(result.filter { $0.kind == .unknownKey }.map(\.pointer) == near.map { "/" + $0 })
        // The declared ones, all absent, are never present.
        #expect(result.filter { $0.kind != .unknownKey }.map(\.kind) == Array(repeating: .optionalNeverPresent, count: names.count))
    }

    @Test("an undeclared key is found among any number of declared ones, across the 64-member mark")
    func unknownKeysAroundSixtyFourMembers() throws {
        for count in [0, 1, 62, 63, 64, 65, 70] {
            let names = (0..<count).map { "k\($0)" }
            let properties = names.map { "\(JSONValue.quoted($0)): {\"type\": \"integer\"}" }.joined(separator: ", ")
            let schema = #"{"type": "object", "properties": {\#(properties)}}"#
            // Every member declared: nothing to report.
            let all = "{" + names.map { "\(JSONValue.quoted($0)): 1" }.joined(separator: ", ") + "}"
            #expect(try findings(all, schema).isEmpty, "\(count) members")
            // One declared member swapped for an undeclared one, at the end (bit 63 and 64
            // included): one unknown-key, and the declared one never present.
            guard count > 0 else { continue }
            let swapped = "{" + (names.dropLast() + ["extra"]).map { "\(JSONValue.quoted($0)): 1" }.joined(separator: ", ") + "}"
            let result = try findings(swapped, schema)
            #expect(Set(result.map { "\($0.kind.rawValue) \($0.pointer)" }) == ["unknown-key /extra", "optional-never-present /k\(count - 1)"],
                    "\(count) members")
        }
    }

    @Test("tape entries are 8 bytes; containers keep their count and closing bracket at an end entry")
    func compactTape() throws {
        #expect(MemoryLayout<JSONTapeEntry>.stride == 8)
        let text = #"{"a": [1, [], {}, [2, [3]]], "b": {"c": {"d": null}}, "e": "x"}"#
        let document = try JSONDocument.parse(text)
        // Every value and key once, end entries not counted: 12 values inside "a" and the
        // root, 5 under "b", and "x".
        #expect(document.valueCount == 18)
        let a = try #require(document.root["a"])
        #expect(document.root.count == 3)
        #expect(a.count == 4)
        #expect(a.elements.map(\.rawText) == ["1", "[]", "{}", "[2, [3]]"])
        #expect(a.elements.map(\.count) == [0, 0, 0, 2])
        #expect(a.rawText == "[1, [], {}, [2, [3]]]")
        #expect(document.root["b"]?["c"]?.rawText == #"{"d": null}"#)
        #expect(document.root["e"]?.stringValue == "x")
        #expect(document.root.rawText == text)
    }

    @Test("a document parses the same from lent memory, and the lender is told once when it is done")
    func lentBytes() throws {
        let text = Array(#"{"a": [1, "two", null]}"#.utf8)
        let released = Counter()
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.count)
        _ = storage.initialize(from: text)
        let address = Int(bitPattern: storage.baseAddress)
        do {
            let document = try JSONDocument.parse(SharedBytes(lending: UnsafeBufferPointer(storage)) {
                released.increment()
                UnsafeMutableRawPointer(bitPattern: address)?.deallocate()
            })
            #expect(document.root["a"]?.elements.map(\.rawText) == ["1", "\"two\"", "null"])
            #expect(document.bytes == text)
            #expect(released.value == 0)
        }
        #expect(released.value == 1)
    }
}

/// A count that a `@Sendable` closure may bump.
private final class Counter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func increment() { count.withLock { $0 += 1 } }
}
