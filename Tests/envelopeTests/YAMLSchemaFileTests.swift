import Foundation
import Testing

/// Contracts whose body schemas are YAML files (an OpenAPI document, mostly), through the
/// built binary.
@Suite("YAML schema files, end to end", .temporaryFolders)
struct YAMLSchemaFileTests {
    static let openAPI = """
        openapi: 3.1.0
        info: {title: 메뉴 API, version: 1.0.0}
        components:
          schemas:
            Menu:
              type: object
              required: [id, name]
              properties:
                id: {type: integer}
                name: {type: string}
                yes: {type: boolean}   # YAML 1.2: the key "yes", not true
        """

    /// A project with one contract whose body is `$ref` into `Contracts/schemas/api.yaml`.
    func project(schema: String = openAPI) throws -> URL {
        let root = try temporaryDirectory()
        let schemas = root.appendingPathComponent("Contracts/schemas")
        try FileManager.default.createDirectory(at: schemas, withIntermediateDirectories: true)
        try #"{"contract": "menu", "request": {"path": "/menu"}, "response": {"status": 200, "body": {"$ref": "schemas/api.yaml#/components/schemas/Menu"}}}"#
            .write(to: root.appendingPathComponent("Contracts/menu.json"), atomically: true, encoding: .utf8)
        try schema.write(to: schemas.appendingPathComponent("api.yaml"), atomically: true, encoding: .utf8)
        return root
    }

    @Test("validate checks an answer against a schema in a YAML file and places each finding in the answer")
    func validatesAgainstYAML() throws {
        let root = try project()
        let body = "{\"id\": \"7\",\n \"yes\": 1}"
        let result = try Envelope.run(["validate", "Contracts/menu.json", "-"], in: root, input: body)
        #expect(result.exitCode == 1)
        #expect(result.standardOutput == """
            menu  standard input
              ✗ /name  missing-key
                  expected string (required), found absent at 1:1
              ✗ /id    type-mismatch
                  expected integer, found "7" at 1:8
              ✗ /yes   type-mismatch
                  expected boolean, found 1 at 2:9

            1 answer: 0 ok, 1 with drift (3 breaking, 0 warnings)

            """)
        let good = try Envelope.run(["validate", "Contracts/menu.json", "-"], in: root, input: #"{"id": 7, "name": "밥", "yes": true}"#)
        #expect(good.exitCode == 0)
    }

    @Test("a broken YAML file is a load error at file:line:column, exit 2, for check and validate")
    func brokenYAML() throws {
        let root = try project(schema: Self.openAPI.replacingOccurrences(of: "id: {type: integer}", with: "id: {type: integer"))
        let validate = try Envelope.run(["validate", "Contracts/menu.json", "-"], in: root, input: "{}")
        #expect(validate.exitCode == 2)
        #expect(validate.standardError.contains("Contracts/schemas/api.yaml:10:13: error: not valid YAML: did not find expected ',' or '}' while parsing a flow mapping that starts at 9:13"))
        let check = try Envelope.run(["check", "--format", "json", "--base-url", "http://127.0.0.1:9"], in: root)
        #expect(check.exitCode == 2)
        #expect(check.standardError == "Contracts/schemas/api.yaml:10:13: error: not valid YAML: did not find expected ',' or '}' while parsing a flow mapping that starts at 9:13\n")
        #expect(check.standardOutput.contains(#""file" : "Contracts\/schemas\/api.yaml""#) || check.standardOutput.contains(#""file": "Contracts/schemas/api.yaml""#))
    }

    @Test("a schema error inside a YAML file names the YAML file's line:column")
    func schemaErrorInYAML() throws {
        let root = try project(schema: Self.openAPI.replacingOccurrences(of: "name: {type: string}", with: "name: {type: text}"))
        let result = try Envelope.run(["validate", "Contracts/menu.json", "-"], in: root, input: "{}")
        #expect(result.exitCode == 2)
        #expect(result.standardError.contains("Contracts/schemas/api.yaml:10:22: error: invalid schema at /components/schemas/Menu/properties/name/type: 'type' expects one of"))
    }

    @Test("a libyaml that cannot be opened is a clear load error naming what to install")
    func libyamlMissing() throws {
        let root = try project()
        let result = try Envelope.run(["validate", "Contracts/menu.json", "-"], in: root, input: "{}",
                                      environment: ["ENVELOPE_LIBYAML": "libyaml-that-is-not-there.so"])
        #expect(result.exitCode == 2)
        #expect(result.standardError.contains("Contracts/schemas/api.yaml: error: cannot read YAML: cannot open the libyaml that ENVELOPE_LIBYAML names"))
    }
}
