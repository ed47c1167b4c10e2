import Testing
@testable import EnvelopeCore

/// Infers a body schema from sample texts and prints it as `envelope infer` would.
private func inferred(_ samples: [String], options: InferenceOptions = InferenceOptions()) throws -> String {
    var inferrer = SchemaInferrer(options: options)
    for sample in samples { inferrer.add(try JSONDocument.parse(sample)) }
    return SchemaPrinter.print(inferrer.schema())
}

/// `value` with every array's elements and every object's members shuffled.
private func shuffled(_ value: JSONValue, using generator: inout SplitMix64) -> JSONValue {
    switch value {
    case .array(let elements): return .array(elements.map { shuffled($0, using: &generator) }.shuffled(using: &generator))
    case .object(let members):
        return .object(members.map { JSONValue.Member(key: $0.key, value: shuffled($0.value, using: &generator)) }.shuffled(using: &generator))
    default: return value
    }
}

@Suite("Schema inference")
struct InferenceTests {
    @Test("types, nesting, required, nullable, formats and enums come out as documented, in the documented key order")
    func wholeSchema() throws {
        let samples = [
            #"{"id": 1, "price": 2, "name": "a", "when": "2024-05-01T09:30:00Z", "state": "open", "tags": [{"k": "x", "n": null}], "meta": {"page": 1}}"#,
            #"{"id": 2, "price": 2.5, "name": "b", "when": "2024-05-02T10:00:00+09:00", "state": "open", "tags": [{"k": "y", "n": 3}, {"k": "z"}], "meta": {"page": 2}}"#,
            #"{"id": 3, "price": 3, "name": null, "when": "2024-05-03T11:00:00.5Z", "state": "closed", "tags": [], "gone": null}"#,
            #"{"id": 4, "price": 4, "name": "d", "when": "2024-05-04T12:00:00Z", "state": "closed", "tags": [], "meta": {"page": 3}}"#,
            #"{"id": 5, "price": 5, "name": "e", "when": "2024-05-05T12:00:00Z", "state": "open", "tags": []}"#,
            #"{"id": 6, "price": 6, "name": "f", "when": "2024-05-06T12:00:00Z", "state": "closed", "tags": []}"#,
        ]
        #expect(try inferred(samples, options: InferenceOptions(extractItems: false)) == """
            {
              "type": "object",
              "properties": {
                "gone": {
                  "$comment": "Only null was seen here in the samples; add the type it has when it has a value."
                },
                "id": { "type": "integer" },
                "meta": {
                  "type": "object",
                  "properties": {
                    "page": { "type": "integer" }
                  },
                  "required": ["page"]
                },
                "name": { "type": ["string", "null"] },
                "price": { "type": "number" },
                "state": { "type": "string", "enum": ["closed", "open"] },
                "tags": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "properties": {
                      "k": { "type": "string" },
                      "n": { "type": ["integer", "null"] }
                    },
                    "required": ["k"]
                  }
                },
                "when": { "type": "string", "format": "date-time" }
              },
              "required": ["id", "name", "price", "state", "tags", "when"]
            }
            """)
    }

    @Test("a format is given only when every value matches it, and never becomes an enum")
    func formatsOnlyWhenAllMatch() throws {
        let all = try inferred([#"["a@example.com", "b@example.org", "a@example.com", "a@example.com", "b@example.org", "b@example.org"]"#])
        #expect(all.contains(#""format": "email""#))
        #expect(!all.contains("enum"))
        let one = try inferred([#"["https://example.com/a", "not a link"]"#])
        #expect(!one.contains("format"))
        for (text, format) in [("2024-05-01", "date"), ("123e4567-e89b-12d3-a456-426614174000", "uuid"), ("https://example.com/x?y=1", "uri")] {
            #expect(try inferred(["[\"\(text)\"]"]).contains("\"format\": \"\(format)\""))
        }
        #expect(!(try inferred([#"["2024-13-01"]"#]).contains("format")))
    }

    @Test("an enum needs repeats: six different names are not a closed set, and the threshold is configurable")
    func enumThreshold() throws {
        #expect(!(try inferred([#"["a", "b", "c", "d", "e", "f"]"#]).contains("enum")))
        #expect(try inferred([#"["a", "b", "a", "b", "a", "b"]"#]).contains(#""enum": ["a", "b"]"#))
        #expect(try inferred([#"["a", "b", "a", "b", "a", "b", null]"#]).contains(#""enum": ["a", "b", null]"#))
        #expect(!(try inferred([#"["a", "b", "a", "b", "a", "b"]"#], options: InferenceOptions(enumMaxValues: 0)).contains("enum")))
        // One value seen many times proves nothing about the others.
        #expect(!(try inferred([#"["KRW", "KRW", "KRW", "KRW"]"#]).contains("enum")))
    }

    @Test("the items of an envelope's one list go to $defs/item")
    func envelopeItems() throws {
        let schema = try inferred([#"{"result": {"list": [{"a": 1}], "total": 1}, "message": "ok"}"#])
        #expect(schema.contains(##""items": { "$ref": "#/$defs/item" }"##))
        #expect(schema.hasSuffix("""
              "$defs": {
                "item": {
                  "type": "object",
                  "properties": {
                    "a": { "type": "integer" }
                  },
                  "required": ["a"]
                }
              }
            }
            """))
        // Two lists of objects: no single payload, so nothing moves.
        #expect(!(try inferred([#"{"a": [{"x": 1}], "b": [{"y": 1}]}"#]).contains("$defs")))
    }

    @Test("shuffled samples, elements and keys give byte-identical output")
    func orderIndependent() throws {
        let samples = [
            #"{"items": [{"id": 1, "kind": "a", "at": "2024-01-01"}, {"id": 2, "kind": "b", "extra": true}, {"id": 3.5, "kind": "a", "at": null}], "next": null}"#,
            #"{"items": [{"id": 4, "kind": "b", "at": "2024-01-02"}, {"id": 5, "kind": "a"}, {"id": 6, "kind": "b", "sub": {"x": [1, "two", null]}}], "next": "abc"}"#,
            #"{"items": [], "next": "def", "warning": "slow"}"#,
        ]
        let expected = try inferred(samples)
        let seed: UInt64 = 42
        var generator = SplitMix64(seed: seed)
        for round in 0..<20 {
            let values = try samples.map { try JSONDocument.parse($0).root.value }
            let mixed = values.map { shuffled($0, using: &generator).serialized() }.shuffled(using: &generator)
            #expect(try inferred(mixed) == expected, "seed \(seed), round \(round): \(mixed)")
        }
    }

    @Test("shared shapes, their names and the enum evidence do not depend on the order of samples, elements and keys")
    func sharingOrderIndependent() throws {
        let link = { (kind: String, id: Int) in "{\"name\": \"\(kind)-\(id)\", \"url\": \"https://x.test/\(kind)/\(id)/\"}" }
        let org = #"{"login": "acme", "plan": "free"}"#
        let samples = [
            "{\"moves\": [{\"move\": \(link("move", 1)), \"at\": 1}, {\"move\": \(link("move", 2)), \"at\": 2}], \"species\": \(link("species", 1)), "
                + "\"w\": {\"move\": {\"id\": 1}, \"w\": 1}, \"x\": {\"move\": {\"name\": \"a\"}, \"x\": 1}, \"teams\": [{\"org\": \(org), \"k\": \"a\"}, {\"org\": \(org), \"k\": \"b\"}]}",
            "{\"moves\": [], \"species\": \(link("species", 2)), \"y\": {\"move\": {\"name\": \"b\"}, \"y\": 1}, \"z\": {\"move\": {\"id\": 2}, \"z\": 1}, "
                + "\"teams\": [{\"org\": \(org), \"k\": \"a\"}, {\"org\": \(org), \"k\": \"b\"}, {\"org\": \(org), \"k\": \"a\"}, {\"org\": \(org), \"k\": \"b\"}]}",
        ]
        let expected = try inferred(samples)
        #expect(expected.contains("$defs"))
        let seed: UInt64 = 7
        var generator = SplitMix64(seed: seed)
        for round in 0..<20 {
            let values = try samples.map { try JSONDocument.parse($0).root.value }
            let mixed = values.map { shuffled($0, using: &generator).serialized() }.shuffled(using: &generator)
            #expect(try inferred(mixed) == expected, "seed \(seed), round \(round): \(mixed)")
        }
    }
}
