import Foundation
import Testing

/// `properties: {$ref: …}`, a `$ref` written for the whole map of properties (DigitalOcean's
/// load balancers): refused, at the `$ref`'s place, with what to write instead in the
/// document's own syntax. (OpenAPIReferenceTests shows openapi-core refuses it too.)
@Suite("a $ref standing for the whole map of properties", .temporaryFolders)
struct PropertiesReferenceTests {
    @Test("lint of the document names the $ref's line:column and what to write instead")
    func lintNamesThePlace() throws {
        let directory = try temporaryDirectory().appendingPathComponent("lb")
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("ImportOpenAPI/properties-ref"), to: directory)
        let lint = try Envelope.run(["lint", "api.yaml"], in: directory)
        #expect(lint.exitCode == 2, "\(lint.standardOutput)\(lint.standardError)")
        #expect(lint.standardOutput.hasPrefix("models/load_balancer.yml:1:1: error: the answer schema of loadBalancers_get does not load: ../models/load_balancer.yml:9:5: error: invalid schema at /allOf/1/properties/$ref: 'properties' maps each property's name to its schema"), "\(lint.standardOutput)")
        #expect(lint.standardOutput.contains("Give each property its own $ref instead: droplet_ids: {$ref: 'attributes.yml#/load_balancer_droplet_ids/droplet_ids'}, droplet_count: {$ref: 'attributes.yml#/load_balancer_droplet_ids/droplet_count'}\n"), "\(lint.standardOutput)")
    }

    @Test("in a JSON Schema file the advice is written in JSON; a $ref to nothing readable gets the advice to write the properties out; a property named $ref with a schema is an ordinary property")
    func jsonSyntaxAndUnreadableTargets() throws {
        let project = try OpenAPIProject(documents: [])
        try project.file("Contracts/schemas/names.json", #"{"first": {"type": "string"}, "a~b/c": {"type": "integer"}}"#)
        let mapped = try project.file("Contracts/mapped.json", #"{"contract": "mapped", "request": {"path": "/m"}, "response": {"body": {"type": "object", "properties": {"$ref": "schemas/names.json"}}}}"#)
        let validate = try Envelope.run(["validate", mapped, "-"], in: project.root, input: "{}")
        #expect(validate.exitCode == 2)
        #expect(validate.standardError.contains(#"Contracts/mapped.json:1:106: error: invalid schema at /response/body/properties/$ref: 'properties' maps each property's name to its schema, and a $ref cannot stand for the whole map (neither OpenAPI nor JSON Schema reads it so): this declares a property named "$ref" whose schema is the string "schemas/names.json". Give each property its own $ref instead: "first": {"$ref": "schemas/names.json#/first"}, "a~b/c": {"$ref": "schemas/names.json#/a~0b~1c"}"#), "\(validate.standardError)")
        let nowhere = try project.file("Contracts/nowhere.json", #"{"contract": "nowhere", "request": {"path": "/n"}, "response": {"body": {"type": "object", "properties": {"$ref": "schemas/missing.json"}}}}"#)
        let missing = try Envelope.run(["validate", nowhere, "-"], in: project.root, input: "{}")
        #expect(missing.standardError.contains(#"whose schema is the string "schemas/missing.json". Write the properties out here, each with its own $ref if it is elsewhere"#), "\(missing.standardError)")
        let ordinary = try project.file("Contracts/ordinary.json", #"{"contract": "ordinary", "request": {"path": "/o"}, "response": {"body": {"type": "object", "required": ["$ref"], "properties": {"$ref": {"type": "string"}}}}}"#)
        let passes = try Envelope.run(["validate", ordinary, "-"], in: project.root, input: #"{"$ref": "x"}"#)
        #expect(passes.exitCode == 0, "\(passes.standardOutput)\(passes.standardError)")
        let fails = try Envelope.run(["validate", ordinary, "-"], in: project.root, input: #"{"$ref": 1}"#)
        #expect(fails.exitCode == 1, "\(fails.standardOutput)\(fails.standardError)")
    }
}
