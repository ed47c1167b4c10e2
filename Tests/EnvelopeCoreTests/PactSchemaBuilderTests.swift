import Testing
@testable import EnvelopeCore

/// How pact matching rules become schema: Pact's cascade (a rule reaches inside the value it
/// names, the most specific rule wins), equality by default, and Java date formats.
@Suite("Pact rules as schema")
struct PactSchemaBuilderTests {
    static func schema(_ example: String, rules: [(String, [PactMatcher])]) throws -> JSONValue {
        let location = SourceLocation(line: 1, column: 1, offset: 0)
        var builder = PactSchemaBuilder(rules: try rules.map { (try #require(PactPath.parse($0.0)), PactRuleSet(matchers: $0.1, location: location)) })
        return builder.schema(for: try JSONDocument.parse(example).root.value)
    }

    @Test("a type rule on the body reaches every value inside it; a deeper rule wins where it applies")
    func cascade() throws {
        let schema = try Self.schema(#"{"a": {"b": 1, "c": "x"}}"#, rules: [("$", [.type(min: nil, max: nil)]), ("$.a.c", [.equality])])
        #expect(schema["properties"]?["a"]?["properties"]?["b"] == .object([.init(key: "type", value: .string("number"))]))
        #expect(schema["properties"]?["a"]?["properties"]?["c"] == .object([.init(key: "const", value: .string("x"))]))
        #expect(schema["properties"]?["a"]?["required"] == .array([.string("b"), .string("c")]))
    }

    @Test("without rules an array must hold the same items in order; eachLike's min applies to the array it names only")
    func arrays() throws {
        let exact = try Self.schema(#"[1, 2]"#, rules: [])
        #expect(exact["prefixItems"] == .array([.object([.init(key: "const", value: .number("1"))]), .object([.init(key: "const", value: .number("2"))])]))
        #expect(exact["items"] == .bool(false) && exact["minItems"] == .number("2"))
        let like = try Self.schema(#"{"rows": [[1]]}"#, rules: [("$.rows", [.type(min: 2, max: nil)])])
        #expect(like["properties"]?["rows"]?["minItems"] == .number("2"))
        #expect(like["properties"]?["rows"]?["items"]?["minItems"] == nil)
    }

    @Test("Java date formats become anchored expressions; an unknown letter is refused")
    func dateFormats() {
        #expect(PactDateFormat.pattern("yyyy-MM-dd'T'HH:mm:ss.SSSXXX") == #"^\d{1,4}-(0?[1-9]|1[0-2])-(0?[1-9]|[12][0-9]|3[01])T([01]?[0-9]|2[0-3]):[0-5]?[0-9]:[0-5]?[0-9]\.\d{1,3}(Z|[+-]\d{2}:\d{2})$"#)
        #expect(PactDateFormat.pattern("EEE, d MMM yyyy") == #"^[A-Za-z]{3}, (0?[1-9]|[12][0-9]|3[01]) [A-Za-z]{3} \d{1,4}$"#)
        #expect(PactDateFormat.pattern("yyyy-QQ") == nil)
    }
}
