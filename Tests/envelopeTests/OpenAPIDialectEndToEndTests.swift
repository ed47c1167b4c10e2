import Foundation
import Testing

/// The OpenAPI dialect's rules that decide which findings an answer gets, through the built
/// binary (`envelope validate` of contracts that `$ref` Fixtures/OpenAPI/rules-3.0.json and
/// rules-3.1.json): the reference test compares verdicts with openapi-core; these pin down the
/// findings themselves.
@Suite("OpenAPI dialect findings through envelope validate", .temporaryFolders)
struct OpenAPIDialectEndToEndTests {
    /// The findings (`kind pointer`) of `answer` against the component `schema` of `document`,
    /// with the exit code.
    static func findings(_ document: String, _ schema: String, _ answer: String, settings: String = "") throws -> (exit: Int32, findings: [String]) {
        let project = try OpenAPIProject(documents: [document])
        let contract = try project.contract("c", body: "api/\(document)#/components/schemas/\(schema)", settings: settings)
        let file = try project.file("answer.json", answer)
        let run = try Envelope.run(["validate", contract, file, "--format", "json"], in: project.root)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any], "\(run.standardOutput)\(run.standardError)")
        let results = report["results"] as? [[String: Any]] ?? []
        let findings = (results.first?["findings"] as? [[String: Any]] ?? []).map { "\($0["kind"] ?? "") \($0["pointer"] ?? "")" }
        return (run.exitCode, findings)
    }

    @Test("3.0 writeOnly: a required writeOnly property may be absent from an answer, and one sent anyway is breaking; readOnly stays required")
    func readOnlyAndWriteOnly() throws {
        let absent = try Self.findings("rules-3.0.json", "User", #"{"id": 1}"#)
        #expect(absent.exit == 0 && absent.findings.isEmpty, "\(absent)")
        let leaked = try Self.findings("rules-3.0.json", "User", #"{"id": 1, "password": "hunter2"}"#)
        #expect(leaked.exit == 1)
        #expect(leaked.findings == ["constraint-violation /password"], "\(leaked)")
        let noID = try Self.findings("rules-3.0.json", "User", "{}")
        #expect(noID.findings == ["missing-key /id"], "\(noID)")
    }

    @Test("a discriminator's mapping chooses the branch, and only that branch's findings are reported")
    func discriminatorChoosesTheBranch() throws {
        let mapped = try Self.findings("rules-3.0.json", "Animal", #"{"petType": "hound", "bark": "woof"}"#)
        #expect(mapped.exit == 0 && mapped.findings.isEmpty, "\(mapped)")
        // `hound` maps to Dog: a Cat's keys do not make it pass, and Dog's findings are the ones said.
        let wrongBranch = try Self.findings("rules-3.0.json", "Animal", #"{"petType": "hound", "lives": 9}"#)
        #expect(wrongBranch.findings.contains("missing-key /bark"), "\(wrongBranch)")
        #expect(!wrongBranch.findings.contains { $0.hasPrefix("no-branch-matches") || $0.contains("oneOf") }, "\(wrongBranch)")
        let byName = try Self.findings("rules-3.0.json", "Animal", #"{"petType": "Dog", "bark": 1}"#)
        #expect(byName.findings == ["type-mismatch /bark"], "\(byName)")
        let unknown = try Self.findings("rules-3.0.json", "Animal", #"{"petType": "Bird"}"#)
        #expect(unknown.findings == ["enum-violation /petType"], "\(unknown)")
    }

    @Test("3.0 nullable beside $ref and allOf: null passes, another value gets the schema's own findings")
    func nullableBesideReference() throws {
        #expect(try Self.findings("rules-3.0.json", "NullablePetRef", "null").findings.isEmpty)
        let wrong = try Self.findings("rules-3.0.json", "NullablePet", #"{"name": 1}"#)
        #expect(wrong.exit == 1 && wrong.findings.contains("type-mismatch /name"), "\(wrong)")
        #expect(!wrong.findings.contains { $0.hasPrefix("type-mismatch ") && $0 != "type-mismatch /name" }, "\(wrong)")
    }

    @Test("3.0's boolean exclusiveMinimum makes the bound exclusive; 3.1's number form is exclusive as JSON Schema says")
    func exclusiveBounds() throws {
        let atBound = try Self.findings("rules-3.0.json", "Bounds", "1")
        #expect(atBound.exit == 1 && !atBound.findings.isEmpty, "\(atBound)")
        #expect(try Self.findings("rules-3.0.json", "Bounds", "1.5").findings.isEmpty)
        #expect(try Self.findings("rules-3.1.json", "Limit", "0").exit == 1)
        #expect(try Self.findings("rules-3.1.json", "Limit", "1").findings.isEmpty)
    }

    @Test("3.0 format is an annotation unless the contract asserts formats")
    func formatIsAnAnnotation() throws {
        #expect(try Self.findings("rules-3.0.json", "When", #""soon""#).findings.isEmpty)
        let asserted = try Self.findings("rules-3.0.json", "When", #""soon""#, settings: #""assertFormats": true"#)
        #expect(asserted.exit == 1 && asserted.findings.count == 1, "\(asserted)")
    }

    @Test("x-extensible-enum: a new value is a warning, not breaking")
    func extensibleEnum() throws {
        let new = try Self.findings("rules-3.0.json", "State", #""archived""#)
        #expect(new.exit == 0 && new.findings == ["unknown-enum-value "], "\(new)")
    }
}

/// What loading an OpenAPI document refuses or honours, through `envelope validate`.
@Suite("OpenAPI documents' loading rules through envelope validate", .temporaryFolders)
struct OpenAPILoadingEndToEndTests {
    /// `envelope validate` of `answer` against `#/components/schemas/NAME` of `api.yaml`
    /// (written as `yaml`), with extra `files` beside it.
    static func run(_ yaml: String, schema: String, answer: String, files: [String: String] = [:], options: [String] = []) throws -> RunResult {
        let project = try OpenAPIProject(documents: [])
        try project.file("Contracts/api/api.yaml", yaml)
        for (name, text) in files { try project.file("Contracts/api/\(name)", text) }
        let contract = try project.contract("c", body: "api/api.yaml#/components/schemas/\(schema)")
        return try Envelope.run(["validate", contract, "-"] + options, in: project.root, input: answer)
    }

    @Test("YAML anchors and aliases repeat a schema; YAML 1.2 reads no and on as strings, not booleans")
    func anchorsAndCoreSchema() throws {
        let yaml = """
            openapi: 3.0.3
            info: {title: t, version: "1"}
            paths: {}
            components:
              schemas:
                Pair:
                  type: object
                  required: [left, right]
                  properties:
                    left: &side
                      type: string
                      enum: [no, on]
                    right: *side
            """
        #expect(try Self.run(yaml, schema: "Pair", answer: #"{"left": "no", "right": "on"}"#).exitCode == 0)
        let wrong = try Self.run(yaml, schema: "Pair", answer: #"{"left": "no", "right": false}"#)
        #expect(wrong.exitCode == 1)
        #expect(wrong.standardOutput.contains("/right"), "\(wrong.standardOutput)")
    }

    @Test("a duplicate key in a YAML document is a load error at file:line:column, exit 2")
    func duplicateKeys() throws {
        let yaml = "openapi: 3.0.3\ninfo: {title: t, version: \"1\"}\npaths: {}\ncomponents:\n  schemas:\n    S: {type: string}\n    S: {type: integer}\n"
        let result = try Self.run(yaml, schema: "S", answer: #""a""#)
        #expect(result.exitCode == 2)
        #expect(result.standardError.contains("api/api.yaml:7:5: error:"), "\(result.standardError)")
        #expect(result.standardError.contains("duplicate"), "\(result.standardError)")
    }

    @Test("3.1's jsonSchemaDialect is honoured: a meta-schema without the validation vocabulary turns type off")
    func jsonSchemaDialect() throws {
        let meta = #"{"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://schemas.example.com/meta.json", "$vocabulary": {"https://json-schema.org/draft/2020-12/vocab/core": true, "https://json-schema.org/draft/2020-12/vocab/applicator": true}}"#
        let yaml = "openapi: 3.1.0\ninfo: {title: t, version: \"1\"}\njsonSchemaDialect: https://schemas.example.com/meta.json\npaths: {}\ncomponents:\n  schemas:\n    S: {type: string}\n"
        let off = try Self.run(yaml, schema: "S", answer: "5", files: ["meta.json": meta], options: ["--map-ref", "https://schemas.example.com/=Contracts/api"])
        #expect(off.exitCode == 0, "\(off.standardOutput)\(off.standardError)")
        let base = yaml.replacingOccurrences(of: "https://schemas.example.com/meta.json", with: "https://spec.openapis.org/oas/3.1/dialect/base")
        let on = try Self.run(base, schema: "S", answer: "5")
        #expect(on.exitCode == 1, "\(on.standardOutput)\(on.standardError)")
        #expect(on.standardOutput.contains("type-mismatch"), "\(on.standardOutput)")
    }

    @Test("3.1's $schema in a schema resource is honoured for that resource only: its meta-schema turns type off there")
    func schemaInResource() throws {
        let meta = #"{"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://schemas.example.com/meta.json", "$vocabulary": {"https://json-schema.org/draft/2020-12/vocab/core": true, "https://json-schema.org/draft/2020-12/vocab/applicator": true}}"#
        let yaml = """
            openapi: 3.1.0
            info: {title: t, version: "1"}
            paths: {}
            components:
              schemas:
                Pair:
                  type: object
                  properties:
                    loose: {$ref: '#/components/schemas/Loose'}
                    strict: {type: string}
                Loose:
                  $id: https://schemas.example.com/loose.json
                  $schema: https://schemas.example.com/meta.json
                  type: string
            """
        let options = ["--map-ref", "https://schemas.example.com/=Contracts/api"]
        let loose = try Self.run(yaml, schema: "Pair", answer: #"{"loose": 5, "strict": "s"}"#, files: ["meta.json": meta], options: options)
        #expect(loose.exitCode == 0, "\(loose.standardOutput)\(loose.standardError)")
        let strict = try Self.run(yaml, schema: "Pair", answer: #"{"loose": 5, "strict": 5}"#, files: ["meta.json": meta], options: options)
        #expect(strict.exitCode == 1, "\(strict.standardOutput)\(strict.standardError)")
        #expect(strict.standardOutput.contains("/strict") && !strict.standardOutput.contains("/loose"), "\(strict.standardOutput)")
    }

    @Test("a schema that applies itself without moving into the data is a load error naming the cycle, not a hang")
    func inPlaceCycle() throws {
        let yaml = "openapi: 3.0.3\ninfo: {title: t, version: \"1\"}\npaths: {}\ncomponents:\n  schemas:\n    A:\n      anyOf:\n        - $ref: '#/components/schemas/A'\n        - type: string\n"
        let result = try Self.run(yaml, schema: "A", answer: #""a""#)
        #expect(result.exitCode == 2)
        #expect(result.standardError.contains("$ref cycle that never reaches the data: "), "\(result.standardError)")
    }
}
