import Testing
@testable import EnvelopeCore

/// Loads an in-memory contract with `settings` (such as `"enums": "open"`) at its top level.
private func load(_ schema: String, settings: String = "", files: [String: String] = [:]) throws -> Contract {
    let text = #"{"contract": "t", "request": {"path": "/t"}, "response": {"body": \#(schema)}\#(settings.isEmpty ? "" : ", " + settings)}"#
    return try ContractLoader.load(Array(text.utf8), file: "t.json") { path in
        guard let file = files[path] else { throw TestFileMissing(path: path) }
        return Array(file.utf8)
    }
}

/// `kind severity pointer expected | actual`, one line per finding.
private func lines(_ body: String, _ contract: Contract, policy: SeverityPolicy = SeverityPolicy()) -> [String] {
    validate(ObservedResponse(status: 200, body: Array(body.utf8)), against: contract, source: "t", policy: policy).findings.map {
        "\($0.kind.rawValue) \($0.severity.rawValue) \($0.pointer) \($0.expected) | \($0.actual)"
    }
}

private let statusSchema = #"{"properties": {"status": {"type": "string", "enum": ["active", "closed"]}}}"#

@Suite("Open and closed enums")
struct EnumOpennessTests {
    @Test("a string outside a closed enum (the default) is a breaking enum-violation; outside an open one, a warning unknown-enum-value")
    func kindsAndSeverities() throws {
        let body = #"{"status": "paused"}"#
        #expect(lines(body, try load(statusSchema)) == [#"enum-violation breaking /status one of "active", "closed" | "paused""#])
        #expect(lines(body, try load(statusSchema, settings: #""enums": "closed""#)) == [#"enum-violation breaking /status one of "active", "closed" | "paused""#])
        #expect(lines(body, try load(statusSchema, settings: #""enums": "open""#))
                == [#"unknown-enum-value warning /status one of "active", "closed" (an open enum) | "paused""#])
        #expect(lines(#"{"status": "active"}"#, try load(statusSchema, settings: #""enums": "open""#)).isEmpty)
    }

    @Test("only a new string is news: a number in an open string enum, an enum of numbers and a const stay enum-violation")
    func onlyStringsAreOpen() throws {
        let schema = #"{"properties": {"s": {"enum": ["a", "b", null]}, "n": {"enum": [1, 2]}, "c": {"const": "v1"}}}"#
        let contract = try load(schema, settings: #""enums": "open""#)
        #expect(lines(#"{"s": 3, "n": 3, "c": "v2"}"#, contract) == [
            #"enum-violation breaking /s one of "a", "b", null | 3"#,
            "enum-violation breaking /n one of 1, 2 | 3",
            #"enum-violation breaking /c "v1" | "v2""#,
        ])
        #expect(lines(#"{"s": "z", "n": 1, "c": "v1"}"#, contract) == [#"unknown-enum-value warning /s one of "a", "b", null (an open enum) | "z""#])
    }

    @Test("x-envelope-open on a schema overrides the contract's enums, either way")
    func schemaMarkOverridesContract() throws {
        let schema = #"{"properties": {"a": {"enum": ["x"], "x-envelope-open": true}, "b": {"enum": ["x"], "x-envelope-open": false}, "c": {"enum": ["x"]}}}"#
        let body = #"{"a": "y", "b": "y", "c": "y"}"#
        #expect(lines(body, try load(schema)).map { $0.prefix(24) } == ["unknown-enum-value warni", "enum-violation breaking ", "enum-violation breaking "])
        #expect(lines(body, try load(schema, settings: #""enums": "open""#)).map { $0.prefix(24) }
                == ["unknown-enum-value warni", "enum-violation breaking ", "unknown-enum-value warni"])
    }

    @Test("a shared schema file is open or closed as the contract that loads it says")
    func sharedSchemaFollowsContract() throws {
        let files = ["status.json": #"{"type": "string", "enum": ["active"]}"#]
        let schema = #"{"properties": {"status": {"$ref": "status.json"}}}"#
        let body = #"{"status": "gone"}"#
        #expect(lines(body, try load(schema, settings: #""enums": "open""#, files: files)).map { $0.prefix(18) } == ["unknown-enum-value"])
        #expect(lines(body, try load(schema, files: files)).map { $0.prefix(14) } == ["enum-violation"])
    }

    @Test("openness changes the kind, not JSON Schema: the answer is invalid, and oneOf still tells branches apart by an open enum")
    func validityIsJSONSchemas() throws {
        let contract = try load(statusSchema, settings: #""enums": "open""#)
        #expect(!validate(ObservedResponse(status: 200, body: Array(#"{"status": "paused"}"#.utf8)), against: contract, source: "t").valid)
        let tagged = #"{"oneOf": [{"properties": {"t": {"enum": ["a"]}, "x": {"type": "integer"}}}, {"properties": {"t": {"enum": ["b"]}, "x": {"type": "string"}}}]}"#
        let union = try load(tagged, settings: #""enums": "open""#)
        let result = validate(ObservedResponse(status: 200, body: Array(#"{"t": "a", "x": 1}"#.utf8)), against: union, source: "t")
        #expect(result.valid)
        #expect(result.findings.isEmpty)
    }

    @Test("drift settings move unknown-enum-value like any kind: the contract's, then the command line's")
    func severitySettingsWin() throws {
        let body = #"{"status": "paused"}"#
        let loud = try load(statusSchema, settings: #""enums": "open", "drift": {"unknown-enum-value": "breaking"}"#)
        #expect(lines(body, loud).map { $0.prefix(27) } == ["unknown-enum-value breaking"])
        #expect(lines(body, loud, policy: SeverityPolicy(overrides: [.unknownEnumValue: .ignore])).isEmpty)
        // Moving enum-violation does not move the open enum's kind.
        let open = try load(statusSchema, settings: #""enums": "open""#)
        #expect(lines(body, open, policy: SeverityPolicy(overrides: [.enumViolation: .ignore])).map { $0.prefix(26) } == ["unknown-enum-value warning"])
    }

    @Test("a bad enums value or x-envelope-open mark is a load error saying what was expected", arguments: [
        (#"{"type": "string"}"#, #""enums": "loose""#,
         #"t.json:1:97: error: 'enums' must be "open" or "closed", found "loose""#),
        (#"{"enum": ["a"], "x-envelope-open": "yes"}"#, "",
         #"t.json:1:102: error: invalid schema at /response/body/x-envelope-open: 'x-envelope-open' must be true (the enum is open) or false (closed), found "yes""#),
        (#"{"type": "string", "x-envelope-open": true}"#, "",
         "t.json:1:105: error: invalid schema at /response/body/x-envelope-open: 'x-envelope-open' marks an enum of strings open or closed, but this schema has no 'enum'; put it next to the 'enum' it is about"),
        (#"{"enum": [1, 2], "x-envelope-open": true}"#, "",
         "t.json:1:103: error: invalid schema at /response/body/x-envelope-open: 'x-envelope-open' marks an enum of strings open or closed, but this 'enum' lists values other than strings; put it next to the 'enum' it is about"),
    ])
    func loadErrors(schema: String, settings: String, expected: String) {
        do {
            _ = try load(schema, settings: settings)
            Issue.record("loaded")
        } catch {
            #expect("\(error)" == expected)
        }
    }
}
