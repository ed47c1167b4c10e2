import Testing
@testable import EnvelopeCore

/// Loads an in-memory contract whose body schema is `schema`, with extra files by name.
func contract(body schema: String, files: [String: String] = [:], drift: String = "") throws -> Contract {
    let text = """
        {"contract": "t", "request": {"path": "/t"}, "response": {"status": 200, "body": \(schema)}\(drift.isEmpty ? "" : ", \"drift\": \(drift)")}
        """
    return try ContractLoader.load(Array(text.utf8), file: "t.json") { path in
        guard let file = files[path] else { throw TestFileMissing(path: path) }
        return Array(file.utf8)
    }
}

struct TestFileMissing: Error, CustomStringConvertible {
    var path: String
    var description: String { "no such file \(path)" }
}

func findings(_ body: String, _ schema: String, files: [String: String] = [:]) throws -> [DriftFinding] {
    validate(ObservedResponse(status: 200, body: Array(body.utf8)), against: try contract(body: schema, files: files), source: "t").findings
}

/// `kind pointer count/total [indices] expected | actual @line:column`, one line per finding.
func summary(_ findings: [DriftFinding]) -> [String] {
    findings.map { f in
        "\(f.kind.rawValue) \(f.pointer) \(f.count)/\(f.total)\(f.indices.isEmpty ? "" : " \(f.indices)") \(f.expected) | \(f.actual)\(f.location.map { " @\($0)" } ?? "")"
    }
}

