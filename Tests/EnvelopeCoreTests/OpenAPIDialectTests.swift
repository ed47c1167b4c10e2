import Testing
@testable import EnvelopeCore

/// An OpenAPI document of `version` whose components' schemas are `schemas` (a JSON object's
/// members), with `top` added to its top level.
private func document(_ schemas: String, version: String = "3.0.3", top: String = "") -> String {
    #"{"openapi": "\#(version)", "info": {"title": "t", "version": "1"}, "paths": {}\#(top.isEmpty ? "" : ", " + top), "components": {"schemas": {\#(schemas)}}}"#
}

/// Loads a contract whose body is `{"$ref": "api.json#/components/schemas/<name>"}`, with
/// `api.json` being `api` and `settings` at the contract's top level.
private func load(_ name: String, in api: String, settings: String = "", files: [String: String] = [:]) throws -> Contract {
    let text = #"{"contract": "t", "request": {"path": "/t"}, "response": {"body": {"$ref": "api.json#/components/schemas/\#(name)"}}\#(settings.isEmpty ? "" : ", " + settings)}"#
    let all = files.merging(["api.json": api]) { first, _ in first }
    return try ContractLoader.load(Array(text.utf8), file: "t.json") { path in
        guard let file = all[path] else { throw TestFileMissing(path: path) }
        return Array(file.utf8)
    }
}

/// The error that loading `name` from `api` fails with, as text.
private func loadError(_ name: String, in api: String, files: [String: String] = [:]) -> String {
    do {
        _ = try load(name, in: api, files: files)
        return "loaded"
    } catch {
        return "\(error)"
    }
}

/// `kind severity pointer expected | actual`, one line per finding.
private func lines(_ body: String, _ contract: Contract) -> [String] {
    validate(ObservedResponse(status: 200, body: Array(body.utf8)), against: contract, source: "t").findings.map {
        "\($0.kind.rawValue) \($0.severity.rawValue) \($0.pointer) \($0.expected) | \($0.actual)"
    }
}

/// Whether `body` meets the contract in the JSON Schema sense.
private func isValid(_ body: String, _ contract: Contract) -> Bool {
    validate(ObservedResponse(status: 200, body: Array(body.utf8)), against: contract, source: "t").valid
}

private let pet = #""Pet": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}"#

