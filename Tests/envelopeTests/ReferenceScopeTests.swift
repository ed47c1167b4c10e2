import Foundation
import Testing
@testable import EnvelopeCore
@testable import envelope

/// A project on disk: `envelope.json` (unless left out), `Contracts/menu.json` referring to
/// `ref`, and `api/openapi.json`, a plain JSON document with `components/schemas`.
private struct Project {
    /// The folder holding the project, and the project folder itself inside it.
    let outer: URL
    let root: URL

    static let openAPI = """
        {"openapi": "3.1.0", "info": {"title": "menus", "version": "1"}, "paths": {},
         "components": {"schemas": {
           "Menu": {"type": "object", "required": ["id", "items"],
                    "properties": {"id": {"type": "string"}, "items": {"type": "array", "items": {"$ref": "#/components/schemas/Item"}}}},
           "Item": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}}}}
        """

    init(ref: String = "../api/openapi.json#/components/schemas/Menu", projectFile: Bool = true) throws {
        outer = try temporaryDirectory()
        root = outer.appendingPathComponent("proj")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Contracts"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("api"), withIntermediateDirectories: true)
        if projectFile { try write("{}", to: "envelope.json") }
        try write(Self.openAPI, to: "api/openapi.json")
        try write(Self.contract(ref: ref), to: "Contracts/menu.json")
        try write(#"{"id": "m1", "items": [{"name": "soup"}, {"name": 3}]}"#, to: "body.json")
        try Data(#"{"type": "object"}"#.utf8).write(to: outer.appendingPathComponent("outside.json"))
    }

    /// A contract whose body is `{"$ref": ref}`, on one line.
    static func contract(ref: String) -> String {
        #"{"contract": "menu", "request": {"path": "/menu"}, "response": {"body": {"$ref": "\#(ref)"}}}"#
    }

    /// Line 1 and the column of the `$ref`'s value in ``contract(ref:)``.
    static func refPlace(_ ref: String) -> String {
        let text = contract(ref: ref)
        guard let quote = text.range(of: "\"\(ref)\"") else { return "no $ref in the contract" }
        return "1:\(text.utf8.distance(from: text.startIndex, to: quote.lowerBound) + 1)"
    }

    func write(_ text: String, to path: String) throws {
        let file = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    func link(_ path: String, to destination: URL) throws {
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent(path), withDestinationURL: destination)
    }

    /// The drift report of body.json, whose second item's name is a number: the reference
    /// reached Menu, and Menu's own `$ref` to Item.
    static let drift = """
        menu  body.json
          ✗ /items/*/name  type-mismatch  1 of 2 (#1)
              expected string, found 3 at 1:51

        1 answer: 0 ok, 1 with drift (1 breaking, 0 warnings)

        """
}

@Suite("$ref reaches any file of the project folder, none outside it", .temporaryFolders)
struct ReferenceScopeTests {
    @Test("a contract's $ref into ../api/openapi.json#/components/schemas/Menu validates against it")
    func refIntoTheProject() throws {
        let project = try Project()
        let result = try Envelope.run(["validate", "Contracts/menu.json", "body.json"], in: project.root)
        #expect(result.standardError == "")
        #expect(result.standardOutput == Project.drift)
        #expect(result.exitCode == 1)
    }

    @Test("run from outside the project, the folder holding envelope.json above the contract is the project folder")
    func fromOutside() throws {
        let project = try Project()
        let result = try Envelope.run(["validate", "proj/Contracts/menu.json", "proj/body.json"], in: project.outer)
        #expect(result.standardError == "")
        #expect(result.standardOutput == Project.drift.replacingOccurrences(of: "menu  body.json", with: "menu  proj/body.json"))
    }

    @Test("a $ref that climbs out with .. is refused, naming the $ref's place, the file and the project folder, in every command")
    func climbingOut() throws {
        let ref = "../../outside.json"
        let project = try Project(ref: ref)
        let message = "Contracts/menu.json:\(Project.refPlace(ref)): error: cannot resolve $ref '\(ref)': cannot read \(ref): "
            + "\(project.outer.path)/outside.json is outside the project folder \(project.root.path) (the folder holding envelope.json); "
            + "a $ref may reach any file inside the project folder and none outside it: move the document inside the project, "
            + "or move envelope.json up to a folder that holds both\n"
        let validate = try Envelope.run(["validate", "Contracts/menu.json", "body.json"], in: project.root)
        #expect(validate.exitCode == 2)
        #expect(validate.standardError == message)
        for command in [["check"], ["record", "--base-url", "http://127.0.0.1:9"]] {
            let result = try Envelope.run(command, in: project.root)
            #expect(result.exitCode == 2, "\(command)")
            #expect(result.standardError.hasPrefix(message), "\(command)")
        }
        // lint's report is its output.
        let lint = try Envelope.run(["lint"], in: project.root)
        #expect(lint.exitCode == 2)
        #expect(lint.standardOutput.hasPrefix(message))
        let diff = try Envelope.run(["diff", "Contracts", "Contracts"], in: project.root)
        #expect(diff.exitCode == 2)
        #expect(diff.standardError.hasPrefix(message))
        let codegen = try Envelope.run(["codegen", "Contracts/menu.json"], in: project.root)
        #expect(codegen.exitCode == 2)
        #expect(codegen.standardError == message)
    }

    @Test("a symbolic link inside the project that leads outside is refused, saying where it leads")
    func linkLeadingOut() throws {
        let ref = "../api/link.json"
        let project = try Project(ref: ref)
        try project.link("api/link.json", to: project.outer.appendingPathComponent("outside.json"))
        let result = try Envelope.run(["validate", "Contracts/menu.json", "body.json"], in: project.root)
        #expect(result.exitCode == 2)
        #expect(result.standardError == "Contracts/menu.json:\(Project.refPlace(ref)): error: cannot resolve $ref '\(ref)': cannot read \(ref): "
            + "\(project.root.path)/api/link.json leads through a symbolic link to \(project.outer.path)/outside.json, which is outside "
            + "the project folder \(project.root.path) (the folder holding envelope.json); a $ref may reach any file inside the project "
            + "folder and none outside it: move the document inside the project, or move envelope.json up to a folder that holds both\n")
    }

    @Test("a file in a linked folder that leads outside is refused, saying where it leads, however often it is read")
    func folderLinkLeadingOut() throws {
        let ref = "../shared/outside.json"
        let project = try Project(ref: ref)
        try project.link("shared", to: project.outer)
        let result = try Envelope.run(["validate", "Contracts/menu.json", "body.json"], in: project.root)
        #expect(result.exitCode == 2)
        #expect(result.standardError.contains("\(project.root.path)/shared/outside.json leads through a symbolic link to \(project.outer.path)/outside.json, which is outside "
            + "the project folder \(project.root.path)"), "\(result.standardError)")
        let reader = ProjectReader(directory: project.root.appendingPathComponent("Contracts").path)
        for _ in 0..<3 { #expect(throws: ProjectScope.Refusal.self) { try reader.read(ref) } }
    }