@Suite("Schema validation and drift kinds")
struct SchemaValidationTests {
    @Test("JSON Pointers split at every '/', also one followed by a combining mark (one Character to Swift)")
    func pointersByCodePoint() throws {
        // "/\u{301}a/b": the first "/" and the accent form one grapheme.
        #expect(JSONPointer.tokens("/\u{301}a/b") == ["\u{301}a", "b"])
        #expect(JSONPointer.tokens("/a~1\u{301}/~0") == ["a/\u{301}", "~"])
        let document = try JSONDocument.parse(#"{"\u0301a": {"b": 1}, "é": 2}"#)
        #expect(document.root.resolve(pointer: "/\u{301}a/b")?.intValue == 1)
        // Keys are code points: "e" + U+0301 is not "é".
        #expect(document.root["e\u{301}"] == nil)
        #expect(document.root["é"]?.intValue == 2)
        // A $ref into such a property resolves, and a finding below it is located there.
        let schema = ##"{"properties": {"\u0301k": {"type": "integer"}, "x": {"$ref": "#/properties/\u0301k"}}}"##
        #expect(summary(try findings(#"{"\u0301k": "s", "x": "t"}"#, schema)) == [
            "type-mismatch /\u{301}k 1/1 integer | \"s\" @1:13",
            "type-mismatch /x 1/1 integer | \"t\" @1:23",
        ])
    }

    @Test("propertyNames judges each key where it stands, escapes decoded, through a $ref, and names the first bad key")
    func propertyNamesFindings() throws {
        let schema = ##"{"propertyNames": {"$ref": "#/$defs/name"}, "$defs": {"name": {"pattern": "^[a-z]+$", "maxLength": 5}}}"##
        // "\u0061b" is "ab": a good key. "Bad" breaks the pattern, "toolong" the length.
        let result = try findings(#"{"ok": 1, "Bad": 2, "\u0061b": 3, "toolong": {"x": [1]}}"#, schema)
        // One finding for the object, showing its first bad key.
        #expect(summary(result) == [#"constraint-violation  1/1 a key that matches a value | "Bad" @1:11"#])
        #expect(summary(try findings(#"{"ok": 1, "toolong": 2}"#, schema)) == [#"constraint-violation  1/1 a key that matches a value | "toolong" @1:11"#])
        #expect(try findings(#"{"ok": 1, "\u0061b": 3}"#, schema).isEmpty)
    }

    @Test("type-mismatch and unexpected-null are told apart")
    func typeAndNull() throws {
        let result = try findings(#"{"a": 1, "b": null, "c": "x"}"#,
                                  #"{"properties": {"a": {"type": "string"}, "b": {"type": "string"}, "c": {"type": ["string", "null"]}}}"#)
        #expect(summary(result) == [
            "type-mismatch /a 1/1 string | 1 @1:7",
            "unexpected-null /b 1/1 string | null @1:15",
        ])
    }

    @Test("missing-key points where the key should be, at the object")
    func missingKey() throws {
        let result = try findings("{\n  \"a\": {}\n}", #"{"properties": {"a": {"required": ["k"], "properties": {"k": {"type": "integer"}}}}}"#)
        #expect(summary(result) == ["missing-key /a/k 1/1 integer (required) | absent @2:8"])
    }

    @Test("enum and const violations are enum-violation")
    func enumViolation() throws {
        let result = try findings(#"{"g": "X", "v": 2}"#, #"{"properties": {"g": {"enum": ["L", "U"]}, "v": {"const": 1}}}"#)
        #expect(summary(result) == [
            #"enum-violation /g 1/1 one of "L", "U" | "X" @1:7"#,
            "enum-violation /v 1/1 1 | 2 @1:17",
        ])
    }

    @Test("a limit or a count of one takes the singular: at least 1 item, 1 character, array (1 item)")
    func singularCounts() throws {
        let result = try findings(#"{"s": "", "l": [1, 2], "o": {}, "t": [7]}"#,
                                  #"{"properties": {"s": {"minLength": 1}, "l": {"maxItems": 1}, "o": {"minProperties": 1}, "t": {"type": "object"}}}"#)
        #expect(summary(result) == [
            #"constraint-violation /s 1/1 at least 1 character | 0 characters @1:7"#,
            "constraint-violation /l 1/1 at most 1 item | 2 items @1:16",
            "constraint-violation /o 1/1 at least 1 property | 0 @1:29",
            "type-mismatch /t 1/1 object | array (1 item) @1:38",
        ])
    }

    @Test("constraints name the keyword and the limit")
    func constraints() throws {
        let result = try findings(#"{"s": "abcdef", "n": 11, "l": [], "p": "x1"}"#,
                                  #"{"properties": {"s": {"maxLength": 3}, "n": {"maximum": 10, "multipleOf": 2}, "l": {"minItems": 1}, "p": {"pattern": "^[a-z]+$"}}}"#)
        #expect(summary(result) == [
            #"constraint-violation /s 1/1 at most 3 characters | 6 characters @1:7"#,
            "constraint-violation /n 1/1 at most 10 | 11 @1:22",
            "constraint-violation /l 1/1 at least 1 item | 0 items @1:31",
            #"constraint-violation /p 1/1 a string matching /^[a-z]+$/ | "x1" @1:40"#,
        ])
        // Two keywords on one value are one finding of that kind, reported once per keyword
        // group: here maximum comes first and multipleOf is grouped under the same pointer.
        #expect(result[1].count == 1)
    }

    @Test("additionalProperties: false makes unknown keys failures; otherwise they are warnings")
    func unknownKeys() throws {
        let strict = try findings(#"{"a": 1, "b": 2}"#, #"{"properties": {"a": {}}, "additionalProperties": false}"#)
        #expect(summary(strict) == ["unknown-key /b 1/1 no other keys (additionalProperties is false) | 2 @1:15"])
        #expect(strict[0].severity == .warning)

        let relaxed = try contract(body: #"{"properties": {"a": {}}}"#)
        let result = validate(ObservedResponse(status: 200, body: Array(#"{"a": 1, "b": 2}"#.utf8)), against: relaxed, source: "t")
        #expect(result.valid, "undeclared keys do not make the answer invalid")
        #expect(summary(result.findings) == ["unknown-key /b 1/1 no such key (the contract does not declare it) | 2 @1:15"])
    }

    @Test("an optional key absent from every element is optional-never-present")
    func optionalNeverPresent() throws {
        let result = try findings(#"{"list": [{"a": 1}, {"a": 2}, {"a": 3}]}"#,
                                  #"{"properties": {"list": {"items": {"required": ["a"], "properties": {"a": {}, "b": {"type": "string"}}}}}}"#)
        #expect(summary(result) == ["optional-never-present /list/*/b 3/3 an optional key, present at least sometimes | absent in all 3 @1:11"])
        #expect(result[0].severity == .warning)
    }

    @Test("findings over 50,000 elements are one grouped line with a capped index list")
    func groupsLargeArrays() throws {
        var body = "["
        for index in 0..<50_000 {
            if index > 0 { body += "," }
            body += index % 10_000 == 7 ? #"{"id": null}"# : #"{"id": "x"}"#
        }
        body += "]"
        let result = try findings(body, #"{"items": {"properties": {"id": {"type": "string"}}}}"#)
        #expect(result.count == 1)
        #expect(result[0].pointer == "/*/id")
        #expect(result[0].count == 5)
        #expect(result[0].total == 50_000)
        #expect(result[0].indices == [7, 10_007, 20_007, 30_007, 40_007])
        #expect(result[0].locations.count == 5)
    }

    @Test("50,000 drifting elements group into one finding with every element counted")
    func groupsManyDriftingElements() throws {
        let body = "[" + Array(repeating: #"{"id": null, "n": "x"}"#, count: 50_000).joined(separator: ",") + "]"
        let result = try findings(body, #"{"items": {"properties": {"id": {"type": "string"}, "n": {"type": "integer"}}}}"#)
        #expect(result.map(\.kind) == [.unexpectedNull, .typeMismatch])
        #expect(result.map(\.count) == [50_000, 50_000])
        #expect(result.allSatisfy { $0.total == 50_000 && $0.indices.count == DriftFinding.indexLimit && $0.locations.count == DriftFinding.locationLimit })
    }

    @Test("anyOf reports the branch that came closest")
    func anyOfClosestBranch() throws {
        let result = try findings(#"{"v": {"kind": "a", "n": "1"}}"#, """
            {"properties": {"v": {"anyOf": [
              {"type": "string"},
              {"type": "object", "required": ["kind", "n"], "properties": {"kind": {"const": "a"}, "n": {"type": "integer"}}}
            ]}}}
            """)
        #expect(summary(result) == [#"type-mismatch /v/n 1/1 integer | "1" @1:26"#])
    }

    @Test("oneOf matching several says which")
    func oneOfSeveral() throws {
        let result = try findings(#"{"v": 1}"#, #"{"properties": {"v": {"oneOf": [{"type": "integer"}, {"type": "number"}]}}}"#)
        #expect(summary(result) == ["constraint-violation /v 1/1 exactly one of 2 schemas to match | matched 2: #0, #1 @1:7"])
    }

    @Test("$ref within a file and across files, relative to the referring file")
    func references() throws {
        let files = [
            "schemas/env.json": ##"{"type": "object", "required": ["data"], "properties": {"data": {"$ref": "item.json#/$defs/thing"}}}"##,
            "schemas/item.json": ##"{"$defs": {"thing": {"type": "array", "items": {"$ref": "#/$defs/id"}}, "id": {"type": "integer"}}}"##,
        ]
        let result = try findings(#"{"data": [1, "two", 3]}"#, #"{"$ref": "schemas/env.json"}"#, files: files)
        #expect(summary(result) == [#"type-mismatch /data/* 1/3 [1] integer | "two" @1:14"#])
    }

    @Test("$dynamicRef lets one envelope take different item schemas (Root<T>)")
    func dynamicReferences() throws {
        let files = ["root.json": ##"{"properties": {"list": {"items": {"$dynamicRef": "#item"}}}, "$defs": {"item": {"$dynamicAnchor": "item"}}}"##]
        let typed = #"{"$ref": "root.json", "$defs": {"item": {"$dynamicAnchor": "item", "type": "integer"}}}"#
        #expect(summary(try findings(#"{"list": [1, "x"]}"#, typed, files: files)) == [#"type-mismatch /list/* 1/2 [1] integer | "x" @1:14"#])
        // Without an override the default item accepts anything.
        #expect(try findings(#"{"list": [1, "x"]}"#, #"{"$ref": "root.json"}"#, files: files).isEmpty)
    }

    @Test("status and header rules are checked before the body")
    func statusAndHeaders() throws {
        let text = #"{"contract": "t", "request": {"path": "/t"}, "response": {"status": 200, "headers": {"Content-Type": {"pattern": "^application/json"}, "X-Gone": {"absent": true}}}}"#
        let loaded = try ContractLoader.load(Array(text.utf8), file: "t.json") { _ in [] }
        let response = ObservedResponse(status: 404, headers: [("content-type", "text/html"), ("X-Gone", "1")], body: [])
        let result = validate(response, against: loaded, source: "t")
        #expect(!result.valid)
        #expect(summary(result.findings) == [
            "status-mismatch  1/1 status 200 | status 404",
            "header-mismatch  1/1 Content-Type matching /^application/json/ | Content-Type: text/html",
            "header-mismatch  1/1 no X-Gone header | X-Gone: 1",
        ])
    }

    @Test("a 5xx the contract does not expect is one server-error finding, neither headers nor body judged; a 5xx it expects is not")
    func serverErrors() throws {
        let text = #"{"contract": "t", "request": {"path": "/t"}, "response": {"status": 200, "headers": {"Content-Type": {"pattern": "^application/json"}}, "body": {"type": "object"}}}"#
        let loaded = try ContractLoader.load(Array(text.utf8), file: "t.json") { _ in [] }
        let page = ObservedResponse(status: 502, headers: [("Content-Type", "text/html; charset=utf-8")], body: Array("<html>Bad Gateway</html>".utf8))
        let result = validate(page, against: loaded, source: "t")
        #expect(summary(result.findings) == [#"server-error  1/1 status 200 | status 502, "<html>Bad Gateway</html>" (text/html)"#])
        #expect(result.status == .error)
        #expect(result.httpStatus == 502)
        #expect(result.breakingCount == 0)
        #expect(Report(results: [result]).exitCode == 3)

        let expecting = try ContractLoader.load(Array(#"{"contract": "t", "request": {"path": "/t"}, "response": {"status": 503}}"#.utf8), file: "t.json") { _ in [] }
        #expect(validate(ObservedResponse(status: 503, body: []), against: expecting, source: "t").findings.isEmpty)
    }

    @Test("a redirect's status finding says where it leads (Location)")
    func redirectLocation() throws {
        let loaded = try ContractLoader.load(Array(#"{"contract": "t", "request": {"path": "/t"}, "response": {"status": 200}}"#.utf8), file: "t.json") { _ in [] }
        let response = ObservedResponse(status: 302, headers: [("location", "https://example.com/login")], body: [])
        #expect(summary(validate(response, against: loaded, source: "t").findings) == ["status-mismatch  1/1 status 200 | status 302 (Location: https://example.com/login)"])
    }

    @Test("a contract's drift settings change severities; ignore drops the finding")
    func severitySettings() throws {
        let loaded = try contract(body: #"{"properties": {"a": {"type": "string"}}}"#, drift: #"{"unknown-key": "ignore", "type-mismatch": "warning"}"#)
        let result = validate(ObservedResponse(status: 200, body: Array(#"{"a": 1, "b": 2}"#.utf8)), against: loaded, source: "t")
        #expect(result.findings.map(\.kind) == [.typeMismatch])
        #expect(result.findings[0].severity == .warning)
        #expect(Report(results: [result]).exitCode == 0)
        #expect(Report(results: [result], failOn: .warning).exitCode == 1)
        // The command line's policy overrides the contract's.
        let cli = validate(ObservedResponse(status: 200, body: Array(#"{"a": 1}"#.utf8)), against: loaded, source: "t",
                           policy: SeverityPolicy(overrides: [.typeMismatch: .breaking]))
        #expect(cli.findings[0].severity == .breaking)
    }

    @Test("a body that is not JSON is not-json with the parse error's place")
    func notJSON() throws {
        let result = try findings("<html>\n</html>", #"{"type": "object"}"#)
        #expect(summary(result) == [#"not-json  1/1 a JSON body | "<html>" (expected a JSON value, found '<') @1:1"#])
    }

    @Test("drift makes exit 1 even when another contract had a transport error; transport alone makes 3")
    func exitCodes() {
        let drift = ContractResult(contract: "a", file: "a.json", source: "s", valid: false,
                                   findings: [DriftFinding(kind: .missingKey, pointer: "/k", severity: .breaking, expected: "x", actual: "absent")])
        let down = ContractResult(contract: "b", file: "b.json", source: "s", valid: false,
                                  findings: [DriftFinding(kind: .transportError, pointer: "", severity: .breaking, expected: "x", actual: "refused")])
        let fine = ContractResult(contract: "c", file: "c.json", source: "s", valid: true, findings: [])
        #expect(Report(results: [drift, down]).exitCode == 1)
        #expect(Report(results: [fine, down]).exitCode == 3)
        #expect(Report(results: [drift, down], failOn: .never).exitCode == 3)
        #expect(Report(results: [fine]).exitCode == 0)
    }
}
