import Testing
@testable import EnvelopeCore

@Suite("JSON parser")
struct JSONParserTests {
    @Test("parses every kind of value and keeps numbers exact")
    func parsesAllKinds() throws {
        let doc = try JSONDocument.parse(#"{"a": [1, -2.5e3, true, false, null, "x\n\u00e9\ud83d\ude00"], "big": 123456789012345678901234567890}"#)
        let root = doc.root
        #expect(root.kind == .object)
        #expect(root.count == 2)
        let a = try #require(root["a"])
        #expect(a.count == 6)
        let elements = a.elements
        #expect(elements.map(\.kind) == [.number, .number, .bool, .bool, .null, .string])
        #expect(elements[0].intValue == 1)
        #expect(elements[1].doubleValue == -2500)
        #expect(elements[1].isIntegerLiteral == false)
        #expect(elements[2].boolValue == true)
        #expect(elements[3].boolValue == false)
        #expect(elements[5].stringValue == "x\né😀")
        #expect(root["big"]?.numberText == "123456789012345678901234567890")
        #expect(root["big"]?.intValue == nil)
    }

    @Test("gives the line and column of values, counting characters not bytes")
    func locatesValues() throws {
        let doc = try JSONDocument.parse("{\n  \"이름\": \"값\",\n  \"n\": null\n}")
        let members = doc.root.members
        #expect(members.map(\.key) == ["이름", "n"])
        #expect(members[0].value.location.description == "2:9")
        #expect(members[0].value.location.offset == 14)
        #expect(members[1].keyLocation.line == 3)
        #expect(members[1].keyLocation.column == 3)
        #expect(members[1].value.location.description == "3:8")
    }

    @Test("round-trips through the value tree and serialization")
    func roundTrips() throws {
        let text = #"{"a":[1,2.50,{"b":"q\"\\"}],"c":{},"d":[],"e":null}"#
        let value = try JSONDocument.parse(text).root.value
        #expect(value.serialized() == text)
        #expect(try JSONDocument.parse(value.serialized(pretty: true)).root.value == value)
    }

    @Test(".reject compares keys as code points with escapes decoded, in small and large objects")
    func duplicateKeysByCodePoints() throws {
        let reject = JSONParseOptions(duplicateKeys: .reject)
        for filler in [0, 40] {
            // Enough other members to take the set path past 32 members.
            let others = (0..<filler).map { "\"m\($0)\": \($0), " }.joined()
            // A precomposed "é" and "e" + combining acute look alike but are different keys.
            let alike = try JSONDocument.parse("{\(others)\"\u{E9}\": 1, \"e\u{301}\": 2}", options: reject)
            #expect(alike.root.count == filler + 2)
            // "\u0061" is "a": a duplicate, named at the second place, first place given.
            let text = "{\(others)\"a\": 1, \"\\u0061\": 2}"
            let second = try #require(text.utf8.indices.last { text.utf8[$0] == UInt8(ascii: "\\") })
            let offset = text.utf8.distance(from: text.utf8.startIndex, to: second) - 1
            do {
                _ = try JSONDocument.parse(text, options: reject)
                Issue.record("a duplicate key written with an escape was accepted (\(filler) other members)")
            } catch {
                guard case .duplicateKey(let name, let at, let first) = error else {
                    Issue.record("unexpected error \(error)")
                    continue
                }
                #expect(name == "a")
                #expect(at.offset == offset)
                #expect(first.offset == offset - 8)
            }
        }
    }

    @Test("the last of duplicate keys wins by default; .reject names both places")
    func duplicateKeys() throws {
        let text = "{\"k\": 1,\n \"k\": 2}"
        #expect(try JSONDocument.parse(text).root["k"]?.intValue == 2)
        #expect(throws: JSONError.duplicateKey("k", at: SourceLocation(line: 2, column: 2, offset: 10), first: SourceLocation(line: 1, column: 2, offset: 1))) {
            try JSONDocument.parse(text, options: JSONParseOptions(duplicateKeys: .reject))
        }
    }

