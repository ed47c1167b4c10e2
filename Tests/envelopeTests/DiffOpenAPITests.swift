import Foundation
import Testing

/// `envelope diff` of two OpenAPI documents: the OAI's petstore-expanded example and changed
/// copies of it (Fixtures/DiffOpenAPI), compared operation by operation.
@Suite("envelope diff of two OpenAPI documents, end to end", .temporaryFolders)
struct DiffOpenAPITests {
    let documents = fixtures.appendingPathComponent("DiffOpenAPI")

    @Test("a property removed from a component schema is breaking in every operation that answers with it, exit 1")
    func propertyRemoved() throws {
        let result = try Envelope.run(["diff", "petstore-expanded.json", "property-removed.json"], in: documents)
        #expect(result.exitCode == 1)
        #expect(result.standardError == "")
        #expect(result.standardOutput == """
            GET /pets (findPets)  property-removed.json  (changed)
              ✗ 200 /*/tag  property-removed  string → absent

            POST /pets (addPet)  property-removed.json  (changed)
              ✗ 200 /tag  property-removed  string → absent

            GET /pets/{id} (find pet by id)  property-removed.json  (changed)
              ✗ 200 /tag  property-removed  string → absent

            4 operations compared: 3 changed (3 breaking, 0 compatible)

            """)
    }

    @Test("schemas moved into components, behind allOf or out of it, an answer moved into components and {id} renamed are no change, exit 0")
    func refactor() throws {
        let result = try Envelope.run(["diff", "petstore-expanded.json", "refactor.json", "--fail-on", "any"], in: documents)
        #expect(result.exitCode == 0)
        #expect(result.standardOutput == "4 operations compared: 0 changed (0 breaking, 0 compatible)\n")
    }

    @Test("an operation removed is breaking; added, compatible")
    func operations() throws {
        let removed = try Envelope.run(["diff", "petstore-expanded.json", "operation-removed.json"], in: documents)
        #expect(removed.exitCode == 1)
        #expect(removed.standardOutput == """
            DELETE /pets/{id} (deletePet)  petstore-expanded.json  (removed)
              ✗ (operation)  operation-removed  DELETE /pets/{id} → absent

            4 operations compared: 1 changed (1 breaking, 0 compatible)

            """)
        let added = try Envelope.run(["diff", "operation-removed.json", "petstore-expanded.json"], in: documents)
        #expect(added.exitCode == 0)
        #expect(added.standardOutput.hasPrefix("DELETE /pets/{id} (deletePet)  petstore-expanded.json  (added)\n  ✓ (operation)  operation-added  absent → DELETE /pets/{id}\n"))
        #expect(try Envelope.run(["diff", "operation-removed.json", "petstore-expanded.json", "--fail-on", "any"], in: documents).exitCode == 1)
    }

    @Test("an optional property added is compatible, exit 0")
    func propertyAdded() throws {
        let result = try Envelope.run(["diff", "petstore-expanded.json", "property-added.json"], in: documents)
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.hasPrefix("GET /pets (findPets)  property-added.json  (changed)\n  ✓ 200 /*/birthday  property-added  absent → string\n"))
        #expect(result.standardOutput.hasSuffix("4 operations compared: 3 changed (0 breaking, 3 compatible)\n"))
    }

