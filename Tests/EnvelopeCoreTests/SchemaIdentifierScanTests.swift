import Testing
@testable import EnvelopeCore

/// The compiler skips its walk for `$id`s and anchors in a document whose text cannot hold
/// one; these pin down that the text scan never misses one, escaped or not.
@Suite("Compiling: documents without identifiers")
struct SchemaIdentifierScanTests {
    private func mayIdentify(_ text: String) -> Bool {
        SchemaCompiler.mayIdentify(SharedBytes(Array(text.utf8)))
    }

    @Test("the scan finds $id, $anchor and $dynamicAnchor keys, and any \\u escape, which could spell one")
    func scanFindsEveryWayToWriteAnIdentifier() {
        #expect(!mayIdentify(#"{"type": "object", "properties": {"id": {"type": "string"}}}"#))
        #expect(!mayIdentify(##"{"$ref": "#/$defs/a", "$defs": {"a": {"const": "$idea"}}}"##))
        #expect(!mayIdentify(#"{"description": "a \"quoted\" word \\ and a tab\t"}"#))
        #expect(mayIdentify(#"{"$id": "https://example.com/a"}"#))
        #expect(mayIdentify(#"{"items": {"$anchor": "item"}}"#))
        #expect(mayIdentify(#"{"$dynamicAnchor": "node"}"#))
        #expect(mayIdentify(#"{"\u0024id": "x"}"#))
        #expect(mayIdentify(#"{"$i\u0064": "x"}"#))
        #expect(mayIdentify(#"{"description": "\u00e9"}"#))
    }

    @Test("an anchor whose key is written with escapes is still found and its $ref resolves")
    func escapedAnchorResolves() throws {
        let schema = #"""
            {"$ref": "#item", "$defs": {"item": {"\u0024anchor": "item", "type": "object", "required": ["id"]}}}
            """#
        #expect(summary(try findings(#"{"id": 1}"#, schema)).isEmpty)
        #expect(summary(try findings(#"{}"#, schema)) == ["missing-key /id 1/1 a value (required) | absent @1:1"])
    }

    @Test("a schema's $ref to a plain $defs entry resolves without any identifier in the document")
    func plainReferencesStillResolve() throws {
        let schema = ##"{"$ref": "#/$defs/item", "$defs": {"item": {"type": "integer"}}}"##
        #expect(summary(try findings("1", schema)).isEmpty)
        #expect(summary(try findings("\"1\"", schema)).map { $0.hasPrefix("type-mismatch") } == [true])
    }

    @Test("looking a member up by name compares code points, last one wins, escapes decoded")
    func memberLookUp() throws {
        let document = try JSONDocument.parse(#"{"a": 1, "b": 2, "a\u0301": 3, "\u0062": 4, "long key name here": 5}"#, options: JSONParseOptions(duplicateKeys: .keepLast))
        #expect(document.root["a"]?.intValue == 1)
        #expect(document.root["b"]?.intValue == 4)
        #expect(document.root["a\u{301}"]?.intValue == 3)
        #expect(document.root["á"] == nil)
        #expect(document.root["long key name here"]?.intValue == 5)
        #expect(document.root["c"] == nil)
        #expect(try JSONDocument.parse("[1]").root["a"] == nil)
    }
}