    @Test("invalid documents are reported with line:column and what was expected",
          arguments: [
            ("", "1:1: expected a JSON value, found the end of the input (is the text cut short?)"),
            ("{\"a\": 1,}", "1:9: expected a string key, found '}'"),
            ("[1 2]", "1:4: expected ',' or ']', found '2'"),
            ("{\"a\" 1}", "1:6: expected ':' after the key, found '1'"),
            ("[1,\n  tru]", "2:3: expected a JSON value (did you mean 'true'?), found 't'"),
            ("[01]", "1:2: invalid number: leading zeros are not allowed"),
            ("[-]", "1:3: invalid number: expected a digit after '-'"),
            ("[1.]", "1:4: invalid number: expected a digit after '.'"),
            ("\"abc", "1:5: expected '\"' to close the string that starts at 1:1, found the end of the input (is the text cut short?)"),
            ("\"a\\qb\"", "1:3: invalid escape '\\q' in a string; JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"),
            ("\"\\ud800\"", "1:2: lone UTF-16 surrogate '\\ud800'; a surrogate escape must be a high-low pair"),
            ("\"\\udc00\"", "1:2: lone UTF-16 surrogate '\\udc00'; a surrogate escape must be a high-low pair"),
            ("\"a\tb\"", "1:3: control character U+0009 in a string; write it escaped (\\n, \\t, \\u00XX)"),
            ("[1] x", "1:5: expected the end of the input, found 'x'"),
            ("[\u{0}]", "1:2: expected a JSON value, found a NUL byte"),
            ("{\"a\":[1,{\"b\":", "1:14: expected a value, found the end of the input (is the text cut short?)"),
          ])
    func reportsInvalidDocuments(text: String, expected: String) {
        do {
            _ = try JSONDocument.parse(text)
            Issue.record("parsed invalid JSON \(text)")
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test("invalid UTF-8 is an error at its byte")
    func rejectsInvalidUTF8() {
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0xC0, 0x80, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xE2, 0x82]] {
            #expect(throws: JSONError.invalidUTF8(at: SourceLocation(line: 1, column: 2, offset: 1))) {
                try JSONDocument.parse(bytes)
            }
        }
    }

    @Test("deep nesting is an error, not a stack overflow")
    func limitsNesting() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONError.nestingTooDeep(limit: 512, at: SourceLocation(line: 1, column: 513, offset: 512))) {
            try JSONDocument.parse(deep)
        }
        let fine = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect((try? JSONDocument.parse(fine))?.valueCount == 500)
    }

    @Test("long strings scanned eight bytes at a time still find escapes and quotes")
    func scansLongStrings() throws {
        let long = String(repeating: "abcdefgh", count: 20) + "\\\"" + String(repeating: "x", count: 13) + "한글"
        let doc = try JSONDocument.parse("[\"\(long)\"]")
        #expect(doc.root.elements[0].stringValue == String(repeating: "abcdefgh", count: 20) + "\"" + String(repeating: "x", count: 13) + "한글")
    }

    @Test("a UTF-8 byte order mark is skipped")
    func skipsByteOrderMark() throws {
        let doc = try JSONDocument.parse([0xEF, 0xBB, 0xBF] + Array("{\"a\":1}".utf8))
        #expect(doc.root["a"]?.intValue == 1)
    }

    @Test("huge numbers parse and keep their text; they never crash the number accessors")
    func hugeNumbers() throws {
        let doc = try JSONDocument.parse("[1e999999, -1e999999, 123456789012345678901234567890, 1e-999999, 0.0000000000000000000000001]")
        let elements = doc.root.elements
        #expect(elements.map(\.numberText) == ["1e999999", "-1e999999", "123456789012345678901234567890", "1e-999999", "0.0000000000000000000000001"])
        #expect(elements[0].doubleValue == .infinity)
        #expect(elements[0].intValue == nil)
        #expect(elements[0].isInteger == false)
        #expect(elements[2].intValue == nil)
        #expect(elements[2].isInteger)
        #expect(elements[3].doubleValue == 0)
    }

    @Test("truncated input at every position is an error with a place, never a crash")
    func truncatedInput() {
        let text = Array(#"{"a": [1, 2.5, "x\u00e9", true, null, {"b": false}]}"#.utf8)
        for length in 0..<text.count {
            do {
                _ = try JSONDocument.parse(Array(text[0..<length]))
                Issue.record("parsed a truncated document of \(length) bytes")
            } catch {
                #expect(error.location != nil)
            }
        }
    }

    @Test("unclosed brackets fill the tape to one entry per byte and still end in a clean error (found by the fuzzer)")
    func unclosedBrackets() {
        for text in ["[[[[[[[[[[", "[{\"a\":[[[[", "{\"\":[{\"\":[", "[", "[[]", "[[],[[],["] {
            #expect(throws: JSONError.self) { try JSONDocument.parse(text) }
        }
        let deep = String(repeating: "[", count: 400)
        do {
            _ = try JSONDocument.parse(deep)
            Issue.record("parsed unclosed brackets")
        } catch {
            #expect(error.description == "1:401: expected a value or ']', found the end of the input (is the text cut short?)")
        }
    }

    @Test("members made one at a time are the members of the array, for nested, escaped, duplicate and empty objects and for non-objects",
          arguments: [#"{"a": 1, "b\u0063": {"x": [1, {"y": 2}]}, "a": null, "": "e"}"#, "{}", "[1, 2]", #""text""#, "3"])
    func memberSequenceMatchesMembers(text: String) throws {
        let document = try JSONDocument.parse(text)
        var nodes = [document.root]
        var index = 0
        while index < nodes.count {
            let node = nodes[index]
            let one = Array(node.memberSequence).map { "\($0.key) \($0.keyNode.index) \($0.value.index)" }
            let all = node.members.map { "\($0.key) \($0.keyNode.index) \($0.value.index)" }
            #expect(one == all)
            nodes += node.members.map(\.value) + node.elements
            index += 1
        }
        #expect(Array(document.root.memberSequence).count == document.root.members.count)
    }
}

