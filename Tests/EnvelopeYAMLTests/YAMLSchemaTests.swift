@testable import EnvelopeCore
@testable import EnvelopeYAML
import Testing

/// A file the in-memory reader does not have.
struct MissingFile: Error, CustomStringConvertible {
    var path: String
    var description: String { "no such file \(path)" }
}

@Suite("Contracts whose schemas are YAML files")
struct YAMLSchemaTests {
    static let petstore = """
        openapi: 3.1.0
        components:
          schemas:
            Pet:
              type: object
              required: [id, name]
              properties:
                id: {type: integer}
                name: {type: string}
                tag:
                  $ref: tag.yml#/Tag
        """
    static let tag = "Tag:\n  type: string\n  maxLength: 8\n"

    func contract(body: String = #"{"$ref": "schemas/petstore.yaml#/components/schemas/Pet"}"#,
                  files: [String: String], parseYAML: SchemaCompiler.YAMLParser? = YAMLDocument.parser) throws(ContractError) -> Contract {
        let text = #"{"contract": "pet", "request": {"path": "/pet"}, "response": {"status": 200, "body": \#(body)}}"#
        var options = ContractLoadOptions()
        options.parseYAML = parseYAML
        return try ContractLoader.load(Array(text.utf8), file: "pet.json", read: { path in
            guard let file = files[path] else { throw MissingFile(path: path) }
            return Array(file.utf8)
        }, options: options)
    }

    func loadError(_ files: [String: String], parseYAML: SchemaCompiler.YAMLParser? = YAMLDocument.parser) -> String {
        do {
            _ = try contract(files: files, parseYAML: parseYAML)
            return "loaded"
        } catch {
            return error.description
        }
    }

    @Test("a body $ref into a YAML OpenAPI document, and from it into another YAML file, validates answers")
    func validatesThroughYAML() throws {
        let loaded = try contract(files: ["schemas/petstore.yaml": Self.petstore, "schemas/tag.yml": Self.tag])
        let good = validate(ObservedResponse(status: 200, body: Array(#"{"id": 1, "name": "Rex", "tag": "dog"}"#.utf8)), against: loaded, source: "t")
        #expect(good.findings.isEmpty)
        let bad = validate(ObservedResponse(status: 200, body: Array("{\"id\": \"1\",\n \"tag\": \"a very long tag\"}".utf8)), against: loaded, source: "t")
        #expect(bad.findings.map { "\($0.pointer) \($0.kind.rawValue) \($0.location.map(String.init(describing:)) ?? "-")" }.sorted()
                == ["/id type-mismatch 1:8", "/name missing-key 1:1", "/tag constraint-violation 2:9"].sorted())
    }

    @Test("a schema error inside a YAML file names the YAML file's line:column")
    func schemaErrorInYAML() {
        let broken = Self.petstore.replacingOccurrences(of: "name: {type: string}", with: "name: {type: text}")
        #expect(loadError(["schemas/petstore.yaml": broken, "schemas/tag.yml": Self.tag])
                == "schemas/petstore.yaml:9:22: error: invalid schema at /components/schemas/Pet/properties/name/type: 'type' expects one of object, array, string, number, integer, boolean, null (or a list of them), found \"text\"")
        let misspelt = Self.tag.replacingOccurrences(of: "maxLength", with: "maxLenght")
        #expect(loadError(["schemas/petstore.yaml": Self.petstore, "schemas/tag.yml": misspelt])
                == "schemas/tag.yml:3:3: error: unknown schema keyword 'maxLenght'; did you mean 'maxLength'? (see docs/contracts.md for the keywords Envelope supports)")
    }

    @Test("a $ref inside a YAML file that leads nowhere names its place in the YAML file")
    func unresolvedReferenceInYAML() {
        #expect(loadError(["schemas/petstore.yaml": Self.petstore])
                == "schemas/petstore.yaml:11:17: error: cannot resolve $ref 'tag.yml#/Tag': cannot read schemas/tag.yml: no such file schemas/tag.yml")
    }

    @Test("a broken YAML file is a load error at its line:column")
    func brokenYAML() {
        #expect(loadError(["schemas/petstore.yaml": "components:\n  schemas:\n    Pet: {type: object\n"])
                == "schemas/petstore.yaml:4:1: error: not valid YAML: did not find expected ',' or '}' while parsing a flow mapping that starts at 3:10")
        #expect(loadError(["schemas/petstore.yaml": "components: 1\ncomponents: 2\n"])
                == "schemas/petstore.yaml:2:1: error: not valid YAML: duplicate key \"components\" (first at 1:1); each key may appear once in a mapping")
    }

    @Test("without a YAML reader (Core alone, as on iOS) a YAML file is refused with advice")
    func noReader() {
        #expect(loadError(["schemas/petstore.yaml": Self.petstore], parseYAML: nil)
                == "schemas/petstore.yaml: error: cannot read YAML: YAML files are read by the envelope command (its libyaml reader), not here; convert the file to JSON")
    }

    @Test("$id and $anchor inside YAML are found like in JSON")
    func identifiersInYAML() throws {
        let schema = "$defs:\n  name:\n    $anchor: petName\n    type: string\n"
        let loaded = try contract(body: #"{"$ref": "schemas/names.yaml#petName"}"#, files: ["schemas/names.yaml": schema])
        let result = validate(ObservedResponse(status: 200, body: Array("3".utf8)), against: loaded, source: "t")
        #expect(result.findings.map(\.kind) == [.typeMismatch])
    }

    @Test("which files are YAML is by name: .yaml and .yml in any case, before a fragment or query")
    func yamlByName() {
        #expect(SchemaCompiler.isYAML("file:///schemas/a.yaml"))
        #expect(SchemaCompiler.isYAML("file:///schemas/a.YML"))
        #expect(SchemaCompiler.isYAML("https://example.com/api.yaml?v=2"))
        #expect(!SchemaCompiler.isYAML("file:///schemas/a.json"))
        #expect(!SchemaCompiler.isYAML("file:///schemas/yaml"))
        #expect(!SchemaCompiler.isYAML("file:///a.json#/x.yaml"))
    }
}
