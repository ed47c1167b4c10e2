import Testing
@testable import EnvelopeCore

/// Lines and columns of byte offsets, one at a time and many at once.
@Suite("Source locations")
struct SourceLocationTests {
    static let texts = [
        "",
        "{}",
        "{\n  \"a\": 1,\n  \"b\": [true, null]\n}\n",
        "{\r\n\t\"메뉴\": \"학사 일정\",\r\n\t\"e\": \"e\u{301}\", \"😀\": 1\r\n}",
        "\n\n\n",
    ]

    @Test("one offset is placed exactly as the many-offset pass places it, for every offset and beyond both ends")
    func singleAgreesWithMany() {
        for text in Self.texts {
            let bytes = Array(text.utf8)
            let offsets = Array(-2...(bytes.count + 2))
            bytes.withUnsafeBufferPointer { buffer in
                let many = SourceLocation.locate(offsets: offsets, in: buffer)
                for (position, offset) in offsets.enumerated() {
                    #expect(SourceLocation.locate(offset: offset, in: buffer) == many[position], "offset \(offset) of \(text.debugDescription)")
                }
            }
        }
    }

    @Test("a large document places offsets through its line table exactly as the scan from the start does")
    func largeDocumentLineTable() throws {
        var text = "[\n"
        for index in 0..<4000 { text += "  {\"메뉴\": \"학사 \(index)\", \"n\": \(index)},\r\n" }
        text += "  null\n]"
        let bytes = Array(text.utf8)
        #expect(bytes.count > JSONDocument.lineTableThreshold)
        let document = try JSONDocument.parse(bytes)
        let offsets = [-1, 0, 1, 2, 3, 57, 1000, bytes.count / 2, bytes.count - 2, bytes.count - 1, bytes.count, bytes.count + 5]
            + bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }.prefix(50).flatMap { [$0, $0 + 1] }
        bytes.withUnsafeBufferPointer { buffer in
            for offset in offsets {
                #expect(document.location(ofOffset: offset) == SourceLocation.locate(offset: offset, in: buffer), "offset \(offset)")
            }
        }
    }

    @Test("columns count code points and lines count line feeds")
    func linesAndColumns() {
        let bytes = Array("{\r\n\t\"메뉴\": 1}".utf8)
        let offset = bytes.count - 2  // the "1"
        let location = bytes.withUnsafeBufferPointer { SourceLocation.locate(offset: offset, in: $0) }
        #expect(location == SourceLocation(line: 2, column: 8, offset: offset))
    }
}

/// Child pointers built in one string.
@Suite("JSON Pointer building")
struct JSONPointerBuildingTests {
    @Test("appending a token escapes ~ and / as RFC 6901 says, whatever the pointer and the token")
    func appendingEscapes() {
        let pointers = ["", "#", "/a", "#/properties/a very long property name past fifteen bytes", "/학사"]
        let tokens = ["", "a", "~", "/", "a/b~c", "~1", "학사 일정", "e\u{301}", "😀/~"]
        for pointer in pointers {
            for token in tokens {
                let built = JSONPointer.appending(token, to: pointer)
                #expect(built == pointer + "/" + JSONPointer.escape(token))
                #expect(JSONPointer.tokens(String(built.dropFirst(pointer.count)))?.last == token)
            }
            #expect(JSONPointer.appending(index: 12, to: pointer) == pointer + "/12")
        }
    }
}
