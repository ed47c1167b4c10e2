import Testing
@testable import EnvelopeCore

/// The inferrer after reading `samples`.
private func inferrer(_ samples: [String], options: InferenceOptions = InferenceOptions()) throws -> SchemaInferrer {
    var inferrer = SchemaInferrer(options: options)
    for sample in samples { inferrer.add(try JSONDocument.parse(sample)) }
    return inferrer
}

/// The inferred body schema, printed as `envelope infer` prints it.
private func inferred(_ samples: [String], options: InferenceOptions = InferenceOptions()) throws -> String {
    SchemaPrinter.print(try inferrer(samples, options: options).schema())
}

/// How often `needle` occurs in `text`.
private func occurrences(of needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
}

/// A JSON array holding each of `values` `times` times, as strings.
private func repeated(_ values: [String], times: Int) -> String {
    "[" + (0..<times).flatMap { _ in values }.map { JSONValue.quoted($0) }.joined(separator: ", ") + "]"
}

@Suite("Schema inference: shared shapes, enum evidence, required keys, notes")
struct InferenceRulesTests {
    // MARK: - Shared shapes

    @Test("a shape met at several places is written once under $defs, named after its key, and referenced from each place")
    func sharedShape() throws {
        let sample = #"""
            {"moves": [{"move": {"name": "a", "url": "https://x.test/move/1/"}, "level": 1}],
             "learned": {"move": {"name": "b", "url": "https://x.test/move/2/"}, "at": 3},
             "last": {"move": {"name": "c", "url": "https://x.test/move/3/"}, "by": "me"}}
            """#
        let schema = try inferred([sample], options: InferenceOptions(extractItems: false))
        #expect(occurrences(of: ##""move": { "$ref": "#/$defs/move" }"##, in: schema) == 3)
        #expect(schema.hasSuffix("""
              "$defs": {
                "move": {
                  "type": "object",
                  "properties": {
                    "name": { "type": "string" },
                    "url": { "type": "string", "format": "uri" }
                  },
                  "required": ["name", "url"]
                }
              }
            }
            """))
        #expect(!(try inferred([sample], options: InferenceOptions(extractItems: false, shareShapes: false))).contains("$defs"))
    }

    @Test("one shape under several keys is one definition: the majority key names it, else its properties when few")
    func sharedAcrossKeys() throws {
        let link = #"{"name": "n", "url": "https://x.test/1/"}"#
        let mixed = try inferred(["{\"ability\": \(link), \"species\": \(link), \"forms\": [\(link)]}"], options: InferenceOptions(extractItems: false))
        #expect(mixed.contains(##""ability": { "$ref": "#/$defs/name-url" }"##))
        #expect(mixed.contains(##""items": { "$ref": "#/$defs/name-url" }"##))
        #expect(occurrences(of: "#/$defs/", in: mixed) == 3)
        let mostly = try inferred(["{\"a\": {\"type\": \(link), \"x\": 1}, \"b\": {\"type\": \(link), \"y\": 1}, \"kind\": \(link)}"])
        #expect(occurrences(of: ##"{ "$ref": "#/$defs/type" }"##, in: mostly) == 3)
    }

    @Test("distinct shapes that want one name get a number, in an order that does not depend on the samples")
    func nameClash() throws {
        let sample = #"{"w": {"move": {"id": 1}, "w": 1}, "x": {"move": {"name": "a"}, "x": 1}, "y": {"move": {"name": "b"}, "y": 1}, "z": {"move": {"id": 2}, "z": 1}}"#
        let schema = try inferred([sample])
        // /w/move comes first, so its shape ({id}) keeps the name.
        #expect(schema.contains("""
                "move": {
                  "type": "object",
                  "properties": {
                    "id": { "type": "integer" }
                  },
                  "required": ["id"]
                },
                "move2": {
                  "type": "object",
                  "properties": {
                    "name": { "type": "string" }
            """))
        #expect(occurrences(of: ##"{ "$ref": "#/$defs/move" }"##, in: schema) == 2)
        #expect(occurrences(of: ##"{ "$ref": "#/$defs/move2" }"##, in: schema) == 2)
        #expect(try inferred([#"{"z": {"z": 1, "move": {"id": 2}}, "y": {"move": {"name": "b"}, "y": 1}, "x": {"move": {"name": "a"}, "x": 1}, "w": {"move": {"id": 1}, "w": 1}}"#]) == schema)
    }

    @Test("a shape met only inside another shared shape stays inline in it")
    func nestedShape() throws {
        let team = #"{"lead": {"login": "a", "site": {"host": "h", "port": 1}}, "size": 3}"#
        let schema = try inferred(["{\"red\": \(team), \"blue\": \(team)}"])
        // Two teams under different keys: named after the shape's two properties.
        #expect(occurrences(of: "#/$defs/", in: schema) == 2)
        #expect(schema.contains(##""blue": { "$ref": "#/$defs/lead-size" }"##))
        #expect(schema.contains(#""site": {"#))
    }

    @Test("a definition name that is no plain URI fragment is escaped in the $ref")
    func escapedReference() {
        #expect(InferredSchemaWriter.reference(to: "move") == "#/$defs/move")
        #expect(InferredSchemaWriter.reference(to: "a/b c") == "#/$defs/a~1b%20c")
        #expect(InferredSchemaWriter.reference(to: "메뉴") == "#/$defs/%EB%A9%94%EB%89%B4")
    }

    // MARK: - Enums

    @Test("no enum from links, paths, ids or free text, however often they repeat", arguments: [
        ("links", ["https://x.test/api/v2/move-learn-method/1/", "https://x.test/api/v2/move-learn-method/2/"]),
        ("relative links", ["www.x.test/a", "?page=2&size=10"]),
        ("paths", ["/api/v2/move-learn-method/12/", "/api/v2/move-learn-method/4/"]),
        ("paths without a leading slash", ["api/v2/move", "api/v2/ability"]),
        ("numbers", ["12", "40"]),
        ("hex ids", ["5f3a9c1e", "a1b2c3d4"]),
        ("ids with a number", ["user_12345", "ORD-0001"]),
        ("long tokens", ["ghp_a1b2c3d4e5f6g7h8", "ghp_z9y8x7w6v5u4t3s2"]),
        ("free text", ["leave at door", "call first"]),
        ("mail addresses beside a code", ["kim@example.com", "none"]),
    ])
    func noEnumFromNonCodes(_ name: String, _ values: [String]) throws {
        let schema = try inferred([repeated(values, times: 5)])
        #expect(!schema.contains("enum"), "\(name): \(schema)")
    }

    @Test("codes still become enums: words, kebab-case, short codes, a media type")
    func codesStillEnums() throws {
        for values in [["paid", "shipped"], ["level-up", "machine"], ["KRW", "USD"], ["Y", "N"], ["text/html", "application/json"]] {
            #expect(try inferred([repeated(values, times: 3)]).contains("\"enum\""), "\(values)")
        }
        #expect(EnumCandidate.rejection(of: "in_progress", maxLength: 40) == nil)
        #expect(EnumCandidate.rejection(of: "/a/b", maxLength: 40) == .path)
        #expect(EnumCandidate.rejection(of: "https://x.test/", maxLength: 40) == .formatted)
        #expect(EnumCandidate.rejection(of: "ftp:/x?a=1&b=2", maxLength: 40) == .link)
        #expect(EnumCandidate.rejection(of: "2 words", maxLength: 40) == .freeText)
        #expect(EnumCandidate.rejection(of: "v2.1.0", maxLength: 40) == nil)
        #expect(EnumCandidate.rejection(of: "2.1.0", maxLength: 40) == .identifier)
        #expect(EnumCandidate.rejection(of: "abcdefghijk", maxLength: 10) == .tooLong)
    }

    @Test("an embedded object seen again counts once: one organization inside many teams is one sample of its login")
    func repeatedEmbeddedObject() throws {
        let acme = #"{"login": "acme", "id": 1}"#
        let globex = #"{"login": "globex", "id": 2}"#
        let teams = (0..<6).map { index in "{\"id\": \(index), \"privacy\": \"\(index % 2 == 0 ? "closed" : "secret")\", \"organization\": \(index < 3 ? acme : globex)}" }
        let schema = try inferred(["[" + teams.joined(separator: ", ") + "]"])
        #expect(schema.contains(#""login": { "type": "string" }"#))
        // The teams themselves differ, so their privacy is evidence six times over.
        #expect(schema.contains(#""privacy": { "type": "string", "enum": ["closed", "secret"] }"#))
        // Six different organizations with two kinds are evidence again.
        let many = (0..<6).map { index in "{\"organization\": {\"id\": \(index), \"kind\": \"\(index % 2 == 0 ? "user" : "org")\"}}" }
        #expect(try inferred(["[" + many.joined(separator: ", ") + "]"]).contains(#""enum": ["org", "user"]"#))
        // The same sample twice is one sample.
        let states = #"{"orders": [{"id": 1, "state": "paid"}, {"id": 2, "state": "open"}]}"#
        #expect(!(try inferred([states, states, states])).contains("enum"))
    }

    // MARK: - Required keys

    @Test("--required: common lists keys every object had (the default), every lists every key, none lists none")
    func requiredRules() throws {
        let samples = [#"[{"a": 1, "b": 2}, {"a": 3}]"#]
        #expect(try inferred(samples).contains(#""required": ["a"]"#))
        #expect(try inferred(samples, options: InferenceOptions(required: .every)).contains(#""required": ["a", "b"]"#))
        #expect(!(try inferred(samples, options: InferenceOptions(required: .none))).contains("required"))
    }

    // MARK: - Notes

    @Test("an array always empty gets items {} and a $comment; only null and only empty objects too; each is a note with its pointer")
    func notes() throws {
        let samples = [#"{"tags": [], "next": null, "meta": {}, "list": [{"extra": []}]}"#, #"{"tags": [], "next": null, "meta": {}, "list": []}"#]
        let schema = try inferred(samples)
        #expect(schema.contains("""
                "tags": {
                  "$comment": "Every array here was empty in the samples, so the items are unknown; describe them in items.",
                  "type": "array",
                  "items": {}
                }
            """))
        #expect(schema.contains(#""$comment": "Only null was seen here in the samples; add the type it has when it has a value.""#))
        #expect(schema.contains(#""$comment": "Every object here was empty in the samples; add its properties, or additionalProperties if it is a map.""#))
        let notes = try inferrer(samples).notes()
        #expect(notes == [
            InferenceNote(pointer: "/list/*/extra", kind: .noElements),
            InferenceNote(pointer: "/meta", kind: .noKeys),
            InferenceNote(pointer: "/next", kind: .onlyNull),
            InferenceNote(pointer: "/tags", kind: .noElements),
        ])
        #expect(notes[0].message == "/list/*/extra: every array was empty, so its items are {} (anything); describe them in items")
        #expect(try inferrer([#"{"a": [1]}"#]).notes() == [])
    }
}
