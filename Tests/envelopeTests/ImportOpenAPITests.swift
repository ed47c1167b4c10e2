import Foundation
import Testing

/// `envelope import openapi` end to end: what it writes from the OpenAPI Initiative's example
/// documents (and one of Envelope's own with broken examples), that `check` and `lint` of what
/// it wrote report nothing, its refusals, exit codes, `--force`, `--only`, `--status all` and
/// the environments it adds to envelope.json.
@Suite("envelope import openapi, end to end", .temporaryFolders)
struct ImportOpenAPITests {
    /// A project folder holding the fixture `name` at its top, beside the Contracts/ folder the
    /// import writes (whose `$ref`s reach it as `../NAME`).
    static func project(with name: String) throws -> (directory: URL, spec: String) {
        let directory = try temporaryDirectory()
        let api = directory
        // The dialect's fixtures (../OpenAPI) hold some of the OAI examples already.
        let own = fixtures.appendingPathComponent("ImportOpenAPI/\(name)")
        let source = FileManager.default.fileExists(atPath: own.path) ? own : fixtures.appendingPathComponent("OpenAPI/\(name)")
        try FileManager.default.copyItem(at: source, to: api.appendingPathComponent(name))
        return (directory, name)
    }

    static func text(_ path: String, in directory: URL) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("importing an OAI example writes contracts and mocks that check and lint find nothing wrong with",
          arguments: [("petstore.json", 3), ("petstore-expanded.json", 4), ("api-with-examples.json", 2), ("uspto.json", 3), ("tictactoe.json", 3)])
    func importThenCheck(_ name: String, operations: Int) throws {
        let (directory, spec) = try Self.project(with: name)
        let imported = try Envelope.run(["import", "openapi", spec], in: directory)
        #expect(imported.exitCode == 0, "\(imported.standardOutput)\(imported.standardError)")
        #expect(imported.standardOutput.contains("\(operations) operations: \(operations) contracts, \(operations) mocks"))
        let check = try Envelope.run(["check"], in: directory)
        #expect(check.exitCode == 0)
        #expect(check.standardOutput.hasSuffix("\(operations) contracts: \(operations) ok, 0 with drift (0 breaking, 0 warnings)\n"), "\(check.standardOutput)")
        let lint = try Envelope.run(["lint"], in: directory)
        #expect(lint.exitCode == 0)
        // The document is linted too (the contracts name it): its operations without a JSON
        // answer are warnings, and nothing is an error.
        #expect(lint.standardOutput.contains(", 1 OpenAPI document: 0 errors, "), "\(lint.standardOutput)")
        #expect(lint.standardOutput.hasSuffix(" 0 mocks with drift\n"), "\(lint.standardOutput)")
        #expect(!lint.standardOutput.contains(": error:"), "\(lint.standardOutput)")
    }

    @Test("a contract names the operation's request and answer, its body a $ref to the component in the document")
    func contractShape() throws {
        let (directory, spec) = try Self.project(with: "petstore.json")
        #expect(try Envelope.run(["import", "openapi", spec], in: directory).exitCode == 0)
        let contract = try Self.text("Contracts/showPetById.json", in: directory)
        #expect(contract.contains(#""path": "/pets/petId""#))
        #expect(contract.contains(#""status": 200"#))
        #expect(contract.contains(#""body": { "$ref": "../petstore.json#/components/schemas/Pet" }"#))
        #expect(contract.contains(#""Content-Type": { "pattern": "^application/json" }"#))
        let mapping = try Self.text("Mocks/mappings/showPetById.json", in: directory)
        #expect(mapping.contains(#""urlPath": "/pets/petId""#))
        #expect(mapping.contains(#""body": "generated from the schema""#))
    }

    @Test("the same document gives the same bytes")
    func deterministic() throws {
        var outputs: [[String]] = []
        for _ in 0..<2 {
            let (directory, spec) = try Self.project(with: "shop.json")
            _ = try Envelope.run(["import", "openapi", spec, "--status", "all"], in: directory)
            let files = ["Contracts/listItems.json", "Mocks/mappings/listItems.json", "Mocks/mappings/post-items-sku-reviews.json", "envelope.json"]
            outputs.append(try files.map { try Self.text($0, in: directory) })
        }
        #expect(outputs[0] == outputs[1])
    }

