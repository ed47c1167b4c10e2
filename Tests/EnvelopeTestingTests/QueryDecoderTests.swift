import EnvelopeCore
import EnvelopeTesting
import Foundation
import Testing

/// Seed 003's model.
struct Model: Codable, Equatable {
    var a1B: String?
    var a2: String?
}

struct Search: Codable, Equatable {
    enum Sort: String, Codable, CaseIterable { case recent, popular }
    var query: String
    var page: Int
    var ratio: Double?
    var sort: Sort
    var safe: Bool
    var tags: [String]
    var ids: [Int]?
}

@Suite("QueryDecoder and QueryEncoder")
struct QueryDecoderTests {
    @Test("the seed's link decodes: abc://host?a1_b=1&a2=2 is Model(a1B: \"1\", a2: \"2\")")
    func seedLink() throws {
        let model = try QueryDecoder(keyStrategy: .convertFromSnakeCase).decode(Model.self, from: "abc://host?a1_b=1&a2=2")
        #expect(model == Model(a1B: "1", a2: "2"))
        let fromURL = try QueryDecoder(keyStrategy: .convertFromSnakeCase).decode(Model.self, from: try #require(URL(string: "abc://host?a1_b=1")))
        #expect(fromURL == Model(a1B: "1", a2: nil))
    }

    @Test("values are percent-decoded and coerced: numbers, booleans, enums, arrays from repeated names")
    func coercion() throws {
        let url = "myapp://search?query=%EC%8A%A4%EC%9C%84%ED%94%84%ED%8A%B8%20ui&page=2&ratio=0.5&sort=popular&safe&tags=a&tags=b%26c&ids=3&ids=4"
        let search = try QueryDecoder().decode(Search.self, from: url)
        #expect(search == Search(query: "스위프트 ui", page: 2, ratio: 0.5, sort: .popular, safe: true, tags: ["a", "b&c"], ids: [3, 4]))
        // `+` is a plus sign unless asked; an empty optional number is absent.
        let plus = try QueryDecoder(plusAsSpace: true).decode(Search.self, from: "?query=a+b&page=1&ratio=&sort=recent&safe=0&tags=x")
        #expect(plus == Search(query: "a b", page: 1, ratio: nil, sort: .recent, safe: false, tags: ["x"], ids: nil))
    }

    @Test("every problem is reported at once, by the name the link uses, not a nil")
    func everyProblem() throws {
        let error = #expect(throws: QueryDecodingError.self) {
            try QueryDecoder(rejectsUnknownParameters: true)
                .decode(Search.self, from: "abc://x?page=two&sort=oldest&safe=maybe&tags=a&ids=1&ids=x&utm_source=mail")
        }
        #expect(error?.problems.map(\.description) == [
            "query: expected String (required), found no such parameter (missing-key)",
            "page: expected an integer (Int), found \"two\" (type-mismatch)",
            "sort: expected one of recent, popular, found \"oldest\" (enum-violation)",
            "safe: expected true or false (Bool), found \"maybe\" (type-mismatch)",
            "ids[1]: expected an integer (Int), found \"x\" (type-mismatch)",
            "utm_source: expected no such parameter (the model never reads it), found \"mail\" (unknown-key)",
        ])
        #expect(error?.description.hasPrefix("the query does not decode as Search (6 problems):\n  query: expected String (required)") == true)
    }

    @Test("QueryEncoder writes the same link back, snake-cased, nils left out")
    func encoderRoundTrip() throws {
        let encoder = QueryEncoder(keyStrategy: .convertFromSnakeCase)
        #expect(try encoder.url("abc://host", Model(a1B: "1", a2: "2")) == "abc://host?a1_b=1&a2=2")
        #expect(try encoder.encode(Model(a1B: "a b&c", a2: nil)) == "a1_b=a%20b%26c")
        let search = Search(query: "스위프트", page: 3, ratio: 1.5, sort: .recent, safe: false, tags: ["a", "b"], ids: nil)
        let text = try QueryEncoder().encode(search)
        #expect(text == "query=%EC%8A%A4%EC%9C%84%ED%94%84%ED%8A%B8&page=3&ratio=1.5&sort=recent&safe=false&tags=a&tags=b")
        #expect(try QueryDecoder().decode(Search.self, from: text) == search)
    }

    @Test("a nested struct cannot be a query parameter, and the error says what to do")
    func nestedStructRefused() {
        struct Outer: Encodable { struct Inner: Encodable { var x = 1 }; var inner = Inner() }
        let error = #expect(throws: QueryEncodingError.self) { try QueryEncoder().encode(Outer()) }
        #expect(error?.parameter == "inner")
        #expect(error?.message.contains("plain properties") == true)
    }
}