@Suite("OpenAPI 3.0 and 3.1 schemas, read in their dialect")
struct OpenAPIDialectTests {
    @Test("3.0 nullable beside type adds null to the type, and beside enum to the enum")
    func nullableBesideTypeAndEnum() throws {
        let api = document(#""S": {"type": "object", "properties": {"a": {"type": "string", "nullable": true}, "e": {"type": "string", "enum": ["x", "y"], "nullable": true}, "n": {"type": "string", "nullable": false}}}"#)
        let contract = try load("S", in: api)
        #expect(lines(#"{"a": null, "e": null, "n": "s"}"#, contract).isEmpty)
        #expect(lines(#"{"a": 3, "e": "z", "n": null}"#, contract) == [
            "type-mismatch breaking /a string or null | 3",
            #"enum-violation breaking /e one of "x", "y", null | "z""#,
            "unexpected-null breaking /n string | null",
        ])
    }

    @Test("3.0 nullable beside $ref or allOf means 'this schema or null'; another value gets the schema's own findings")
    func nullableBesideReferenceAndAllOf() throws {
        let api = document(pet + ##", "S": {"type": "object", "properties": {"r": {"$ref": "#/components/schemas/Pet", "nullable": true}, "a": {"allOf": [{"$ref": "#/components/schemas/Pet"}], "nullable": true}, "plain": {"$ref": "#/components/schemas/Pet"}}}"##)
        let contract = try load("S", in: api)
        #expect(lines(#"{"r": null, "a": null, "plain": {"name": "p"}}"#, contract).isEmpty)
        #expect(lines(#"{"r": {}, "a": {"name": 1}, "plain": null}"#, contract) == [
            "missing-key breaking /r/name string (required) | absent",
            "type-mismatch breaking /a/name string | 1",
            "unexpected-null breaking /plain object | null",
        ])
    }

    @Test("3.0 ignores the keys beside $ref (other than nullable)")
    func referenceSiblingsIgnored() throws {
        let api = document(##""Code": {"type": "string"}, "S": {"$ref": "#/components/schemas/Code", "maxLength": 1, "description": "ignored"}"##)
        #expect(lines(#""long""#, try load("S", in: api)).isEmpty)
    }

    @Test("3.0's boolean exclusiveMinimum and exclusiveMaximum make the bound beside them exclusive")
    func booleanExclusiveBounds() throws {
        let api = document(#""S": {"type": "object", "properties": {"x": {"type": "number", "minimum": 1, "exclusiveMinimum": true, "maximum": 9, "exclusiveMaximum": true}, "y": {"type": "number", "minimum": 1, "exclusiveMinimum": false}}}"#)
        let contract = try load("S", in: api)
        #expect(isValid(#"{"x": 5, "y": 1}"#, contract))
        #expect(!isValid(#"{"x": 1}"#, contract))
        #expect(!isValid(#"{"x": 9}"#, contract))
        #expect(lines(#"{"x": 1, "y": 2}"#, contract) == ["constraint-violation breaking /x more than 1 | 1"])
    }

    @Test("a schema error in an OpenAPI document names its line:column there")
    func schemaErrorsPointIntoTheDocument() {
        let api = "{\"openapi\": \"3.0.0\",\n \"components\": {\"schemas\": {\n  \"S\": {\"type\": \"number\", \"minimum\": 1, \"exclusiveMinimum\": 1}}}}"
        #expect(loadError("S", in: api) == "api.json:3:61: error: invalid schema at /components/schemas/S/exclusiveMinimum: in OpenAPI 3.0, 'exclusiveMinimum' is true or false and makes 'minimum' exclusive, found 1 (the number form is OpenAPI 3.1's)")
        let nullable = "{\"openapi\": \"3.0.0\",\n \"components\": {\"schemas\": {\n  \"S\": {\"type\": \"string\", \"nullable\": \"yes\"}}}}"
        #expect(loadError("S", in: nullable) == "api.json:3:39: error: invalid schema at /components/schemas/S/nullable: 'nullable' is true or false, found \"yes\"")
    }

    @Test("example, xml, externalDocs and deprecated are annotations (example is no typo of examples)")
    func annotations() throws {
        let api = document(#""S": {"type": "string", "example": "x", "xml": {"name": "s"}, "externalDocs": {"url": "https://example.com"}, "deprecated": true}"#)
        #expect(lines(#""s""#, try load("S", in: api)).isEmpty)
        let v31 = document(#""S": {"type": "string", "example": "x", "xml": {"name": "s"}}"#, version: "3.1.0")
        #expect(lines(#""s""#, try load("S", in: v31)).isEmpty)
    }

    @Test("3.0 writeOnly properties are not expected in an answer: never required, and refused when sent; readOnly ones stay required")
    func writeOnlyByDirection() throws {
        let api = document(#""User": {"type": "object", "required": ["id", "password"], "properties": {"id": {"type": "integer", "readOnly": true}, "password": {"type": "string", "writeOnly": true}}}"#)
        let contract = try load("User", in: api)
        #expect(lines(#"{"id": 1}"#, contract).isEmpty)
        #expect(lines(#"{"id": 1, "password": "hunter2"}"#, contract) == [
            #"constraint-violation breaking /password no such key in an answer (the property is writeOnly: only sent in requests) | "hunter2""#,
        ])
        #expect(lines(#"{"password": "x"}"#, contract).first == "missing-key breaking /id integer (required) | absent")
    }

    @Test("a discriminator picks the branch by the property's value, and only that branch's findings are reported")
    func discriminatorChoosesTheBranch() throws {
        let api = document(##"""
            "Cat": {"type": "object", "required": ["petType", "lives"], "properties": {"petType": {"type": "string"}, "lives": {"type": "integer"}}},
            "Dog": {"type": "object", "required": ["petType", "bark"], "properties": {"petType": {"type": "string"}, "bark": {"type": "string"}}},
            "Pet": {"oneOf": [{"$ref": "#/components/schemas/Cat"}, {"$ref": "#/components/schemas/Dog"}], "discriminator": {"propertyName": "petType", "mapping": {"hound": "#/components/schemas/Dog"}}}
            """##)
        let contract = try load("Pet", in: api)
        #expect(lines(#"{"petType": "Cat", "lives": 9}"#, contract).isEmpty)
        #expect(lines(#"{"petType": "hound", "bark": "woof"}"#, contract).isEmpty)
        #expect(lines(#"{"petType": "Dog", "bark": 1}"#, contract) == ["type-mismatch breaking /bark string | 1"])
        #expect(lines(#"{"petType": "Cat", "lives": "nine"}"#, contract) == ["type-mismatch breaking /lives integer | \"nine\""])
        #expect(lines(#"{"petType": "Bird"}"#, contract) == [#"enum-violation breaking /petType one of "hound", "Cat", "Dog" | "Bird""#])
        #expect(lines(#"{"lives": 9}"#, contract) == [#"missing-key breaking /petType one of "hound", "Cat", "Dog" (required) | absent"#])
        #expect(lines("7", contract) == ["type-mismatch breaking  object | 7"])
    }

    @Test("x-extensible-enum is an open enum: a new value is a warning unknown-enum-value; x-envelope-open: false closes it")
    func extensibleEnumIsOpen() throws {
        let api = document(#""S": {"type": "object", "properties": {"state": {"type": "string", "x-extensible-enum": ["new", "paid"]}, "closed": {"type": "string", "x-extensible-enum": ["a"], "x-envelope-open": false}}}"#)
        let contract = try load("S", in: api)
        #expect(lines(#"{"state": "paid", "closed": "a"}"#, contract).isEmpty)
        #expect(lines(#"{"state": "shipped", "closed": "b"}"#, contract) == [
            #"unknown-enum-value warning /state one of "new", "paid" (an open enum) | "shipped""#,
            #"enum-violation breaking /closed one of "a" | "b""#,
        ])
    }

    @Test("3.0's format is an annotation unless the contract asserts formats")
    func formatIsAnAnnotation() throws {
        let api = document(#""S": {"type": "string", "format": "date-time"}"#)
        #expect(lines(#""soon""#, try load("S", in: api)).isEmpty)
        #expect(lines(#""soon""#, try load("S", in: api, settings: #""assertFormats": true"#)).map { $0.prefix(20) } == ["constraint-violation"])
    }

    @Test("a Swagger 2.0 document is refused with what to do; so is an OpenAPI version Envelope does not read")
    func swaggerRefused() {
        let swagger = #"{"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {}, "definitions": {"Pet": {"type": "object"}}}"#
        let text = #"{"contract": "t", "request": {"path": "/t"}, "response": {"body": {"$ref": "api/swagger.json#/definitions/Pet"}}}"#
        do {
            _ = try ContractLoader.load(Array(text.utf8), file: "t.json") { _ in Array(swagger.utf8) }
            Issue.record("a Swagger 2.0 document loaded")
        } catch {
            #expect("\(error)" == "t.json:1:76: error: cannot resolve $ref 'api/swagger.json#/definitions/Pet': the $ref leads into a Swagger 2.0 document (api/swagger.json); Envelope reads OpenAPI 3.0 and 3.1: convert it (e.g. with swagger2openapi) and point the $ref at the result")
        }
        #expect(loadError("Pet", in: document(pet, version: "4.0.0")).hasSuffix("the $ref leads into an OpenAPI 4.0.0 document (api.json); Envelope reads OpenAPI 3.0 and 3.1 (the 'openapi' member says 3.0.x or 3.1.x)"))
    }

    @Test("3.1 schemas are JSON Schema 2020-12: type lists with null, nullable refused as elsewhere, discriminator still applies")
    func openAPI31IsJSONSchema() throws {
        let api = document(##"""
            "A": {"type": "object", "required": ["kind", "a"], "properties": {"kind": {"const": "A"}, "a": {"type": ["integer", "null"]}}},
            "B": {"type": "object", "required": ["kind"], "properties": {"kind": {"const": "B"}}},
            "U": {"anyOf": [{"$ref": "#/components/schemas/A"}, {"$ref": "#/components/schemas/B"}], "discriminator": {"propertyName": "kind"}}
            """##, version: "3.1.0")
        let contract = try load("U", in: api)
        #expect(lines(#"{"kind": "A", "a": null}"#, contract).isEmpty)
        #expect(lines(#"{"kind": "A", "a": "x"}"#, contract) == [#"type-mismatch breaking /a integer or null | "x""#])
        let nullable = document(#""S": {"type": "string", "nullable": true}"#, version: "3.1.0")
        #expect(loadError("S", in: nullable).contains("schema keyword 'nullable' is not JSON Schema 2020-12"))
    }

    @Test("3.1's jsonSchemaDialect is honoured: a meta-schema without the validation vocabulary turns those keywords off")
    func jsonSchemaDialectHonoured() throws {
        let meta = #"{"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "file:///meta.json", "$vocabulary": {"https://json-schema.org/draft/2020-12/vocab/core": true, "https://json-schema.org/draft/2020-12/vocab/applicator": true}}"#
        let api = document(#""S": {"type": "string"}"#, version: "3.1.0", top: #""jsonSchemaDialect": "file:///meta.json""#)
        #expect(lines("5", try load("S", in: api, files: ["meta.json": meta])).isEmpty)
        let base = document(#""S": {"type": "string"}"#, version: "3.1.0", top: #""jsonSchemaDialect": "https://spec.openapis.org/oas/3.1/dialect/base""#)
        #expect(lines("5", try load("S", in: base)) == ["type-mismatch breaking  string | 5"])
    }

    @Test("3.1 component schemas' $id and $anchor are found")
    func componentIdentifiers() throws {
        let api = document(##""Money": {"$anchor": "money", "type": "number"}, "S": {"type": "object", "properties": {"price": {"$ref": "#money"}}}"##, version: "3.1.0")
        #expect(lines(#"{"price": "1"}"#, try load("S", in: api)) == [#"type-mismatch breaking /price number | "1""#])
    }

    @Test("a schema that applies itself to the same value through allOf/anyOf (never moving into the data) is a load error, not a stack overflow")
    func inPlaceCyclesRefused() {
        let api = document(##""A": {"anyOf": [{"$ref": "#/components/schemas/A"}, {"$ref": "#/components/schemas/B"}]}, "B": {"allOf": [{"$ref": "#/components/schemas/A"}]}"##)
        #expect(loadError("A", in: api) == "api.json:1:107: error: $ref cycle that never reaches the data: api.json#/components/schemas/A -> api.json#/components/schemas/A/anyOf/0 -> api.json#/components/schemas/A")
    }

    @Test("recursive schemas ($ref cycles through properties) load and validate deep answers")
    func recursiveSchemas() throws {
        let api = document(##""Node": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}}, "parent": {"allOf": [{"$ref": "#/components/schemas/Node"}], "nullable": true}}}"##)
        let contract = try load("Node", in: api)
        var body = #"{"name": "leaf", "parent": null, "children": []}"#
        for depth in 0..<200 { body = #"{"name": "n\#(depth)", "parent": null, "children": [\#(body)]}"# }
        #expect(lines(body, contract).isEmpty)
        let broken = body.replacingOccurrences(of: #""name": "leaf""#, with: #""name": 1"#)
        #expect(lines(broken, contract).map { $0.suffix(10) } == ["string | 1"])
    }
}
