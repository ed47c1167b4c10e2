import EnvelopeCore
@testable import EnvelopeYAML
import Testing

@Suite("YAML locations: every value and every error names the YAML file's line:column")
struct YAMLLocationTests {
    @Test("keys and values carry their YAML line:column and UTF-8 byte offset")
    func valueLocations() throws {
        let text = "openapi: 3.1.0\ninfo:\n  title: 메뉴 API\n  tags: [a, 한글]\n"
        let root = try YAMLDocument.parse(Array(text.utf8)).root
        let info = try #require(root["info"])
        #expect(info.location == SourceLocation(line: 3, column: 3, offset: 23))
        let member = try #require(info.members.first)
        #expect(member.keyLocation == SourceLocation(line: 3, column: 3, offset: 23))
        #expect(member.value.location == SourceLocation(line: 3, column: 10, offset: 30))
        let tags = try #require(info["tags"]?.elements)
        // Columns count characters: 한글 starts after "  tags: [a, " on line 4.
        #expect(tags[1].location.line == 4)
        #expect(tags[1].location.column == 13)
        #expect(tags[1].stringValue == "한글")
        let bytes = Array(text.utf8)
        #expect(String(decoding: bytes[tags[1].location.offset..<tags[1].location.offset + 6], as: UTF8.self) == "한글")
    }

    @Test("CRLF line ends count as one line break; locations are the same as with LF")
    func crlf() throws {
        let lf = "a: 1\nb:\n  c: x\n"
        let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
        let one = try #require(try YAMLDocument.parse(Array(lf.utf8)).root["b"]?["c"])
        let other = try #require(try YAMLDocument.parse(Array(crlf.utf8)).root["b"]?["c"])
        #expect(one.location.line == 3 && one.location.column == 6)
        #expect(other.location.line == 3 && other.location.column == 6)
        #expect(other.location.offset == 15)
        #expect(yamlError("a: 1\r\na: 2\r\n") == .duplicateKey("a", at: SourceLocation(line: 2, column: 1, offset: 6), first: SourceLocation(line: 1, column: 1, offset: 0)))
    }

    @Test("a UTF-8 byte order mark is skipped without shifting the first line's columns")
    func byteOrderMark() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("a: 1\nb: x\n".utf8)
        let root = try YAMLDocument.parse(bytes).root
        #expect(root["a"]?.location == SourceLocation(line: 1, column: 4, offset: 6))
        #expect(root["b"]?.location == SourceLocation(line: 2, column: 4, offset: 11))
    }

    @Test("syntax errors name line:column and what libyaml expected")
    func syntaxErrors() {
        let error = yamlError("a: b: c\n")
        #expect(error?.location == SourceLocation(line: 1, column: 5, offset: 4))
        #expect(error?.message == "mapping values are not allowed in this context")
        let unclosed = yamlError("a:\n  b: [1, 2\nc: 3\n")
        #expect(unclosed?.location?.line == 3)
        #expect(unclosed?.message.contains("while parsing a flow sequence that starts at 2:6") == true)
        let indent = yamlError("a:\n  b: 1\n c: 2\n")
        #expect(indent?.description.hasPrefix("3:") == true)
    }

    @Test("text that is not UTF-8 is refused at its byte")
    func invalidUTF8() {
        let error = yamlError(Array("a: \"".utf8) + [0xFF] + Array("\"\n".utf8))
        #expect(error == .invalidText(problem: "invalid leading UTF-8 octet", at: SourceLocation(line: 1, column: 5, offset: 4)))
        #expect(error?.message == "invalid leading UTF-8 octet; a YAML file must be UTF-8 text")
    }

    @Test("NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR written as is are refused (libyaml would break the line there, YAML 1.2 does not); escaped they read")
    func ambiguousLineBreaks() throws {
        let error = yamlError("a: 1\nurl: \"https\u{85}://x\"\n")
        #expect(error == .ambiguousLineBreak("U+0085 (NEXT LINE)", at: SourceLocation(line: 2, column: 12, offset: 16)))
        #expect(error?.message == #"found U+0085 (NEXT LINE), a line break to YAML 1.1 (and to libyaml) but not to YAML 1.2; write it as an escape in a double-quoted string ("\u0085")"#)
        #expect(yamlError("a: \u{2028}\n")?.location == SourceLocation(line: 1, column: 4, offset: 3))
        #expect(yamlError("# \u{2029}\na: 1\n") != nil)
        #expect(try yamlValue(#"a: "x\u2028y\Lz""#)["a"] == .string("x\u{2028}y\u{2028}z"))
    }

    @Test("an aliased node's values are placed where the anchored node is written")
    func aliasLocations() throws {
        let root = try YAMLDocument.parse(Array("a: &x {k: v}\nb: *x\n".utf8)).root
        #expect(root["b"]?["k"]?.location == SourceLocation(line: 1, column: 11, offset: 10))
    }
}