    @Test("an example that breaks its schema is refused with its place, exit 1, and the mock is generated instead")
    func refusedExamples() throws {
        let (directory, spec) = try Self.project(with: "shop.json")
        let imported = try Envelope.run(["import", "openapi", spec], in: directory)
        #expect(imported.exitCode == 1)
        let out = imported.standardOutput
        #expect(out.contains("getOrder  example refused at shop.json#/paths/~1orders~1%7BorderId%7D/get/responses/200/content/application~1json/example (17:111); not written\n    /id: expected integer, found \"forty-two\"\n"))
        #expect(out.contains("listItems  example refused at shop.json#/paths/~1items/get/responses/200/content/application~1json/examples/broken/value (43:40); not written\n"))
        #expect(out.contains("    /0/price: expected at least 0, found -1\n"))
        #expect(out.hasSuffix("4 operations: 4 contracts, 4 mocks (1 from examples, 3 generated), 2 examples refused\n"), "\(out)")
        // getOrder's only example is refused: its mock is generated from the schema.
        let order = try Self.text("Mocks/mappings/getOrder.json", in: directory)
        #expect(!order.contains("forty-two") && order.contains(#""state": "new""#), "\(order)")
        // listItems' other example passes and is the mock.
        let items = try Self.text("Mocks/mappings/listItems.json", in: directory)
        #expect(items.contains(#""sku": "AB-1234""#))
        #expect(items.contains(#""X-Tenant": { "equalTo": "acme" }"#) == false)  // headers sent, not matched
        #expect(items.contains(#""limit": { "equalTo": "1" }"#))
    }

