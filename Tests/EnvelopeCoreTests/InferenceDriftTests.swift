import Testing
@testable import EnvelopeCore

/// Infer from a known-good answer, then check later answers: each drift a person would name is
/// reported, with the right kind at the right place, and a second good answer raises nothing.
@Suite("Infer, then validate: the drift a person would name")
struct InferenceDriftTests {
    static let good = """
        {"status": "ok", "generatedAt": "2024-05-01T09:30:00Z",
         "data": {"total": 6, "orders": [
           {"id": "0b7e1c1a-3a4e-4f55-9a39-1f1c7d0c2a01", "state": "paid", "amount": 1200, "currency": "KRW", "note": null, "customer": {"name": "Kim", "email": "kim@example.com"}, "tags": ["gift"], "coupon": "SPRING"},
           {"id": "0b7e1c1a-3a4e-4f55-9a39-1f1c7d0c2a02", "state": "shipped", "amount": 800, "currency": "KRW", "note": "leave at door", "customer": {"name": "Lee", "email": "lee@example.com"}, "tags": []},
           {"id": "0b7e1c1a-3a4e-4f55-9a39-1f1c7d0c2a03", "state": "paid", "amount": 15000, "currency": "KRW", "note": null, "customer": {"name": "Park", "email": "park@example.com"}, "tags": ["bulk", "gift"]},
           {"id": "0b7e1c1a-3a4e-4f55-9a39-1f1c7d0c2a04", "state": "shipped", "amount": 300, "currency": "KRW", "note": "call first", "customer": {"name": "Choi", "email": "choi@example.com"}, "tags": []},
           {"id": "0b7e1c1a-3a4e-4f55-9a39-1f1c7d0c2a05", "state": "paid", "amount": 4500, "currency": "KRW", "note": null, "customer": {"name": "Jung", "email": "jung@example.com"}, "tags": ["gift"]},
           {"id": "0b7e1c1a-3a4e-4f55-9a39-1f1c7d0c2a06", "state": "shipped", "amount": 990, "currency": "KRW", "note": null, "customer": {"name": "Kang", "email": "kang@example.com"}, "tags": []}
         ]}}
        """

    /// A later answer that changed only in values: other ids, amounts, names, fewer orders,
    /// one state only, the optional coupon in one order.
    static let secondGood = """
        {"status": "ok", "generatedAt": "2024-06-11T01:02:03+09:00",
         "data": {"total": 2, "orders": [
           {"id": "9d5ed678-fe57-4cca-b8a5-3a3c4f2b1b10", "state": "paid", "amount": 77, "currency": "KRW", "note": "fragile", "customer": {"name": "Yoon Seo-yeon", "email": "yoon@example.org"}, "tags": ["new"], "coupon": "WELCOME"},
           {"id": "9d5ed678-fe57-4cca-b8a5-3a3c4f2b1b11", "state": "paid", "amount": 120000, "currency": "KRW", "note": null, "customer": {"name": "Han", "email": "han@example.net"}, "tags": []}
         ]}}
        """

    func contract() throws -> Contract {
        var inferrer = SchemaInferrer()
        inferrer.add(try JSONDocument.parse(Self.good))
        let text = SchemaPrinter.print(InferredContract.make(name: "orders", summary: "", method: "GET", path: "/orders", query: [], status: 200, body: inferrer.schema()))
        return try ContractLoader.load(Array(text.utf8), file: "orders.json") { path in
            throw ContractError.unreadable(file: path, reason: "no other files")
        }
    }

    func findings(_ body: String) throws -> [String] {
        let result = validate(ObservedResponse(status: nil, body: Array(body.utf8)), against: try contract(), source: "test")
        return result.findings.map { "\($0.kind.rawValue) \($0.pointer) \($0.severity.rawValue)" }
    }

    /// The good answer with `old` replaced by `new` (exactly once).
    func drifted(_ old: String, _ new: String) throws -> String {
        let pieces = Self.good.components(separatedBy: old)
        try #require(pieces.count == 2, "'\(old)' must occur once in the fixture")
        return pieces.joined(separator: new)
    }

    @Test("the answer it was inferred from, and a second good answer, raise nothing")
    func noFalseAlarms() throws {
        #expect(try findings(Self.good) == [])
        #expect(try findings(Self.secondGood) == [])
    }

    @Test("each drift is reported with its kind and place, and nothing else", arguments: [
        ("missing key", #""amount": 800, "#, "", ["missing-key /data/orders/*/amount breaking"]),
        ("new null", #""name": "Lee""#, #""name": null"#, ["unexpected-null /data/orders/*/customer/name breaking"]),
        ("type change", #""amount": 15000"#, #""amount": "15000""#, ["type-mismatch /data/orders/*/amount breaking"]),
        ("new key", #""currency": "KRW", "note": "call first""#, #""currency": "KRW", "discount": 10, "note": "call first""#,
         ["unknown-key /data/orders/*/discount warning"]),
        ("new enum value", #""state": "shipped", "amount": 990"#, #""state": "refunded", "amount": 990"#,
         ["enum-violation /data/orders/*/state breaking"]),
        ("total became a string", #""total": 6"#, #""total": "6""#, ["type-mismatch /data/total breaking"]),
    ])
    func drift(_ name: String, _ old: String, _ new: String, _ expected: [String]) throws {
        #expect(try findings(try drifted(old, new)) == expected, "\(name)")
    }

    @Test("an HTML error page instead of JSON is not-json")
    func htmlPage() throws {
        #expect(try findings("<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>") == ["not-json  breaking"])
    }

    @Test("an array that became an object is a type-mismatch at the array's place")
    func arrayBecameObject() throws {
        let body = #"{"status": "ok", "generatedAt": "2024-05-01T09:30:00Z", "data": {"total": 1, "orders": {"0b7e": {"id": "x"}}}}"#
        #expect(try findings(body) == ["type-mismatch /data/orders breaking"])
    }
}
