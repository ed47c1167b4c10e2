import Foundation
import Testing

/// A chain of `depth` nodes below a leaf: `{"name": "n", "child": {...}}`.
private func chain(depth: Int) -> String {
    var node = #"{"name": "leaf", "child": null}"#
    for _ in 0..<depth { node = #"{"name": "n", "child": \#(node)}"# }
    return node
}

/// An OpenAPI 3.0 document with a recursive `Node` (its `child` is another Node, or null).
private let treeDocument = """
    {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {},
     "components": {"schemas": {
       "Node": {"type": "object", "required": ["name"],
                "properties": {"name": {"type": "string"}, "child": {"$ref": "#/components/schemas/Node", "nullable": true}}}
     }}}
    """

@Suite("Contracts that $ref into OpenAPI documents, end to end", .temporaryFolders)
struct OpenAPIDocumentTests {
    @Test("an OpenAPI 3.0 document's schemas check answers: petstore-expanded's Pet (allOf) in an array")
    func petstoreExpanded() throws {
        let project = try OpenAPIProject(documents: ["petstore-expanded.json"])
        let contract = try project.file("Contracts/pets.json", #"{"contract": "pets", "request": {"path": "/pets"}, "response": {"body": {"type": "array", "items": {"$ref": "api/petstore-expanded.json#/components/schemas/Pet"}}}}"#)
        let answer = try project.file("answer.json", "[\n  {\"id\": 1, \"name\": \"Rex\", \"tag\": \"dog\"},\n  {\"name\": 2}\n]\n")
        let result = try Envelope.run(["validate", contract, answer], in: project.root)
        #expect(result.exitCode == 1)
        #expect(result.standardOutput == """
            pets  answer.json
              ✗ /*/id    missing-key    1 of 2 (#1)
                  expected integer (required), found absent at 3:3
              ✗ /*/name  type-mismatch  1 of 2 (#1)
                  expected string, found 2 at 3:12

            1 answer: 0 ok, 1 with drift (2 breaking, 0 warnings)

            """)
    }

    @Test("an OpenAPI 3.1 document's schemas are JSON Schema, its 'example's annotations: tictactoe's status")
    func tictactoe() throws {
        let project = try OpenAPIProject(documents: ["tictactoe.json"])
        let contract = try project.contract("game", body: "api/tictactoe.json#/components/schemas/status")
        let answer = try project.file("answer.json", #"{"winner": ".", "board": [[".", "X", "O"], [".", ".", "."], ["O", "Y", "."]]}"#)
        let result = try Envelope.run(["validate", contract, answer], in: project.root)
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.contains("""
              ✗ /board/*/*  enum-violation  1 of 9 (#2/1)
                  expected one of ".", "X", "O", found "Y" at 1:67
            """))
        let good = try project.file("good.json", #"{"winner": "X", "board": [["X", "X", "X"], [".", "O", "."], ["O", ".", "."]]}"#)
        #expect(try Envelope.run(["validate", contract, good], in: project.root).exitCode == 0)
    }

    @Test("a $ref into a Swagger 2.0 document is refused at load, saying what to do")
    func swaggerRefused() throws {
        let project = try OpenAPIProject(documents: ["swagger-petstore.json"])
        let contract = try project.contract("old", body: "api/swagger-petstore.json#/definitions/Pet")
        let answer = try project.file("answer.json", "{}")
        let result = try Envelope.run(["validate", contract, answer], in: project.root)
        #expect(result.exitCode == 2)
        #expect(result.standardError.contains("Contracts/old.json:1:80: error: cannot resolve $ref 'api/swagger-petstore.json#/definitions/Pet': the $ref leads into a Swagger 2.0 document (api/swagger-petstore.json); Envelope reads OpenAPI 3.0 and 3.1: convert it (e.g. with swagger2openapi) and point the $ref at the result"))
    }

    @Test("a schema error in an OpenAPI document is reported at its line:column in that document")
    func schemaErrorLocation() throws {
        let project = try OpenAPIProject(documents: [])
        try project.file("Contracts/api/openapi.json", """
            {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {},
             "components": {"schemas": {
               "Price": {"type": "number", "minimum": 0, "exclusiveMinimum": 0}
             }}}
            """)
        let contract = try project.contract("price", body: "api/openapi.json#/components/schemas/Price")
        let answer = try project.file("answer.json", "1")
        let result = try Envelope.run(["validate", contract, answer], in: project.root)
        #expect(result.exitCode == 2)
        #expect(result.standardError.contains("Contracts/api/openapi.json:3:66: error: invalid schema at /components/schemas/Price/exclusiveMinimum: in OpenAPI 3.0, 'exclusiveMinimum' is true or false"))
    }

    @Test("a recursive schema validates a 500-deep answer; a 10,000-deep one is a not-json finding, not a crash")
    func deepRecursion() throws {
        let project = try OpenAPIProject(documents: [])
        try project.file("Contracts/api/tree.json", treeDocument)
        let contract = try project.contract("tree", body: "api/tree.json#/components/schemas/Node")
        let deep = try project.file("deep.json", chain(depth: 10_000))
        let fine = try project.file("fine.json", chain(depth: 500))
        let result = try Envelope.run(["validate", contract, deep, fine], in: project.root)
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.contains("tree  deep.json\n  ✗ (body)  not-json\n"))
        #expect(result.standardOutput.contains("(arrays and objects nested deeper than 512 levels)"))
        #expect(result.standardOutput.contains("tree  fine.json\n  ok\n"))
    }
}