    @Test("OpenAPI 3.0's nullable: true added is became-nullable, breaking, in the error answer too")
    func nullable() throws {
        let result = try Envelope.run(["diff", "petstore-expanded.json", "nullable.json"], in: documents)
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.hasPrefix("GET /pets (findPets)  nullable.json  (changed)\n  ✗ default /message  became-nullable  string → string or null\n"))
        #expect(result.standardOutput.hasSuffix("4 operations compared: 4 changed (4 breaking, 0 compatible)\n"))
    }

    @Test("nullable: true beside allOf/$ref is the same schema, or null: became-nullable, and its properties unchanged")
    func nullableBesideReference() throws {
        let result = try Envelope.run(["diff", "owner.json", "owner-nullable.json"], in: documents)
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.hasPrefix("GET /pets (findPets)  owner-nullable.json  (changed)\n  ✗ 200 /*/owner  became-nullable  object → object or null\n\n"))
        #expect(result.standardOutput.hasSuffix("4 operations compared: 3 changed (3 breaking, 0 compatible)\n"))
        let back = try Envelope.run(["diff", "owner-nullable.json", "owner.json"], in: documents)
        #expect(back.exitCode == 0)
        #expect(back.standardOutput.hasPrefix("GET /pets (findPets)  owner.json  (changed)\n  ✓ 200 /*/owner  became-non-null  object or null → object\n\n"))
    }

    @Test("OpenAPI 3.1: a change inside a branch a discriminator chooses is reported at its place, as the oneOf it was written as")
    func discriminator() throws {
        let result = try Envelope.run(["diff", "discriminator-old.json", "discriminator-new.json"], in: documents)
        #expect(result.exitCode == 1)
        #expect(result.standardOutput == """
            GET /pets/{id} (getPet)  discriminator-new.json  (changed)
              ✗ 200 /lives  type-widened     integer → number
              ✗ 200 /name   became-nullable  string → string or null

            1 operation compared: 1 changed (2 breaking, 0 compatible)

            """)
        #expect(try Envelope.run(["diff", "discriminator-old.json", "discriminator-old.json", "--fail-on", "any"], in: documents).exitCode == 0)
    }

    @Test("answers, headers and parameters: a value added to a closed enum breaks, to an x-extensible-enum not; 2xx answer removed, header removed, required parameter added break")
    func answers() throws {
        let result = try Envelope.run(["diff", "answers-old.json", "answers-new.json"], in: documents)
        #expect(result.exitCode == 1)
        #expect(result.standardOutput == """
            GET /orders/{id} (getOrder)  answers-new.json  (changed)
              ✗ (operation)   required-parameter-added  absent → header X-Tenant (required)
              ✗ (operation)   required-parameter-added  query expand (optional) → query expand (required)
              ✓ (operation)   parameter-added           absent → query fields (optional)
              ✗ 200           header-rule-removed       header X-Rate-Limit → absent
              ✓ 200 /channel  open-enum-value-added     enum "app", "web" → adds "kiosk"
              ✗ 200 /state    enum-value-added          enum "open", "paid" → adds "refunded"
              ✓ 404           error-response-removed    status 404, application/problem+json → absent

            POST /orders (placeOrder)  answers-new.json  (changed)
              ✗ 200           response-removed       status 200, application/json → absent
              ✓ 201 /channel  open-enum-value-added  enum "app", "web" → adds "kiosk"
              ✗ 201 /state    enum-value-added       enum "open", "paid" → adds "refunded"
              ✓ 409           response-added         absent → status 409, application/json

            2 operations compared: 2 changed (6 breaking, 5 compatible)

            """)
    }

    @Test("--format json: an entry per operation, each change with its response status and pointer into the answer")
    func json() throws {
        let result = try Envelope.run(["diff", "answers-old.json", "answers-new.json", "--format", "json"], in: documents)
        #expect(result.exitCode == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let contracts = try #require(object["contracts"] as? [[String: Any]])
        #expect(contracts.map { $0["contract"] as? String } == ["GET /orders/{id} (getOrder)", "POST /orders (placeOrder)"])
        let changes = try #require(contracts.first?["changes"] as? [[String: Any]])
        let state = try #require(changes.first { $0["kind"] as? String == "enum-value-added" })
        #expect(state["response"] as? String == "200")
        #expect(state["pointer"] as? String == "/state")
        #expect(state["severity"] as? String == "breaking")
        // The operation's own changes name no answer.
        #expect(changes.first?["response"] == nil)
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["breaking"] as? Int == 6)
        #expect(summary["compatible"] as? Int == 5)
        #expect(summary["exitCode"] as? Int == 1)
    }

    @Test("--format markdown and html name the operations and each change's answer")
    func markdownAndHTML() throws {
        let markdown = try Envelope.run(["diff", "answers-old.json", "answers-new.json", "--format", "markdown"], in: documents)
        #expect(markdown.exitCode == 1)
        #expect(markdown.standardOutput.hasPrefix("### ✗ API changes: 6 breaking\n\n**GET /orders/{id} (getOrder)** (`answers-new.json`, changed)\n\n| | place | change | old | new |\n"))
        #expect(markdown.standardOutput.contains("| ✗ | (operation) | required-parameter-added | absent | header X-Tenant (required) |\n"))
        #expect(markdown.standardOutput.contains("| ✗ | `200 /state` | enum-value-added | enum \"open\", \"paid\" | adds \"refunded\" |\n"))
        #expect(markdown.standardOutput.hasSuffix("2 operations compared: 2 changed (6 breaking, 5 compatible)\n"))

        let page = try temporaryDirectory().appendingPathComponent("diff.html")
        let html = try Envelope.run(["diff", "answers-old.json", "answers-new.json", "--format", "html", "--output", page.path], in: documents)
        #expect(html.exitCode == 1)
        #expect(html.standardOutput.hasSuffix("2 operations compared: 2 changed (6 breaking, 5 compatible)\n"))
        let text = try String(contentsOf: page, encoding: .utf8)
        #expect(text.contains("<h1>API changes</h1>"))
        #expect(text.contains("data-contract=\"POST /orders (placeOrder)\" data-status=\"changed\""))
        #expect(text.contains("data-kind=\"enum-value-added\" data-pointer=\"/state\" data-response=\"201\" data-severity=\"breaking\""))
        #expect(text.contains("<code>201 /state</code>"))
    }

    @Test("--git REV DOC compares the document at the revision with the working tree")
    func git() throws {
        let repository = try temporaryDirectory()
        let api = repository.appendingPathComponent("api")
        try FileManager.default.createDirectory(at: api, withIntermediateDirectories: true)
        let document = api.appendingPathComponent("openapi.json")
        try FileManager.default.copyItem(at: documents.appendingPathComponent("petstore-expanded.json"), to: document)
        for arguments in [["init", "-q"], ["add", "."], ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "old"]] {
            #expect(try run("/usr/bin/git", arguments, in: repository) == 0)
        }
        try FileManager.default.removeItem(at: document)
        try FileManager.default.copyItem(at: documents.appendingPathComponent("operation-removed.json"), to: document)
        let result = try Envelope.run(["diff", "--git", "HEAD", "api/openapi.json"], in: repository)
        #expect(result.exitCode == 1)
        #expect(result.standardOutput == """
            api/openapi.json at HEAD → working tree

            DELETE /pets/{id} (deletePet)  HEAD:api/openapi.json  (removed)
              ✗ (operation)  operation-removed  DELETE /pets/{id} → absent

            4 operations compared: 1 changed (1 breaking, 0 compatible)

            """)
    }

    @Test("a Swagger 2.0 document is refused with the loader's advice; a document beside a contract is refused")
    func refused() throws {
        let openAPI = fixtures.appendingPathComponent("OpenAPI")
        let swagger = try Envelope.run(["diff", "swagger-petstore.json", "petstore-expanded.json"], in: openAPI)
        #expect(swagger.exitCode == 2)
        #expect(swagger.standardError == "swagger-petstore.json:1:1: error: this is a Swagger 2.0 document (swagger-petstore.json); Envelope reads OpenAPI 3.0 and 3.1: convert it (e.g. with swagger2openapi) and compare the results\n")
        let contract = fixtures.appendingPathComponent("Diff/old/gone.json").path
        let mixed = try Envelope.run(["diff", "petstore-expanded.json", contract], in: openAPI)
        #expect(mixed.exitCode == 2)
        #expect(mixed.standardError == "error: petstore-expanded.json is an OpenAPI document and \(contract) is not; give two OpenAPI documents or two contracts\n")
    }

    @Test("a schema that does not load in the new document is exit 2 with its file:line:column")
    func broken() throws {
        let directory = try temporaryDirectory()
        let source = try String(contentsOf: documents.appendingPathComponent("answers-new.json"), encoding: .utf8)
        let broken = directory.appendingPathComponent("broken.json")
        try Data(source.replacingOccurrences(of: #""id": { "type": "string" }"#, with: #""id": { "type": "text" }"#).utf8).write(to: broken)
        let result = try Envelope.run(["diff", documents.appendingPathComponent("answers-old.json").path, broken.path])
        #expect(result.exitCode == 2)
        #expect(result.standardError.hasPrefix("\(broken.path):38:"))
        #expect(result.standardError.contains(": error: invalid schema at /components/schemas/Order/properties/id/type: 'type' expects one of"))
        #expect(result.standardOutput == "1 file did not load; nothing was compared\n")
    }

    private func run(_ tool: String, _ arguments: [String], in directory: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
