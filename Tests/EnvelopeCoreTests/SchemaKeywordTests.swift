import Testing
@testable import EnvelopeCore

/// The compiler tells keywords apart by their bytes; escaped keys must mean the same.
@Suite("Schema keywords read from bytes")
struct SchemaKeywordTests {
    @Test("every keyword is found from its spelling, and near misses are not keywords")
    func spellings() {
        for keyword in SchemaKeyword.allCases {
            let found = Array(keyword.rawValue.utf8).withUnsafeBufferPointer { SchemaKeyword(bytes: $0) }
            #expect(found == keyword)
        }
        for key in ["", "typ", "types", "Type", "$re", "$refs", "title", "nullable", "contentSchemas", "x"] {
            #expect(Array(key.utf8).withUnsafeBufferPointer { SchemaKeyword(bytes: $0) } == nil, "\(key)")
        }
    }

    @Test("a keyword written with escapes is the same keyword")
    func escapedKeys() throws {
        let text = ##"{"contract": "c", "request": {"path": "/x"}, "response": {"body": {"\u0074ype": "object", "requir\u0065d": ["a"], "prop\u0065rties": {"a": {"\u0024ref": "#/$defs/s"}}, "$defs": {"s": {"type": "string"}}}}}"##
        let contract = try ContractLoader.load(Array(text.utf8), file: "c.json") { path in throw TestFileMissing(path: path) }
        let root = try #require(contract.schema.nodes.first)
        #expect(root.types == .object)
        #expect(root.required == ["a"])
        #expect(root.properties.map(\.name) == ["a"])
        let property = contract.schema.nodes[root.properties[0].schema]
        let target = try #require(property.ref)
        #expect(contract.schema.nodes[target].types == .string)
    }
}
