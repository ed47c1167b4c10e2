import EnvelopeCore
import Testing

/// What ``SchemaExampleGenerator`` makes of a schema: examples and enums first, then values
/// that fit formats, bounds, lengths and simple patterns, required keys only unless asked,
/// and recursion that stops.
@Suite("Schema example generator")
struct SchemaExampleGeneratorTests {
    /// The value generated for the schema at `pointer` of `document` (JSON text).
    static func generate(_ document: String, at pointer: String = "", allProperties: Bool = false) throws -> String {
        let parsed = try JSONDocument.parse(document)
        let documents = OpenAPIDocumentSet(rootFile: "api.json", document: parsed) { file throws(OpenAPIImportError) in
            throw .unreadable(file: file, at: nil, reason: "no other files")
        }
        let node = try #require(parsed.root.resolve(pointer: pointer))
        let generator = SchemaExampleGenerator(documents: documents, includesAllProperties: allProperties)
        return try generator.value(for: OpenAPINode(node: node, file: "api.json", pointer: pointer)).serialized()
    }

    @Test("a schema's example, const, first enum value and default come before anything generated")
    func ownValuesFirst() throws {
        #expect(try Self.generate(#"{"type": "integer", "example": 7, "default": 3}"#) == "7")
        #expect(try Self.generate(#"{"type": "string", "examples": ["a", "b"]}"#) == #""a""#)
        #expect(try Self.generate(#"{"const": "fixed"}"#) == #""fixed""#)
        #expect(try Self.generate(#"{"type": "string", "enum": [null, "new", "paid"]}"#) == #""new""#)
        #expect(try Self.generate(#"{"type": "boolean", "default": false}"#) == "false")
    }

    @Test("strings fit their format, simple pattern and lengths", arguments: [
        (#"{"type": "string", "format": "date-time"}"#, #""2024-01-15T09:30:00Z""#),
        (#"{"type": "string", "format": "email"}"#, #""user@example.com""#),
        (#"{"type": "string", "format": "uuid"}"#, #""3fa85f64-5717-4562-b3fc-2c963f66afa0""#),
        (#"{"type": "string", "format": "uri"}"#, #""https://example.com/""#),
        (#"{"type": "string", "pattern": "^[A-Z]{2}-\\d{4}$"}"#, #""AA-1111""#),
        (#"{"type": "string", "minLength": 10}"#, #""stringxxxx""#),
        (#"{"type": "string", "maxLength": 3}"#, #""str""#),
    ])
    func strings(_ schema: String, expected: String) throws {
        #expect(try Self.generate(schema) == expected)
    }

    @Test("numbers sit inside their bounds and on multipleOf", arguments: [
        (#"{"type": "integer"}"#, "1"),
        (#"{"type": "integer", "minimum": 10, "maximum": 20}"#, "10"),
        (#"{"type": "integer", "exclusiveMinimum": 10}"#, "11"),
        (#"{"type": "integer", "maximum": -5}"#, "-5"),
        (#"{"type": "integer", "minimum": 3, "multipleOf": 5}"#, "5"),
        (#"{"type": "number", "minimum": 0.1, "maximum": 0.9}"#, "0.5"),
        (#"{"type": ["null", "number"]}"#, "1.5"),
    ])
    func numbers(_ schema: String, expected: String) throws {
        #expect(try Self.generate(schema) == expected)
    }

    @Test("objects carry their required keys only, or every property when asked; arrays one element or minItems")
    func objectsAndArrays() throws {
        let schema = #"{"type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}, "note": {"type": "string"}}}"#
        #expect(try Self.generate(schema) == #"{"id":1}"#)
        #expect(try Self.generate(schema, allProperties: true) == #"{"id":1,"note":"note"}"#)
        #expect(try Self.generate(#"{"type": "array", "items": {"type": "integer"}}"#) == "[1]")
        #expect(try Self.generate(#"{"type": "array", "minItems": 3, "items": {"type": "integer"}}"#) == "[1,2,3]")
        #expect(try Self.generate(#"{"type": "array", "maxItems": 0, "items": {"type": "integer"}}"#) == "[]")
    }

    @Test("allOf branches merge, oneOf takes its first branch, $refs are followed")
    func combinators() throws {
        let document = #"""
        {"components": {"schemas": {
          "New": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}},
          "Pet": {"allOf": [{"$ref": "#/components/schemas/New"}, {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer", "format": "int64"}}}]},
          "Either": {"oneOf": [{"type": "string", "format": "date"}, {"type": "integer"}]}
        }}}
        """#
        #expect(try Self.generate(document, at: "/components/schemas/Pet") == #"{"name":"name","id":1}"#)
        #expect(try Self.generate(document, at: "/components/schemas/Either") == #""2024-01-15""#)
    }

    @Test("a recursive schema stops: an optional property back to itself is left out, and the same schema gives the same value")
    func recursion() throws {
        let document = #"""
        {"components": {"schemas": {
          "Node": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"},
                   "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}},
                   "parent": {"$ref": "#/components/schemas/Node"}}}
        }}}
        """#
        let all = try Self.generate(document, at: "/components/schemas/Node", allProperties: true)
        #expect(all.hasPrefix(#"{"name":"name","children":["#))
        #expect(!all.contains("parent"))
        #expect(try Self.generate(document, at: "/components/schemas/Node", allProperties: true) == all)
    }
}
