import Foundation
import Testing

/// A project whose contracts `$ref` the same models of a split OpenAPI 3.0 document (YAML,
/// no `openapi` in the model files): `check` compiles each model once and the other contracts
/// take it over, and what each contract reports is what it reports in a project of its own.
@Suite("check of contracts that share the schemas of one document", .temporaryFolders)
struct SharedSchemaCheckTests {
    static let documents: [String: String] = [
        "api/api.yaml": "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\n",
        "api/models/droplet.yml": """
            type: object
            required: [id, name, status]
            properties:
              id: {type: integer}
              name: {type: string, nullable: true}
              status: {type: string, enum: [new, active, off]}
              created: {type: string, format: date-time}
              size: {type: number, minimum: 0, exclusiveMinimum: true}
              secret: {type: string, writeOnly: true}
              region: {$ref: 'region.yml'}
              parent: {$ref: 'droplet.yml'}

            """,
        "api/models/region.yml": "type: object\nnullable: true\nrequired: [slug]\nproperties:\n  slug: {type: string, maxLength: 4}\n",
    ]

    /// Each contract's body, and the answer its mock gives.
    static let contracts: [(name: String, body: String, answer: String)] = [
        ("a_droplet", #"{"$ref": "../api/models/droplet.yml"}"#,
         #"{"id": "1", "name": null, "status": "gone", "size": 0, "secret": "s", "region": {"slug": 5}, "parent": {"id": 2, "name": 3, "status": "off"}}"#),
        ("b_list", #"{"type": "object", "required": ["droplets"], "properties": {"droplets": {"type": "array", "items": {"$ref": "../api/models/droplet.yml"}}}}"#,
         #"{"droplets": [{"id": 1, "name": "n", "status": "new"}, {"id": 2, "status": "bad", "region": {"slug": "toolong"}}]}"#),
        ("c_region", #"{"$ref": "../api/models/droplet.yml#/properties/region"}"#, #"{"slug": 1}"#),
        ("d_both", #"{"allOf": [{"$ref": "../api/models/region.yml"}, {"type": "object", "properties": {"owner": {"$ref": "../api/models/droplet.yml"}}}]}"#,
         #"{"slug": "ab", "owner": {"id": 1, "name": "n", "status": "active", "parent": {"id": "x", "name": "p", "status": "new"}}}"#),
        ("e_droplet_again", #"{"$ref": "../api/models/droplet.yml"}"#, #"{"id": 1, "name": "n", "status": "off", "size": -1}"#),
    ]

    /// A project holding the documents and the contracts named `names`, each with its mock.
    static func project(_ names: [String]) throws -> URL {
        let root = try temporaryDirectory().appendingPathComponent(names.count == 1 ? names[0] : "all")
        for (path, text) in documents { try write(text, to: root.appendingPathComponent(path)) }
        for (name, body, answer) in contracts where names.contains(name) {
            let contract = #"{"contract": "\#(name)", "openapi": "../api/api.yaml", "request": {"path": "/\#(name)"}, "response": {"status": 200, "body": \#(body)}}"#
            try write(contract, to: root.appendingPathComponent("Contracts/\(name).json"))
            let mock = #"{"request": {"method": "GET", "urlPath": "/\#(name)"}, "response": {"status": 200, "headers": {"Content-Type": "application/json"}, "jsonBody": \#(answer)}}"#
            try write(mock, to: root.appendingPathComponent("Mocks/mappings/\(name).json"))
        }
        return root
    }

    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// The report's lines for each contract, by name, without the line naming its request
    /// (which has the mock's port and the time taken).
    static func blocks(_ report: String) -> [String: [String]] {
        var blocks: [String: [String]] = [:]
        var current: String?
        for line in report.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let name = contracts.map(\.name).first(where: { line.hasPrefix($0 + "  ") }) {
                current = name
                blocks[name] = []
            } else if let name = current, !line.isEmpty {
                blocks[name, default: []].append(line)
            } else {
                current = nil
            }
        }
        return blocks
    }

    @Test("each contract reports the same findings, word for word, checked with the others that share its schemas as checked alone")
    func sameFindingsAsAlone() throws {
        let names = Self.contracts.map(\.name)
        let together = try Envelope.run(["check"], in: Self.project(names))
        #expect(together.exitCode == 1, "\(together.standardOutput)\(together.standardError)")
        let all = Self.blocks(together.standardOutput)
        #expect(all.keys.sorted() == names)
        for name in names {
            let alone = try Envelope.run(["check"], in: Self.project([name]))
            #expect(alone.standardError.isEmpty, "\(alone.standardError)")
            let own = Self.blocks(alone.standardOutput)[name]
            #expect(own != nil && own != ["  ok"], "\(name): \(alone.standardOutput)")
            #expect(all[name] == own, "\(name)")
        }
    }

    @Test("lint of contracts that share a model reports each contract's own problem once, at its place, whatever was compiled before it")
    func lintProblemsStayTheirOwn() throws {
        let root = try Self.project(Self.contracts.map(\.name))
        let broken = #"{"contract": "z_broken", "openapi": "../api/api.yaml", "request": {"path": "/z"}, "response": {"body": {"type": "object", "properties": {"d": {"$ref": "../api/models/droplet.yml"}, "x": {"$ref": "../api/models/missing.yml"}}}}}"#
        try Self.write(broken, to: root.appendingPathComponent("Contracts/z_broken.json"))
        let lint = try Envelope.run(["lint"], in: root)
        #expect(lint.exitCode != 0)
        let lines = lint.standardOutput.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(lines.count == 1, "\(lint.standardOutput)")
        #expect(lines.first?.contains("Contracts/z_broken.json:1:") == true, "\(lint.standardOutput)")
        #expect(lines.first?.contains("../api/models/missing.yml") == true, "\(lint.standardOutput)")
    }
}
