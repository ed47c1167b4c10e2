import Testing
@testable import EnvelopeCore

/// An OpenAPI 3.0 document split as DigitalOcean's is: a root, and model files with no
/// `openapi` of their own, in its folder.
private let files: [String: String] = [
    "api/openapi.json": #"{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {}}"#,
    "api/models/pet.json": #"""
        {"type": "object", "required": ["id", "name", "secret"],
         "properties": {"id": {"type": "integer", "readOnly": true}, "name": {"type": "string", "nullable": true},
                        "born": {"type": "string", "format": "date-time"}, "kind": {"type": "string", "enum": ["cat", "dog"]},
                        "secret": {"type": "string", "writeOnly": true}, "size": {"type": "number", "minimum": 0, "exclusiveMinimum": true},
                        "tag": {"$ref": "tag.json"}, "parent": {"$ref": "pet.json"}, "tags": {"type": "array", "items": {"$ref": "tag.json"}}}}
        """#,
    "api/models/tag.json": #"{"type": "object", "nullable": true, "required": ["label"], "properties": {"label": {"type": "string"}}}"#,
    "api/models/list.json": #"{"type": "array", "items": {"$ref": "pet.json"}}"#,
]

/// A pet that breaks most of what the pet schema says, in several places.
private let badPet = #"{"id": "7", "name": null, "born": "yesterday", "kind": "bird", "secret": "s", "size": 0, "tag": {"label": 5}, "parent": {"id": 1, "name": 2, "tags": [null, {"label": 3}]}}"#

/// A contract whose body is `body`, naming the document with `"openapi"`, with `settings`
/// at its top level.
private func contract(_ name: String, body: String, openAPI: Bool = true, settings: String = "") -> String {
    #"{"contract": "\#(name)", "request": {"path": "/\#(name)"}, "response": {"body": \#(body)}\#(openAPI ? #", "openapi": "api/openapi.json""# : "")\#(settings.isEmpty ? "" : ", " + settings)}"#
}

/// Loads `text` as the contract `name.json` with `options`, reading the documents from
/// `documents`.
private func load(_ name: String, _ text: String, options: ContractLoadOptions, documents: [String: String] = files) throws -> Contract {
    try ContractLoader.load(Array(text.utf8), file: name + ".json", read: { path in
        guard let file = documents[path] else { throw TestFileMissing(path: path) }
        return Array(file.utf8)
    }, options: options)
}

/// Every finding of `body` against `contract`.
private func findings(_ body: String, _ contract: Contract) -> [DriftFinding] {
    validate(ObservedResponse(status: 200, body: Array(body.utf8)), against: contract, source: "t").findings
}

/// The compiled schemas reachable from the contract's body, one line each, numbered in the
/// order a walk from the body meets them: what a schema is and where it came from, with its
/// links as those numbers, so that two compiles of the same schemas read the same whatever
/// their indices.
private func rendering(_ contract: Contract) -> [String] {
    guard let root = contract.response.body else { return [] }
    let nodes = contract.schema.nodes
    var number: [Int: Int] = [:]
    var order: [Int] = []
    var stack = [root]
    while let index = stack.popLast() {
        guard number[index] == nil else { continue }
        number[index] = order.count
        order.append(index)
        var links: [Int] = []
        nodes.withUnsafeBufferPointer { SchemaNode.appendLinks(of: $0.baseAddress! + index, to: &links) }
        stack += links.reversed()
    }
    return order.map { index in
        let node = nodes[index]
        func n(_ link: Int?) -> String { link.map { "#\(number[$0]!)" } ?? "-" }
        let fields: [String] = [
            "\(node.file)#\(node.pointer) @\(node.location.offset) in \(contract.schema.resources[node.resource].file)",
            "bool \(node.booleanValue.map(String.init) ?? "-") refusal \(node.refusal.map { "\($0.keyword): \($0.expected)" } ?? "-")",
            "types \(node.types.map { "\($0)" } ?? "-") enum \(node.enumValues.map { "\($0)" } ?? "-") open \(node.opensEnum) const \(node.constValue.map { "\($0)" } ?? "-")",
            "ref \(n(node.ref)) \(node.refText ?? "") dynamic \(node.dynamicRef.map { "\($0.anchor) \(n($0.fallback))" } ?? "-")",
            "properties \(node.properties.map { "\($0.name)=\(n($0.schema))" }) required \(node.required)",
            "additional \(n(node.additionalProperties)) patterns \(node.patternProperties.map { "\($0.pattern.source)=\(n($0.schema))" })",
            "items \(n(node.items)) prefix \(node.prefixItems.map(n))",
            "allOf \(node.allOf.map(n)) anyOf \(node.anyOf.map(n)) oneOf \(node.oneOf.map(n)) not \(n(node.not))",
            "if \(n(node.ifSchema)) then \(n(node.thenSchema)) else \(n(node.elseSchema))",
            "format \(node.format ?? "-") asserted \(node.assertsFormat)",
            "bounds \(node.minimum.map { "\($0)" } ?? "-") \(node.exclusiveMinimum.map { "\($0)" } ?? "-") \(node.maximum.map { "\($0)" } ?? "-") \(node.exclusiveMaximum.map { "\($0)" } ?? "-")",
        ]
        return "#\(number[index]!) " + fields.joined(separator: "; ")
    }
}

@Suite("Schemas compiled once per load and taken over by the contracts that reach them again")
struct SharedSchemaTests {
    @Test("a contract whose $refs reach schemas another contract compiled takes them over, and they are the very schemas, with the same findings in the same places, that it compiles alone")
    func takenOverAsCompiledAlone() throws {
        let bodies = [#"{"$ref": "api/models/pet.json"}"#,
                      #"{"type": "object", "properties": {"pets": {"$ref": "api/models/list.json"}, "first": {"$ref": "api/models/pet.json"}}}"#,
                      #"{"allOf": [{"$ref": "api/models/tag.json"}, {"$ref": "api/models/pet.json#/properties/tag"}]}"#]
        let answers = [badPet, #"{"pets": [\#(badPet), {"id": 1, "name": "n", "secret": null}], "first": \#(badPet)}"#, #"{"label": 9}"#]
        let shared = ContractLoadOptions()
        var sharedContracts: [Contract] = []
        for (position, body) in bodies.enumerated() {
            sharedContracts.append(try load("c\(position)", contract("c\(position)", body: body), options: shared))
        }
        #expect(shared.schemaTakeoverCount >= 3)
        for (position, body) in bodies.enumerated() {
            let alone = try load("c\(position)", contract("c\(position)", body: body), options: ContractLoadOptions())
            #expect(rendering(sharedContracts[position]) == rendering(alone), "c\(position)")
            let found = findings(answers[position], alone)
            #expect(!found.isEmpty, "c\(position)")
            #expect(findings(answers[position], sharedContracts[position]) == found, "c\(position)")
        }
    }

    @Test("what the contract says about formats and enums is its own: a schema taken over by one that asserts formats or opens enums is checked that way, and not by the one that compiled it")
    func settingsAreTheContractsOwn() throws {
        let options = ContractLoadOptions()
        let plain = try load("plain", contract("plain", body: #"{"$ref": "api/models/pet.json"}"#), options: options)
        let strict = try load("strict", contract("strict", body: #"{"$ref": "api/models/pet.json"}"#, settings: #""assertFormats": true, "enums": "open""#),
                              options: options)
        let plainKinds = findings(badPet, plain).map { "\($0.kind.rawValue) \($0.keyword ?? "") \($0.pointer)" }
        let strictKinds = findings(badPet, strict).map { "\($0.kind.rawValue) \($0.keyword ?? "") \($0.pointer)" }
        #expect(!plainKinds.contains("constraint-violation format /born"))
        #expect(strictKinds.contains("constraint-violation format /born"))
        #expect(plainKinds.contains("enum-violation enum /kind") && !strictKinds.contains("enum-violation enum /kind"))
        #expect(strictKinds.contains("unknown-enum-value enum /kind"))
        let again = try load("again", contract("again", body: #"{"$ref": "api/models/pet.json"}"#), options: options)
        #expect(findings(badPet, again) == findings(badPet, plain))
        #expect(options.schemaTakeoverCount == 1)
    }

    @Test("a file without a dialect of its own is read in the dialect of the contract's OpenAPI document: a contract that names none gets JSON Schema, where nullable does not load, even after one that named it")
    func dialectIsTheContractsOwn() throws {
        let options = ContractLoadOptions()
        _ = try load("named", contract("named", body: #"{"$ref": "api/models/tag.json"}"#), options: options)
        #expect(throws: ContractError.self) {
            try load("unnamed", contract("unnamed", body: #"{"$ref": "api/models/tag.json"}"#, openAPI: false), options: options)
        }
        #expect(options.schemaTakeoverCount == 0)
    }

    @Test("a reader that gives other bytes for a file gets the schemas of those bytes, not the ones compiled from the file another contract read")
    func otherBytesAreCompiledAgain() throws {
        let options = ContractLoadOptions()
        let text = contract("c", body: #"{"$ref": "api/models/pet.json"}"#)
        let before = try load("c", text, options: options)
        var changed = files
        changed["api/models/tag.json"] = #"{"type": "object", "required": ["label"], "properties": {"label": {"type": "integer"}}}"#
        let after = try load("c", text, options: options, documents: changed)
        let answer = #"{"id": 1, "name": "n", "tag": {"label": 5}}"#
        let wrongLabel = { (found: [DriftFinding]) in found.contains { $0.kind == .typeMismatch && $0.pointer == "/tag/label" } }
        #expect(wrongLabel(findings(answer, before)))
        #expect(!wrongLabel(findings(answer, after)))
        #expect(rendering(after) == rendering(try load("c", text, options: ContractLoadOptions(), documents: changed)))
    }

    @Test("a schema that links to every kind of subschema has each link listed once, and relinking rewrites exactly those")
    func linksAreTheRelinkedOnes() {
        var node = SchemaNode(file: "f", pointer: "", location: SourceLocation(line: 1, column: 1, offset: 0))
        var next = 1
        func link() -> Int {
            next += 1
            return next
        }
        node.ref = link(); node.dynamicRef = DynamicReference(anchor: "a", fallback: link(), isDynamic: true)
        node.additionalProperties = link(); node.items = link(); node.propertyNames = link(); node.unevaluatedProperties = link()
        node.unevaluatedItems = link(); node.contains = link(); node.ifSchema = link(); node.thenSchema = link()
        node.elseSchema = link(); node.not = link()
        node.properties = [("p", link()), ("q", link())]
        node.patternProperties = [(SchemaRegex("^x")!, link())]
        node.dependentSchemas = [("d", link())]
        node.allOf = [link(), link()]; node.anyOf = [link()]; node.oneOf = [link()]; node.prefixItems = [link(), link()]
        var listed: [Int] = []
        withUnsafePointer(to: node) { SchemaNode.appendLinks(of: $0, to: &listed) }
        #expect(listed.sorted() == Array(2...next))
        var relinked: [Int] = []
        var copy = node
        copy.relink { index in
            relinked.append(index)
            return index + 1000
        }
        #expect(relinked.sorted() == listed.sorted())
        var after: [Int] = []
        withUnsafePointer(to: copy) { SchemaNode.appendLinks(of: $0, to: &after) }
        #expect(after.sorted() == listed.map { $0 + 1000 }.sorted())
    }
}
