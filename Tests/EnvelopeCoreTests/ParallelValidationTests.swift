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
