import EnvelopeCore
import Testing
@testable import EnvelopeMock

@Suite("JSONPath subset")
struct JSONPathTests {
    static let text = """
        {"store": {"book": [
            {"category": "reference", "author": "Nigel Rees", "title": "Sayings", "price": 8.95},
            {"category": "fiction", "author": "Evelyn Waugh", "title": "Sword", "price": 12.99, "isbn": "0-553"},
            {"category": "fiction", "author": "Herman Melville", "title": "Moby Dick", "price": 8.99, "isbn": "0-554"}],
          "bicycle": {"color": "red", "price": 19.95}}, "a.b": 1}
        """

    func select(_ path: String) throws -> [String] {
        try JSONPath(path).select(in: JSONDocument.parse(Self.text).root.value).map(\.textForMatching)
    }

    @Test("child, index, wildcard, slice, union and quoted names")
    func basics() throws {
        #expect(try select("$.store.bicycle.color") == ["red"])
        #expect(try select("$['store']['bicycle'][\"price\"]") == ["19.95"])
        #expect(try select("$.store.book[0].title") == ["Sayings"])
        #expect(try select("$.store.book[-1].title") == ["Moby Dick"])
        #expect(try select("$.store.book[0,2].price") == ["8.95", "8.99"])
        #expect(try select("$.store.book[1:].author") == ["Evelyn Waugh", "Herman Melville"])
        #expect(try select("$.store.book[*].category") == ["reference", "fiction", "fiction"])
        #expect(try select("$['a.b']") == ["1"])
        #expect(try select("$.store.missing").isEmpty)
    }

    @Test("recursive descent and filters")
    func descentAndFilters() throws {
        #expect(try select("$..price") == ["8.95", "12.99", "8.99", "19.95"])
        #expect(try select("$.store.book[?(@.isbn)].title") == ["Sword", "Moby Dick"])
        #expect(try select("$.store.book[?(@.price < 10 && @.category == 'fiction')].title") == ["Moby Dick"])
        #expect(try select("$.store.book[?(@.price > 12 || @.author =~ /Nigel.*/)].title") == ["Sayings", "Sword"])
        #expect(try select("$.store.book[?(!@.isbn)].title") == ["Sayings"])
        #expect(try select("$..book[?(@.category != \"fiction\")].price") == ["8.95"])
    }

    @Test("a dot before a bracket is read as the bracket alone, as Jayway reads $.[?(@.flag == true)]")
    func dotBeforeBracket() throws {
        #expect(try select("$.store.book.[?(@.isbn)].title") == ["Sword", "Moby Dick"])
        #expect(try select("$.store.book.[0].title") == ["Sayings"])
        let flags = try JSONDocument.parse(#"[{"flag": true, "n": 1}, {"flag": false, "n": 2}, {"flag": true, "n": 3}]"#).root.value
        #expect(try JSONPath("$.[?(@.flag == true)].n").select(in: flags).map(\.textForMatching) == ["1", "3"])
        #expect(try JSONPath("$.[?(@.flag == true)]").select(in: flags).count == 2)
    }

    @Test("syntax errors name the place", arguments: ["store", "$.a[", "$.a[?(@.b == )]", "$.a]", "$[?(@.a =~ /(/)]", "$.[", "$..."])
    func errors(path: String) {
        #expect(throws: JSONPath.SyntaxError.self) { try JSONPath(path) }
    }
}
