import Testing
@testable import EnvelopeCore

/// Loads an in-memory contract whose `response` is `response` and whose top level has `settings`.
private func contract(_ response: String, settings: String = "") throws -> Contract {
    let text = #"{"contract": "t", "request": {"path": "/t"}, "response": \#(response)\#(settings.isEmpty ? "" : ", " + settings)}"#
    return try ContractLoader.load(Array(text.utf8), file: "t.json") { path in throw TestFileMissing(path: path) }
}

/// A contract with `body` as its body schema.
private func contract(body: String, settings: String = "") throws -> Contract {
    try contract(#"{"status": 200, "body": \#(body)}"#, settings: settings)
}

private func answer(_ body: String, status: Int = 200, type: String? = "application/json") -> AnswerShape {
    AnswerShape(status: status, contentType: type, body: Array(body.utf8))
}

/// `severity pointer kind | reason`, one line per judged difference.
private func judged(_ contract: Contract, prod: AnswerShape, staging: AnswerShape, policy: SeverityPolicy = SeverityPolicy()) -> [String] {
    DifferenceJudge(contract: contract, policy: policy).compare(baseline: prod, candidate: staging).map {
        "\($0.severity.rawValue) \($0.difference.pointer.isEmpty ? "(root)" : $0.difference.pointer) \($0.difference.kind.rawValue) | \($0.reason)"
    }
}

private let orders = #"""
    {"type": "object", "properties": {"items": {"type": "array", "items": {"type": "object", "required": ["id"],
      "properties": {"id": {"type": "integer"}, "note": {"type": "string"}, "price": {"type": ["number", "null"]},
                     "name": {"type": "string"}}}}}}
    """#

@Suite("Two environments' answers judged by the contract")
struct DifferenceJudgeTests {
    @Test("answers of the same structure with other values are no difference")
    func sameStructure() throws {
        let prod = answer(#"{"items": [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}]}"#)
        let staging = answer(#"{"items": [{"id": 7, "name": "x"}]}"#)
        #expect(judged(try contract(body: orders), prod: prod, staging: staging).isEmpty)
    }

    @Test("a key gone is breaking when the contract requires it, a warning when optional or not in the contract")
    func keyGone() throws {
        let prod = answer(#"{"items": [{"id": 1, "note": "n", "extra": 1}]}"#)
        let staging = answer(#"{"items": [{}]}"#)
        #expect(judged(try contract(body: orders), prod: prod, staging: staging) == [
            "warning /items/*/extra key-removed | not in the contract",
            "breaking /items/*/id key-removed | required by the contract",
            "warning /items/*/note key-removed | optional in the contract",
        ])
    }

    @Test("a required key absent from some items is breaking; the contract's drift settings move it")
    func keySometimesAbsent() throws {
        let prod = answer(#"{"items": [{"id": 1}, {"id": 2}]}"#)
        let staging = answer(#"{"items": [{"id": 1}, {}]}"#)
        #expect(judged(try contract(body: orders), prod: prod, staging: staging) == ["breaking /items/*/id key-sometimes-absent | required by the contract"])
        let lenient = try contract(body: orders, settings: #""drift": {"missing-key": "warning"}"#)
        #expect(judged(lenient, prod: prod, staging: staging) == ["warning /items/*/id key-sometimes-absent | required by the contract"])
        #expect(judged(lenient, prod: prod, staging: staging, policy: SeverityPolicy(overrides: [.missingKey: .ignore])).isEmpty)
    }

    @Test("a new null is breaking where the contract does not allow null, a warning where it does or says nothing")
    func newNull() throws {
        let prod = answer(#"{"items": [{"id": 1, "name": "a", "price": 2, "other": "o"}]}"#)
        let staging = answer(#"{"items": [{"id": 1, "name": null, "price": null, "other": null}]}"#)
        #expect(judged(try contract(body: orders), prod: prod, staging: staging) == [
            "breaking /items/*/name null-added | the contract does not allow null (string)",
            "warning /items/*/other null-added | not in the contract",
            "warning /items/*/price null-added | the contract allows null",
        ])
    }

    @Test("a type change is breaking where the contract's types exclude the new one; an integer schema admits a number")
    func typeChange() throws {
        let prod = answer(#"{"items": [{"id": "1", "name": "a"}]}"#)
        let staging = answer(#"{"items": [{"id": 1, "name": 2}]}"#)
        #expect(judged(try contract(body: orders), prod: prod, staging: staging) == [
            "warning /items/*/id type-changed | the contract allows integer",
            "breaking /items/*/name type-changed | the contract expects string",
        ])
    }

    @Test("a new key is a warning unless the contract allows no other keys")
    func newKey() throws {
        let closed = #"{"type": "object", "properties": {"a": {"type": "integer"}}, "additionalProperties": false}"#
        let prod = answer(#"{"a": 1}"#), staging = answer(#"{"a": 1, "b": 2}"#)
        #expect(judged(try contract(body: closed), prod: prod, staging: staging)
                == ["breaking /b key-added | the contract allows no other keys (additionalProperties: false)"])
        #expect(judged(try contract(body: orders), prod: prod, staging: staging) == ["warning /b key-added | not in the contract"])
        // The contract's own setting for unknown-key still decides.
        #expect(judged(try contract(body: closed, settings: #""drift": {"unknown-key": "warning"}"#), prod: prod, staging: staging)
                == ["warning /b key-added | the contract allows no other keys (additionalProperties: false)"])
    }

    @Test("a new enum value is breaking for a closed enum, a warning for an open one, the contract's enum or not")
    func enumValues() throws {
        let schema = #"{"properties": {"state": {"type": "string", "enum": ["new", "paid", "late"]}}}"#
        // One object on each side: the contract's enum makes the place an enum.
        let prod = answer(#"{"state": "new"}"#), staging = answer(#"{"state": "shipped"}"#)
        #expect(judged(try contract(body: schema), prod: prod, staging: staging) == ["breaking /state enum-value-added | a closed enum in the contract"])
        #expect(judged(try contract(body: schema, settings: #""enums": "open""#), prod: prod, staging: staging)
                == ["warning /state enum-value-added | an open enum in the contract"])
        #expect(judged(try contract(body: schema), prod: prod, staging: answer(#"{"state": "paid"}"#))
                == ["warning /state enum-value-added | listed in the contract's enum"])
        // Without an enum in the contract, repeated values make a place an enum; all-different ones do not.
        let free = try contract(body: "{}")
        #expect(judged(free, prod: answer(#"{"l": [{"s": "a"}, {"s": "a"}]}"#), staging: answer(#"{"l": [{"s": "b"}]}"#))
                == ["warning /l/*/s enum-value-added | not an enum in the contract"])
        #expect(judged(free, prod: answer(#"{"l": [{"s": "a"}, {"s": "b"}]}"#), staging: answer(#"{"l": [{"s": "c"}]}"#)).isEmpty)
        #expect(judged(free, prod: prod, staging: staging).isEmpty)
    }

    @Test("strings are compared only when asked: record and --compare-mocks see no enum values")
    func valuesOnlyWhenAsked() throws {
        let old = JSONShape(try JSONDocument.parse(#"{"l": [{"s": "a"}, {"s": "a"}]}"#).root)
        let new = JSONShape(try JSONDocument.parse(#"{"l": [{"s": "b"}]}"#).root)
        #expect(old.differences(to: new).isEmpty)
        #expect(old.differences(to: new, comparingValues: true).map(\.description) == [#"/l/*/s  enum-value-added  new value "b" (was "a")"#])
    }

    @Test("a place with more distinct strings than the limit is free text, not an enum")
    func manyStrings() throws {
        let many = (0...JSONShape.enumValueLimit).map { #"{"s": "v\#($0)"}, {"s": "v\#($0)"}"# }.joined(separator: ", ")
        let prod = answer(#"{"l": [\#(many)]}"#)
        #expect(judged(try contract(body: "{}"), prod: prod, staging: answer(#"{"l": [{"s": "new"}]}"#)).isEmpty)
    }

    @Test("a changed status is breaking and its body is not compared; a changed content type is breaking where the contract's rule fails")
    func statusAndContentType() throws {
        let plain = try contract(body: "{}")
        #expect(judged(plain, prod: answer(#"{"a": 1}"#), staging: answer(#"{"b": 1}"#, status: 404))
                == ["breaking (root) status-changed | a changed status; the contract expects status 200"])
        let typed = try contract(#"{"status": 200, "headers": {"Content-Type": {"pattern": "^application/json"}}, "body": {}}"#)
        #expect(judged(typed, prod: answer("{}"), staging: answer("{}", type: "application/json; charset=utf-8"))
                == ["warning (root) content-type-changed | the contract allows it (Content-Type matching /^application/json/)"])
        #expect(judged(typed, prod: answer("{}"), staging: answer("{}", type: "text/plain"))
                == ["breaking (root) content-type-changed | the contract expects Content-Type matching /^application/json/"])
        #expect(judged(plain, prod: answer("{}"), staging: answer("{}", type: "text/plain")) == ["warning (root) content-type-changed | not in the contract"])
        #expect(judged(plain, prod: answer("{}"), staging: answer("{}", type: "application/json;charset=UTF-8"))
                == ["warning (root) content-type-changed | not in the contract"])
        #expect(judged(plain, prod: answer("{}", type: "application/json; charset=utf-8"), staging: answer("{}", type: "Application/JSON;charset=utf-8")).isEmpty)
    }

    @Test("a body that stopped being JSON is breaking when the contract has a body schema")
    func notJSON() throws {
        let judgedLines = judged(try contract(body: "{}"), prod: answer("{}"), staging: answer("<html>", type: "application/json"))
        #expect(judgedLines == ["breaking (root) body-not-json | the contract has a body schema"])
    }

    @Test("rules are found through $ref, allOf, anyOf branches and patternProperties")
    func rulesThroughCombinators() throws {
        let schema = #"""
            {"$defs": {"item": {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}}}},
             "allOf": [{"properties": {"items": {"type": "array", "items": {"$ref": "#/$defs/item"}}}}],
             "anyOf": [{"properties": {"kind": {"type": "string"}}, "required": ["kind"]}, {"properties": {"other": {"type": "number"}}}],
             "patternProperties": {"^x-": {"type": "string"}}}
            """#
        let prod = answer(#"{"items": [{"id": 1}], "kind": "k", "x-a": "s"}"#)
        let staging = answer(#"{"items": [{}], "x-a": 1}"#)
        #expect(judged(try contract(body: schema), prod: prod, staging: staging) == [
            "breaking /items/*/id key-removed | required by the contract",
            "breaking /kind key-removed | required by the contract",
            "breaking /x-a type-changed | the contract expects string",
        ])
    }
}