    @Test("an answer whose schema does not load gets no contract and no mock (check would stop at it), and the error with its place (exit 1)")
    func schemaThatDoesNotLoad() throws {
        let (directory, spec) = try Self.project(with: "bad-schema.json")
        let imported = try Envelope.run(["import", "openapi", spec], in: directory)
        #expect(imported.exitCode == 1)
        #expect(imported.standardOutput.hasPrefix("""
            listThings  no contract, no mock: the schema at bad-schema.json#/components/schemas/Things (17:42) does not load
                ../bad-schema.json:17:73: error: invalid schema at /components/schemas/Things/minItems: 'minItems' expects a non-negative integer, found "one"

            """))
        #expect(imported.standardOutput.hasSuffix("1 operation: 0 contracts, 0 mocks (0 from examples, 0 generated), 0 examples refused, 1 answer whose schema does not load\n"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Mocks/mappings/listThings.json").path))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Contracts/listThings.json").path))
    }

    @Test("an operation without a JSON answer gets a contract of its status alone, and the import says so")
    func noJSONAnswer() throws {
        let (directory, spec) = try Self.project(with: "shop.json")
        let imported = try Envelope.run(["import", "openapi", spec, "--only", "health"], in: directory)
        #expect(imported.exitCode == 0)
        #expect(imported.standardOutput.contains("health  GET /health: no JSON answer documented (its 204 answer has no body); the contract checks the status only\n"))
        let contract = try Self.text("Contracts/health.json", in: directory)
        #expect(contract.contains(#""status": 204"#) && !contract.contains("\"body\""))
        #expect(try Envelope.run(["check"], in: directory).exitCode == 0)
    }

    @Test("generated mocks respect patterns, formats, bounds and required keys; --all-properties adds the rest")
    func generatedValues() throws {
        let (directory, spec) = try Self.project(with: "shop.json")
        _ = try Envelope.run(["import", "openapi", spec, "--only", "post-items-sku-reviews"], in: directory)
        let mapping = try Self.text("Mocks/mappings/post-items-sku-reviews.json", in: directory)
        #expect(mapping.contains(#""urlPath": "/items/AA-0000/reviews""#))
        #expect(mapping.contains(#""author": "user@example.com""#))
        #expect(mapping.contains(#""stars": 1"#))
        #expect(!mapping.contains("website"))
        let all = try Envelope.run(["import", "openapi", spec, "--only", "post-items-sku-reviews", "--all-properties", "--force"], in: directory)
        #expect(all.exitCode == 0)
        let full = try Self.text("Mocks/mappings/post-items-sku-reviews.json", in: directory)
        #expect(full.contains(#""website": "https://example.com/""#))
        #expect(try Envelope.run(["check", "--only", "post-items-sku-reviews"], in: directory).exitCode == 0)
    }

    @Test("a generated oneOf whose first branch does not fit takes the next branch that validates")
    func oneOfBranches() throws {
        let (directory, spec) = try Self.project(with: "one-of.json")
        let imported = try Envelope.run(["import", "openapi", spec], in: directory)
        #expect(imported.exitCode == 0)
        #expect(try Self.text("Mocks/mappings/getContact.json", in: directory).contains(#""jsonBody": { "phone": "+000000" }"#))
        #expect(try Envelope.run(["check"], in: directory).exitCode == 0)
    }

    @Test("a second import keeps existing files: the same say so (exit 0), changed ones are not overwritten (exit 1) until --force")
    func neverOverwrites() throws {
        let (directory, spec) = try Self.project(with: "petstore.json")
        #expect(try Envelope.run(["import", "openapi", spec], in: directory).exitCode == 0)
        let again = try Envelope.run(["import", "openapi", spec], in: directory)
        #expect(again.exitCode == 0)
        #expect(again.standardOutput.contains("listPets  Contracts/listPets.json exists and is the same; kept\n"))
        let edited = directory.appendingPathComponent("Mocks/mappings/listPets.json")
        try Data("{ \"request\": { \"urlPath\": \"/pets\" }, \"response\": { \"status\": 200, \"jsonBody\": [] } }\n".utf8).write(to: edited)
        let refused = try Envelope.run(["import", "openapi", spec], in: directory)
        #expect(refused.exitCode == 1)
        #expect(refused.standardOutput.contains("listPets  Mocks/mappings/listPets.json exists and differs; not overwritten (give --force to replace it)\n"))
        #expect(try String(contentsOf: edited, encoding: .utf8).contains("\"jsonBody\": []"))
        #expect(try Envelope.run(["import", "openapi", spec, "--force"], in: directory).exitCode == 0)
        #expect(try String(contentsOf: edited, encoding: .utf8).contains("importedBy"))
    }

    @Test("--only imports the operations named; a name that is none is exit 2")
    func only() throws {
        let (directory, spec) = try Self.project(with: "petstore.json")
        let imported = try Envelope.run(["import", "openapi", spec, "--only", "listPets"], in: directory)
        #expect(imported.exitCode == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("Mocks/mappings").path) == ["listPets.json"])
        let unknown = try Envelope.run(["import", "openapi", spec, "--only", "listPet"], in: directory)
        #expect(unknown.exitCode == 2)
        #expect(unknown.standardError.contains("--only names 'listPet', which is no operation of \(spec)"))
    }

    @Test("--status all writes a contract per documented JSON status, whose mock answers its Prefer header")
    func allStatuses() throws {
        let (directory, spec) = try Self.project(with: "api-with-examples.json")
        let imported = try Envelope.run(["import", "openapi", spec, "--status", "all"], in: directory)
        #expect(imported.exitCode == 0)
        #expect(imported.standardOutput.contains("listVersionsv2-300  wrote Contracts/listVersionsv2-300.json and Mocks/mappings/listVersionsv2-300.json\n"))
        let contract = try Self.text("Contracts/listVersionsv2-300.json", in: directory)
        #expect(contract.contains(#""Prefer": "code=300""#))
        #expect(contract.contains(#""status": 300"#))
        let check = try Envelope.run(["check"], in: directory)
        #expect(check.exitCode == 0)
        #expect(check.standardOutput.hasSuffix("4 contracts: 4 ok, 0 with drift (0 breaking, 0 warnings)\n"), "\(check.standardOutput)")
    }

    @Test("servers become environments in envelope.json, variables filled in; existing environments and keys are kept")
    func environments() throws {
        let (directory, spec) = try Self.project(with: "shop.json")
        let config = directory.appendingPathComponent("envelope.json")
        try Data(#"{ "refMap": {}, "environments": { "production": { "baseURL": "https://mine.example.com" } } }"#.utf8).write(to: config)
        let imported = try Envelope.run(["import", "openapi", spec], in: directory)
        #expect(imported.standardOutput.contains("added environment server2 to envelope.json\n"))
        let text = try String(contentsOf: config, encoding: .utf8)
        #expect(text.contains(#""baseURL": "https://mine.example.com""#))
        #expect(!text.contains("shop.example.com/v1"))
        #expect(text.contains(#""baseURL": "https://eu.staging.example.com/v1""#))
        #expect(text.contains(#""refMap": {}"#))
        #expect(!text.contains("relative"))
    }

    @Test("a document that is not JSON is exit 2 with file:line:column")
    func unreadable() throws {
        let (directory, spec) = try Self.project(with: "not-json.json")
        let imported = try Envelope.run(["import", "openapi", spec], in: directory)
        #expect(imported.exitCode == 2)
        #expect(imported.standardError == "\(spec):4:20: error: not valid JSON: expected a JSON value, found '}'\n")
        let missing = try Envelope.run(["import", "openapi", "nowhere.json"], in: directory)
        #expect(missing.exitCode == 2)
        #expect(missing.standardError.contains("nowhere.json"))
    }

    @Test("a document outside the project folder, which the contracts could not $ref, is exit 2 and nothing is written")
    func outsideTheProject() throws {
        let (outside, _) = try Self.project(with: "petstore.json")
        let directory = try temporaryDirectory()
        let spec = outside.appendingPathComponent("petstore.json").path
        let imported = try Envelope.run(["import", "openapi", spec], in: directory)
        #expect(imported.exitCode == 2)
        #expect(imported.standardError.hasPrefix("error: the contracts could not $ref \(spec): "))
        #expect(imported.standardError.contains("outside the project folder"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("Swagger 2.0 is refused with advice, exit 2, and nothing is written")
    func swagger() throws {
        let (directory, spec) = try Self.project(with: "swagger-petstore.json")
        let imported = try Envelope.run(["import", "openapi", spec], in: directory)
        #expect(imported.exitCode == 2)
        #expect(imported.standardError.contains("this is a Swagger 2.0 document; envelope imports OpenAPI 3.0 and 3.1: convert it first"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Mocks").path))
    }

    @Test("--dry-run reports a document's broken examples and operations without a JSON answer, writing nothing")
    func dryRunLintsTheDocument() throws {
        let (directory, spec) = try Self.project(with: "shop.json")
        let imported = try Envelope.run(["import", "openapi", spec, "--dry-run"], in: directory)
        #expect(imported.exitCode == 1)
        #expect(imported.standardOutput.contains("getOrder  example refused at shop.json#/paths/~1orders~1%7BorderId%7D/get/responses/200/content/application~1json/example (17:111); not written\n"))
        #expect(imported.standardOutput.contains("health  GET /health: no JSON answer documented (its 204 answer has no body); the contract checks the status only\n"))
        #expect(imported.standardOutput.contains("would add environments production, server2 to envelope.json\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["shop.json"])
    }

    @Test("--dry-run says what would be written and writes nothing")
    func dryRun() throws {
        let (directory, spec) = try Self.project(with: "petstore.json")
        let imported = try Envelope.run(["import", "openapi", spec, "--dry-run"], in: directory)
        #expect(imported.exitCode == 0)
        #expect(imported.standardOutput.contains("listPets  would write Contracts/listPets.json and Mocks/mappings/listPets.json\n"))
        #expect(imported.standardOutput.hasSuffix("(dry run: nothing written)\n"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Mocks").path))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("envelope.json").path))
    }
}