    @Test("a symbolic link inside the project that leads inside it is followed")
    func linkLeadingIn() throws {
        let project = try Project(ref: "../api/alias.json#/components/schemas/Menu")
        try project.link("api/alias.json", to: project.root.appendingPathComponent("api/openapi.json"))
        let result = try Envelope.run(["validate", "Contracts/menu.json", "body.json"], in: project.root)
        #expect(result.standardError == "")
        #expect(result.standardOutput == Project.drift)
    }

    @Test("without envelope.json the working directory is the project folder, and the message says so")
    func workingDirectory() throws {
        let project = try Project(projectFile: false)
        let fromRoot = try Envelope.run(["validate", "Contracts/menu.json", "body.json"], in: project.root)
        #expect(fromRoot.standardOutput == Project.drift)
        // From inside Contracts/, api/ is out of reach.
        let contracts = project.root.appendingPathComponent("Contracts")
        let ref = "../api/openapi.json#/components/schemas/Menu"
        let fromContracts = try Envelope.run(["validate", "menu.json", "../body.json"], in: contracts)
        #expect(fromContracts.exitCode == 2)
        #expect(fromContracts.standardError == "menu.json:\(Project.refPlace(ref)): error: cannot resolve $ref '\(ref)': cannot read ../api/openapi.json: "
            + "\(project.root.path)/api/openapi.json is outside the project folder \(contracts.path) (the working directory, as no envelope.json is in "
            + "the contracts folder or above it); a $ref may reach any file inside the project folder and none outside it: move the document "
            + "inside the project, or run envelope from the folder that holds it\n")
    }

    @Test("--config decides the project folder; the contracts folder stays in reach when it is outside it")
    func configFolder() throws {
        let project = try Project()
        try project.write("{}", to: "settings/envelope.json")
        let ref = "../api/openapi.json#/components/schemas/Menu"
        let result = try Envelope.run(["lint", "--config", "settings/envelope.json"], in: project.root)
        #expect(result.exitCode == 2)
        #expect(result.standardOutput.hasPrefix("Contracts/menu.json:\(Project.refPlace(ref)): error: cannot resolve $ref '\(ref)': cannot read ../api/openapi.json: "
            + "\(project.root.path)/api/openapi.json is outside the project folder \(project.root.path)/settings (the folder of the --config file) "
            + "and of the contracts folder \(project.root.path)/Contracts; a $ref may reach any file inside the project folder and none outside it: "
            + "move the document inside the project, or give --config a project file in a folder that holds it\n"))
    }

    @Test("a $ref into a YAML document beside Contracts/ validates against it as into its JSON twin")
    func yamlDocument() throws {
        let ref = "../api/openapi.yaml#/components/schemas/Menu"
        let project = try Project(ref: ref)
        try project.write("""
            openapi: 3.1.0
            info: {title: menus, version: "1"}
            paths: {}
            components:
              schemas:
                Menu:
                  type: object
                  required: [id, items]
                  properties:
                    id: {type: string}
                    items: {type: array, items: {$ref: '#/components/schemas/Item'}}
                Item:
                  type: object
                  required: [name]
                  properties:
                    name: {type: string}

            """, to: "api/openapi.yaml")
        let result = try Envelope.run(["validate", "Contracts/menu.json", "body.json"], in: project.root)
        #expect(result.standardError == "")
        #expect(result.standardOutput == Project.drift)
        #expect(result.exitCode == 1)
    }

    @Test("a schema file's own load error is named by its place in the project, not through Contracts/..")
    func errorsInTheDocument() throws {
        let project = try Project()
        try project.write(#"{"components": {"schemas": {"Menu": {"type": "text"}}}}"#, to: "api/openapi.json")
        let result = try Envelope.run(["check"], in: project.root)
        #expect(result.exitCode == 2)
        #expect(result.standardError.hasPrefix("api/openapi.json:1:46: error: invalid schema at /components/schemas/Menu/type: "))
    }

    @Test("diff --git reads a document beside the contracts folder as it was at the revision")
    func gitRevision() throws {
        let project = try Project()
        try project.link("api/current.json", to: project.root.appendingPathComponent("api/openapi.json"))
        try project.write(Project.contract(ref: "../api/current.json#/components/schemas/Menu").replacingOccurrences(of: "\"menu\"", with: "\"linked\""),
                          to: "Contracts/linked.json")
        let git = { (arguments: [String]) throws in
            let run = try runTool("git", ["-C", project.root.path, "-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments)
            #expect(run.status == 0, "\(arguments): \(run.output)")
        }
        try git(["init", "-q"])
        try git(["add", "."])
        try git(["commit", "-qm", "old"])
        // Menu's id becomes optional in the working tree.
        try project.write(Project.openAPI.replacingOccurrences(of: #""required": ["id", "items"]"#, with: #""required": ["items"]"#), to: "api/openapi.json")
        let result = try Envelope.run(["diff", "--git", "HEAD"], in: project.root)
        #expect(result.standardError == "")
        #expect(result.standardOutput.contains("menu  Contracts/menu.json  (changed)\n  ✗ /id  became-optional"))
        #expect(result.standardOutput.contains("linked  Contracts/linked.json  (changed)\n  ✗ /id  became-optional"))
        #expect(result.exitCode == 1)
        // At the revision, a link in the tree that leads out is refused too.
        try FileManager.default.removeItem(at: project.root.appendingPathComponent("api/current.json"))
        try project.link("api/current.json", to: project.outer.appendingPathComponent("outside.json"))
        try git(["add", "."])
        try git(["commit", "-qm", "link out"])
        let refused = try Envelope.run(["diff", "--git", "HEAD"], in: project.root)
        #expect(refused.exitCode == 2)
        #expect(refused.standardError.contains("HEAD:Contracts/linked.json:1:"))
        #expect(refused.standardError.contains("\(project.root.path)/api/current.json leads through a symbolic link to \(project.outer.path)/outside.json, which is outside the project folder"))
    }
}

@Suite("The reader of a contract load", .temporaryFolders)
struct ProjectReaderTests {
    @Test("a document read by several spellings and through a link is read from disk once, as the very same bytes")
    func readsOnce() throws {
        let project = try Project()
        try project.link("api/alias.json", to: project.root.appendingPathComponent("api/openapi.json"))
        let reader = ProjectReader(directory: project.root.appendingPathComponent("Contracts").path)
        var seen: [[UInt8]] = []
        for path in ["../api/openapi.json", "../api/./openapi.json", "../Contracts/../api/openapi.json", "../api/alias.json"] {
            for _ in 0..<25 { seen.append(try reader.read(path)) }
        }
        #expect(reader.diskReadCount == 1)
        #expect(seen.allSatisfy { $0 == Array(Project.openAPI.utf8) })
        let storage = seen.map { $0.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) } }
        #expect(Set(storage).count == 1)
    }

    @Test("200 contracts of one load that share a document parse it once")
    func parsesOnce() throws {
        let project = try Project()
        for index in 0..<200 {
            try project.write(Project.contract(ref: "../api/openapi.json#/components/schemas/Menu").replacingOccurrences(of: "\"menu\"", with: "\"menu\(index)\""),
                              to: "Contracts/menu\(index).json")
        }
        let options = ContractLoadOptions()
        let set = try ContractSet.load(directory: project.root.appendingPathComponent("Contracts").path, options: options)
        #expect(set.errors.isEmpty)
        #expect(set.contracts.count == 201)
        #expect(options.documents.parseCount == 1)
    }
}
