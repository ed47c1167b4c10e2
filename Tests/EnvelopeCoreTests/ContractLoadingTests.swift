import Testing
@testable import EnvelopeCore

@Suite("Contract loading errors")
struct ContractLoadingTests {
    func loadError(_ text: String, files: [String: String] = [:]) -> String {
        do {
            _ = try ContractLoader.load(Array(text.utf8), file: "c.json") { path in
                guard let file = files[path] else { throw TestFileMissing(path: path) }
                return Array(file.utf8)
            }
            return "loaded"
        } catch {
            return error.description
        }
    }

    @Test("errors name file:line:column and say what was expected", arguments: [
        ("{\"contract\": \"c\",\n \"request\": {\"path\": \"/x\"},\n \"respons\": {}}",
         "c.json:3:2: error: unknown key 'respons' in the contract (did you mean 'response'?); expected one of: assertFormats, contract, drift, enums, openapi, request, response, summary"),
        ("{\"contract\": \"c\", \"request\": {\"path\": \"/x\"}}", "c.json:1:1: error: missing required key 'response'"),
        ("{\"contract\": 1, \"request\": {\"path\": \"/x\"}, \"response\": {}}", "c.json:1:14: error: 'contract' must be a string, found number"),
        ("{\"contract\": \"c\", \"request\": {\"path\": \"/x\", \"query\": {\"t\": []}}, \"response\": {}}", "c.json:1:60: error: 'query.t' is an empty array; give its values, or leave the parameter out"),
        ("{\"contract\": \"c\", \"request\": {\"path\": \"/x\", \"query\": {\"t\": [\"a\", {}]}}, \"response\": {}}", "c.json:1:66: error: 'query.t' must be a string or an array of strings, found object"),
        ("{\"contract\": \"c\", \"request\": {\"path\": \"x\"}, \"response\": {}}",
         "c.json:1:39: error: request.path must start with '/', found \"x\"; put the host in --base-url or an environment"),
        ("{\"contract\": \"c\", \"request\": {\"path\": \"/x\"}, \"response\": {\"status\": 999}}",
         "c.json:1:69: error: response.status must be an HTTP status code from 100 to 599, found 999"),
        ("{\"contract\": \"c\", \"request\": {\"path\": \"/x\"}, \"response\": {\"body\": {\"tpye\": \"string\"}}}",
         "c.json:1:68: error: unknown schema keyword 'tpye'; did you mean 'type'? (see docs/contracts.md for the keywords Envelope supports)"),
        ("{\"contract\": \"c\", \"request\": {\"path\": \"/x\"}, \"response\": {\"body\": {\"type\": \"text\"}}}",
         "c.json:1:76: error: invalid schema at /response/body/type: 'type' expects one of object, array, string, number, integer, boolean, null (or a list of them), found \"text\""),
        ("{\"contract\": \"c\", \"request\": {\"path\": \"/x\"}, \"response\": {\"body\": {\"$ref\": \"missing.json\"}}}",
         "c.json:1:76: error: cannot resolve $ref 'missing.json': cannot read missing.json: no such file missing.json"),
        ("{\"contract\": \"c\", \"request\": {\"path\": \"/x\"}, \"response\": {\"body\": {\"$ref\": \"#/$defs/nope\"}}}",
         "c.json:1:76: error: cannot resolve $ref '#/$defs/nope': no value at '#/$defs/nope' in c.json"),
        ("{\"contract\": \"c\", \"request\": {\"path\": \"/x\"}, \"response\": {\"body\": {\"$ref\": \"https://example.com/s.json\"}}}",
         "c.json:1:76: error: cannot resolve $ref 'https://example.com/s.json': remote references are not fetched; save the schema next to the contract and refer to it by a relative path, or map its URI to a folder with --map-ref https://example.com/=DIR"),
        ("{\"contract\": \"c\", \"request\": {\"path\": \"/x\"}, \"response\": {\"body\": {\"type\": \"string\", \"nullable\": true}}}",
         "c.json:1:86: error: schema keyword 'nullable' is not JSON Schema 2020-12: OpenAPI 3.0's 'nullable' is not JSON Schema; write \"type\": [\"string\", \"null\"]"),
        ("{\"contract\": \"c\", \"contract\": \"d\"}", "c.json:1:19: error: not valid JSON: duplicate key \"contract\" (first at 1:2); each key may appear once in an object"),
        ("{\"contract\": \"c\", \"request\": {\"path\": \"/x\"}, \"response\": {}, \"drift\": {\"unknown-key\": \"loud\"}}",
         "c.json:1:87: error: drift.unknown-key must be \"breaking\", \"warning\" or \"ignore\", found \"loud\""),
        // Keys are checked as the JSON says them: an escape spelling an allowed key is that key,
        // and an unknown key is named decoded, the first in the file.
        ("{\"contract\": \"c\", \"re\\u0071uest\": {\"path\": \"/x\"}, \"response\": {\"st\\u0061tus\": 200, \"h\\u00e9aders\": {}, \"bdy\": 1}}",
         "c.json:1:84: error: unknown key 'héaders' in response (did you mean 'headers'?); expected one of: body, headers, slow, status"),
        ("{\"contract\": \"c\", \"request\": {\"path\": \"/x\", \"metho\": \"GET\"}, \"response\": {}}",
         "c.json:1:45: error: unknown key 'metho' in request (did you mean 'method'?); expected one of: body, headers, method, path, query"),
    ])
    func reportsErrors(text: String, expected: String) {
        #expect(loadError(text) == expected)
    }

