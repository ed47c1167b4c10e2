import Testing
@testable import EnvelopeCore

/// `SchemaNode` keeps its rarely used keywords in a shared box: a node must still behave as a
/// value, and a schema without such keywords must not pay for a box.
@Suite("Schema node storage")
struct SchemaNodeStorageTests {
    func compiledNodes(_ body: String) throws -> [SchemaNode] {
        let text = "{\"contract\": \"c\", \"request\": {\"path\": \"/x\"}, \"response\": {\"body\": \(body)}}"
        let contract = try ContractLoader.load(Array(text.utf8), file: "c.json") { path in throw TestFileMissing(path: path) }
        return contract.schema.nodes
    }

    @Test("a schema with only common keywords has no box of rare keywords")
    func commonKeywordsNeedNoBox() throws {
        let nodes = try compiledNodes("{\"type\": \"object\", \"required\": [\"a\"], \"properties\": {\"a\": {\"type\": \"string\", \"format\": \"date\"}, \"b\": {\"enum\": [1, 2]}}}")
        #expect(nodes.count == 3)
        #expect(nodes.allSatisfy { $0.rare == nil })
    }

    @Test("rare keywords are compiled into the box and read back through the node")
    func rareKeywordsRoundTrip() throws {
        let nodes = try compiledNodes("{\"type\": \"string\", \"minLength\": 2, \"maxLength\": 5, \"pattern\": \"^a\", \"not\": {\"const\": \"ab\"}}")
        let root = try #require(nodes.first)
        #expect(root.rare != nil)
        #expect(root.minLength == 2)
        #expect(root.maxLength == 5)
        #expect(root.pattern?.source == "^a")
        #expect(root.not == 1)
        #expect(root.hasStringKeywords)
        #expect(root.hasCombinators)
        #expect(nodes[1].rare == nil)
    }

    @Test("changing a rare keyword of a copy leaves the original as it was")
    func copiesAreIndependent() throws {
        let original = try #require(try compiledNodes("{\"minimum\": 1, \"maximum\": 9}").first)
        var copy = original
        #expect(copy.rare === original.rare)
        copy.maximum = 3
        copy.minItems = 4
        #expect(copy.rare !== original.rare)
        #expect(original.maximum == 9)
        #expect(original.minItems == nil)
        #expect(copy.minimum == 1)
        #expect(copy.maximum == 3)
        #expect(copy.minItems == 4)
    }

    @Test("a node without a box gets one when a rare keyword is set, and only that node")
    func settingOnANodeWithoutABox() {
        let original = SchemaNode(file: "c.json", pointer: "", location: SourceLocation(line: 1, column: 1, offset: 0))
        var copy = original
        copy.uniqueItems = true
        #expect(original.rare == nil)
        #expect(!original.uniqueItems)
        #expect(copy.uniqueItems)
    }
}
