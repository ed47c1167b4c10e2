import Testing
@testable import EnvelopeCore

@Suite("Large arrays validated on several cores")
struct ParallelValidationTests {
    /// 900 items whose drift starts in different shares: a null id from item 50 on, a
    /// string count only in the last third, an unknown key in one item, an optional key never
    /// present and one present only near the end, and a nested list per item.
    static let body: String = {
        var items: [String] = []
        for index in 0..<900 {
            var members = [#""id": \#(index >= 50 && index % 7 == 0 ? "null" : "\"i\(index)\"")"#]
            members.append(#""count": \#(index >= 600 && index % 5 == 0 ? "\"\(index)\"" : "\(index)")"#)
            members.append(#""tags": [\#((0..<(index % 4)).map { "\"t\($0)\"" }.joined(separator: ", "))]"#)
            if index == 777 { members.append(#""extra": true"#) }
            if index >= 880 { members.append(#""late": "y""#) }
            items.append("{" + members.joined(separator: ", ") + "}")
        }
        return "{\"list\": [\n" + items.joined(separator: ",\n") + "\n]}"
    }()

    static let schema = """
        {"type": "object", "properties": {"list": {"type": "array", "items": {
          "type": "object", "required": ["id", "count"],
          "properties": {"id": {"type": "string"}, "count": {"type": "integer"},
                         "tags": {"type": "array", "items": {"type": "string"}},
                         "never": {"type": "string"}, "late": {"type": "string"}}}}}}
        """

    func outcome(threshold: Int, shares: Int) throws -> (findings: [String], totals: [String: Int], valid: Bool) {
        let contract = try contract(body: Self.schema)
        let document = try JSONDocument.parse(Self.body)
        var validator = SchemaValidator(schema: contract.schema)
        validator.parallelElementThreshold = threshold
        validator.parallelShares = shares
        let result = validator.validate(document, against: try #require(contract.response.body))
        return (summary(DriftGrouper.findings(from: result, in: document, policy: contract.drift)), result.arrayTotals, result.isValid)
    }

    @Test("the findings, their order, counts, indices and places are those of one pass", arguments: [2, 3, 8])
    func sameAsOnePass(shares: Int) throws {
        let sequential = try outcome(threshold: .max, shares: 1)
        let parallel = try outcome(threshold: 16, shares: shares)
        #expect(parallel.findings == sequential.findings)
        #expect(parallel.totals == sequential.totals)
        #expect(parallel.valid == sequential.valid)
        // And the one pass found what the body holds.
        #expect(sequential.findings.map { $0.split(separator: " ").prefix(3).joined(separator: " ") } == [
            "optional-never-present /list/*/never 900/900",
            "unexpected-null /list/*/id 121/900",
            "type-mismatch /list/*/count 60/900",
            "unknown-key /list/*/extra 1/900",
        ])
        #expect(sequential.totals == ["/list/*": 900, "/list/*/tags/*": 1_350])
    }

    @Test("inside nested arrays a finding keeps whole index paths, the same on several cores as in one pass")
    func nestedIndexPaths() throws {
        // Item i has i % 4 tags; the second tag of every item from 100 on is a number.
        let items = (0..<400).map { index in
            "{\"tags\": [" + (0..<(index % 4)).map { $0 == 1 && index >= 100 ? "\($0)" : "\"t\($0)\"" }.joined(separator: ", ") + "]}"
        }
        let document = try JSONDocument.parse("{\"list\": [\n" + items.joined(separator: ",\n") + "\n]}")
        let contract = try contract(body: Self.schema)
        func finding(threshold: Int, shares: Int) throws -> DriftFinding {
            var validator = SchemaValidator(schema: contract.schema)
            validator.parallelElementThreshold = threshold
            validator.parallelShares = shares
            let outcome = validator.validate(document, against: try #require(contract.response.body))
            return try #require(DriftGrouper.findings(from: outcome, in: document, policy: contract.drift).first { $0.kind == .typeMismatch })
        }
        let sequential = try finding(threshold: .max, shares: 1)
        #expect(sequential.pointer == "/list/*/tags/*")
        #expect(sequential.count == 150)
        #expect(sequential.indices == [1])
        let expected = (100..<400).filter { $0 % 4 >= 2 }.prefix(DriftFinding.indexLimit).map { [$0, 1] }
        #expect(sequential.indexPaths == Array(expected))
        for shares in [2, 3, 8] {
            #expect(try finding(threshold: 16, shares: shares).indexPaths == sequential.indexPaths)
        }
    }

    @Test("element totals are kept per array place, past the places found by a scan too, and given only with findings",
          arguments: [3, 16, 17, 40])
    func arrayTotalsPerPlace(places: Int) throws {
        let contract = try contract(body: #"{"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}}"#)
        // Place k<i> holds i + 1 strings; the same document with a number added to every list
        // has a finding at each place.
        func body(withFinding: Bool) -> String {
            let members = (0..<places).map { place in
                let strings = (0...place).map { "\"s\($0)\"" } + (withFinding ? ["1"] : [])
                return "\"k\(place)\": [" + strings.joined(separator: ", ") + "]"
            }
            return "{" + members.joined(separator: ", ") + "}"
        }
        let validator = SchemaValidator(schema: contract.schema)
        let root = try #require(contract.response.body)
        let valid = validator.validate(try JSONDocument.parse(body(withFinding: false)), against: root)
        #expect(valid.isValid && valid.arrayTotals.isEmpty)
        let drifted = validator.validate(try JSONDocument.parse(body(withFinding: true)), against: root)
        #expect(!drifted.isValid)
        let expected = Dictionary(uniqueKeysWithValues: (0..<places).map { ("/k\($0)/*", $0 + 2) })
        #expect(drifted.arrayTotals == expected)
    }
}