    @Test("a $ref loop that never reaches the data is detected, not looped on")
    func referenceCycle() {
        let text = ##"{"contract": "c", "request": {"path": "/x"}, "response": {"body": {"$ref": "#/$defs/a", "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}}}}"##
        #expect(loadError(text).contains("error: $ref cycle that never reaches the data: c.json#/response/body -> c.json#/response/body/$defs/a -> c.json#/response/body/$defs/b -> c.json#/response/body/$defs/a"))
    }

    @Test("a recursive schema that descends into the data is fine")
    func recursiveSchema() throws {
        let text = ##"{"contract": "c", "request": {"path": "/x"}, "response": {"body": {"$ref": "#/$defs/node", "$defs": {"node": {"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}}}}}"##
        #expect(loadError(text) == "loaded")
    }

    @Test("a syntax error in a shared schema names that file")
    func brokenSharedSchema() {
        let text = #"{"contract": "c", "request": {"path": "/x"}, "response": {"body": {"$ref": "schemas/s.json"}}}"#
        #expect(loadError(text, files: ["schemas/s.json": "{\n  \"type\": \"object\",\n}"]) == "schemas/s.json:3:1: error: not valid JSON: expected a string key, found '}'")
    }

    @Test("compiled patterns are shared by the contracts of one load and kept by nothing else")
    func patternsLiveWithTheirLoad() throws {
        func contract(_ name: String) -> [UInt8] {
            Array(#"{"contract": "\#(name)", "request": {"path": "/x"}, "response": {"headers": {"Content-Type": {"pattern": "^application/json"}}, "body": {"properties": {"id": {"pattern": "^[0-9]+$"}}}}}"#.utf8)
        }
        let options = ContractLoadOptions()
        for name in ["a", "b", "c"] {
            _ = try ContractLoader.load(contract(name), file: "\(name).json", read: { throw TestFileMissing(path: $0) }, options: options)
        }
        #expect(options.regexes.count == 2)
        #expect(ContractLoadOptions().regexes.count == 0)
    }
}

@Suite("Contract loading that lists every problem")
struct ContractProblemCollectionTests {
    func problems(_ text: String, files: [String: String] = [:]) -> (contract: Contract?, problems: [String]) {
        var errors: [ContractError] = []
        let contract = ContractLoader.load(file: "c.json", read: { path in
            if path == "c.json" { return Array(text.utf8) }
            guard let file = files[path] else { throw TestFileMissing(path: path) }
            return Array(file.utf8)
        }, collectingProblemsInto: &errors)
        return (contract, errors.map(\.description))
    }

    @Test("a query value, a status, a header rule, a schema keyword, a $ref and a drift setting: all six, in file order")
    func everyProblem() {
        let text = #"{"contract": "c", "request": {"path": "/x", "query": {"q": []}}, "response": {"status": 999, "headers": {"A": 1}, "#
            + ##""body": {"properties": {"a": {"type": "text"}, "b": {"$ref": "#/nowhere"}}}}, "drift": {"missing-key": "loud"}}"##
        let outcome = problems(text)
        #expect(outcome.contract == nil)
        #expect(outcome.problems.map { $0.components(separatedBy: ": error: ").first ?? "" } == [
            "c.json:1:60", "c.json:1:89", "c.json:1:111", "c.json:1:153", "c.json:1:176", "c.json:1:218",
        ])
    }

    @Test("a $ref cycle is one problem, not one per schema on it; a contract with none loads")
    func cycleOnce() {
        let cycle = ##"{"contract": "c", "request": {"path": "/x"}, "response": {"body": {"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"}}}"##
        #expect(problems(cycle).problems.count == 1)
        #expect(problems(cycle).problems.first?.contains("$ref cycle") == true)
        let good = problems(#"{"contract": "c", "request": {"path": "/x"}, "response": {"body": {"type": "object"}}}"#)
        #expect(good.contract?.name == "c")
        #expect(good.problems.isEmpty)
    }

    @Test("the throwing load still stops at the first problem, as before")
    func throwingStopsAtFirst() {
        let text = #"{"contract": "c", "summry": 1, "request": {"path": "x"}, "response": {}}"#
        #expect(throws: ContractError.self) { try ContractLoader.load(Array(text.utf8), file: "c.json") { _ in [] } }
        #expect(problems(text).problems.count == 2)
    }
}
