import Testing
@testable import EnvelopeCore

private struct DiffFixtureMissing: Error {}

/// A contract with `body` as its body schema and `files` as the schemas it may `$ref`.
private func contract(_ body: String, status: Int = 200, path: String = "/x", files: [String: String] = [:]) throws -> Contract {
    let text = ##"{"contract": "c", "request": {"path": "\##(path)"}, "response": {"status": \##(status), "body": \##(body)}}"##
    return try ContractLoader.load(Array(text.utf8), file: "c.json") { path in
        guard let file = files[path] else { throw DiffFixtureMissing() }
        return Array(file.utf8)
    }
}

/// The changes as `kind pointer` lines.
private func changes(_ old: String, _ new: String, oldFiles: [String: String] = [:], newFiles: [String: String] = [:]) throws -> [String] {
    ContractDiff.compare(old: try contract(old, files: oldFiles), new: try contract(new, files: newFiles)).map { "\($0.kind.rawValue) \($0.pointer)" }
}

@Suite("Contract diff")
struct DiffTests {
    @Test("every kind of change is classified for a consumer", arguments: [
        (##"{"properties": {"a": {"type": "string"}, "b": {}}}"##, ##"{"properties": {"a": {"type": "string"}}}"##, ["property-removed /b"], true),
        (##"{"properties": {"a": {}}, "required": ["a"]}"##, ##"{"properties": {"a": {}}}"##, ["became-optional /a"], true),
        (##"{"properties": {"a": {"type": "string"}}}"##, ##"{"properties": {"a": {"type": ["string", "null"]}}}"##, ["became-nullable /a"], true),
        (##"{"type": "string"}"##, ##"{"type": "integer"}"##, ["type-changed "], true),
        (##"{"type": "integer"}"##, ##"{"type": "number"}"##, ["type-widened "], true),
        (##"{"enum": ["a", "b"]}"##, ##"{"enum": ["a", "b", "c"]}"##, ["enum-value-added "], true),
        (##"{"type": "string", "maxLength": 10}"##, ##"{"type": "string", "maxLength": 20}"##, ["constraint-widened "], true),
        (##"{"anyOf": [{"type": "string"}, {"type": "integer"}]}"##, ##"{"anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "boolean"}]}"##,
         ["branch-added "], true),
        (##"{"allOf": [{"properties": {"a": {}}, "required": ["a"]}, {"properties": {"b": {}}, "required": ["b"]}]}"##,
         ##"{"allOf": [{"properties": {"a": {}}, "required": ["a"]}]}"##, ["property-removed /b"], true),
        (##"{"type": "array", "items": {"properties": {"x": {"type": "string"}}}}"##, ##"{"type": "array", "items": {"properties": {"x": {"type": "integer"}}}}"##,
         ["type-changed /*/x"], true),
        (##"{"properties": {"a": {}}}"##, ##"{"properties": {"a": {}, "b": {"type": "string"}}}"##, ["property-added /b"], false),
        (##"{"properties": {"a": {}}}"##, ##"{"properties": {"a": {}}, "required": ["a"]}"##, ["became-required /a"], false),
        (##"{"type": ["string", "null"]}"##, ##"{"type": "string"}"##, ["became-non-null "], false),
        (##"{"enum": ["a", "b", "c"]}"##, ##"{"enum": ["a", "b"]}"##, ["enum-value-removed "], false),
        (##"{"type": ["string", "integer"]}"##, ##"{"type": "string"}"##, ["type-narrowed "], false),
        (##"{"type": "integer", "minimum": 0}"##, ##"{"type": "integer", "minimum": 1}"##, ["constraint-narrowed "], false),
        (##"{"oneOf": [{"type": "string"}, {"type": "integer"}]}"##, ##"{"oneOf": [{"type": "string"}]}"##, ["branch-removed "], false),
        // Open enums: an app written against one keeps a new string as .unknown.
        (##"{"enum": ["a", "b"], "x-envelope-open": true}"##, ##"{"enum": ["a", "b", "c"], "x-envelope-open": true}"##, ["open-enum-value-added "], false),
        (##"{"enum": ["a", "b"]}"##, ##"{"enum": ["a", "b"], "x-envelope-open": true}"##, ["enum-opened "], true),
        (##"{"enum": ["a", "b"], "x-envelope-open": true}"##, ##"{"enum": ["a", "b"]}"##, ["enum-closed "], false),
    ])
    func classification(_ old: String, _ new: String, _ expected: [String], _ breaking: Bool) throws {
        let found = ContractDiff.compare(old: try contract(old), new: try contract(new))
        #expect(found.map { "\($0.kind.rawValue) \($0.pointer)" } == expected)
        #expect(found.contains(where: \.isBreaking) == breaking)
    }

    @Test("refactors that mean the same are no change: inline to $ref, into $defs, a property moved into allOf")
    func refactorsAreNoChange() throws {
        let inline = ##"{"type": "object", "properties": {"id": {"type": "integer"}, "name": {"type": "string"}}, "required": ["id"]}"##
        #expect(try changes(inline, ##"{"$ref": "schemas/item.json"}"##, newFiles: ["schemas/item.json": inline]) == [])
        #expect(try changes(inline, ##"{"$ref": "#/$defs/item", "$defs": {"item": \##(inline)}}"##) == [])
        let split = ##"{"type": "object", "allOf": [{"properties": {"id": {"type": "integer"}}, "required": ["id"]}, {"properties": {"name": {"type": "string"}}}]}"##
        #expect(try changes(inline, split) == [])
        #expect(try changes(##"{"anyOf": [{"type": "string"}, {"type": "integer"}]}"##, ##"{"anyOf": [{"type": "integer"}, {"type": "string"}]}"##) == [])
    }

    @Test("a generic envelope is compared through $dynamicRef with the item each version binds")
    func dynamicReferences() throws {
        let root = ##"{"type": "object", "properties": {"list": {"type": "array", "items": {"$dynamicRef": "#item"}}}, "$defs": {"item": {"$dynamicAnchor": "item"}}}"##
        let body = ##"{"$ref": "root.json", "$defs": {"item": {"$dynamicAnchor": "item", "$ref": "item.json"}}}"##
        let oldItem = ##"{"properties": {"x": {"type": "string"}}, "required": ["x"]}"##
        let newItem = ##"{"properties": {"x": {"type": ["string", "null"]}}}"##
        #expect(try changes(body, body, oldFiles: ["root.json": root, "item.json": oldItem], newFiles: ["root.json": root, "item.json": newItem])
                == ["became-optional /list/*/x", "became-nullable /list/*/x"])
    }

    @Test("recursive schemas end")
    func recursion() throws {
        let tree = ##"{"$ref": "#/$defs/node", "$defs": {"node": {"properties": {"children": {"type": "array", "items": {"$ref": "#/$defs/node"}}, "v": {"type": "integer"}}}}}"##
        let wider = tree.replacingOccurrences(of: ##""v": {"type": "integer"}"##, with: ##""v": {"type": "number"}"##)
        let found = try changes(tree, wider)
        #expect(found == ["type-widened /v"], "\(found)")
    }

    @Test("status and request changes are breaking")
    func contractLevel() throws {
        let found = ContractDiff.compare(old: try contract("{}", status: 200, path: "/a"), new: try contract("{}", status: 201, path: "/b"))
        #expect(found == [SchemaChange(kind: .requestChanged, pointer: "", old: "GET /a", new: "GET /b"),
                          SchemaChange(kind: .statusChanged, pointer: "", old: "status 200", new: "status 201")])
    }

    @Test("the report's exit code follows --fail-on")
    func exitCodes() {
        let entry = DiffReport.Entry(contract: "c", file: "c.json", status: .changed,
                                     changes: [SchemaChange(kind: .propertyAdded, pointer: "/a", old: "absent", new: "string")])
        #expect(DiffReport(entries: [entry], failOn: .breaking).exitCode == 0)
        #expect(DiffReport(entries: [entry], failOn: .any).exitCode == 1)
        var breaking = entry
        breaking.changes.append(SchemaChange(kind: .propertyRemoved, pointer: "/b", old: "string", new: "absent"))
        #expect(DiffReport(entries: [breaking], failOn: .breaking).exitCode == 1)
        #expect(DiffReport(entries: [breaking], failOn: .never).exitCode == 0)
    }
}
