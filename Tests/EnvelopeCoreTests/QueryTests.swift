import EnvelopeCore
import Foundation
import Testing

private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

private func loadDeepLinkContract() throws -> Contract {
    let directory = root.appendingPathComponent("Contracts")
    return try ContractLoader.load(file: "deeplink-host.json") { path in
        Array(try Data(contentsOf: directory.appendingPathComponent(path)))
    }
}

@Suite("URL parts, key strategies and URL contracts")
struct QueryTests {
    @Test("URLs are taken apart: custom schemes, repeated names, bare names, percent escapes, fragments")
    func parsesURLs() {
        let parts = URLParts.parse("ABC://user@host/a%20b?a1_b=1&a2=%ED%95%9C&a2=x&flag&bad=%zz#frag")
        #expect(parts.scheme == "abc")
        #expect(parts.host == "host")
        #expect(parts.path == "/a b")
        #expect(parts.query.map(\.name) == ["a1_b", "a2", "a2", "flag", "bad"])
        #expect(parts.query.map(\.value) == ["1", "한", "x", nil, "%zz"])
        #expect(parts.query.first?.position == 22)
        #expect(parts.fragment == "frag")
        #expect(URLParts.parse("/v1/search?q=a+b", plusAsSpace: true).query == [QueryItem(name: "q", value: "a b", position: 11)])
        #expect(URLParts.parse("?q=a+b").query.first?.value == "a+b")
    }

    @Test("snake case converts as JSONDecoder and JSONEncoder do")
    func keyStrategies() {
        #expect(QueryKeyStrategy.fromSnakeCase("a1_b") == "a1B")
        #expect(QueryKeyStrategy.fromSnakeCase("_private_key_") == "_privateKey_")
        #expect(QueryKeyStrategy.fromSnakeCase("plain") == "plain")
        #expect(QueryKeyStrategy.toSnakeCase("a1B") == "a1_b")
        #expect(QueryKeyStrategy.toSnakeCase("myURLValue") == "my_url_value")
        #expect(QueryKeyStrategy.convertFromSnakeCase.wireName(for: "a1B") == "a1_b")
    }

    @Test("the seed's link meets the bundled deep-link contract")
    func seedLinkConforms() throws {
        let contract = try loadDeepLinkContract()
        #expect(contract.url?.keyStrategy == .convertFromSnakeCase)
        let result = validate(url: "abc://host?a1_b=1&a2=2", against: contract)
        #expect(result.valid)
        #expect(result.findings.isEmpty)
    }

    @Test("missing, extra and mistyped parameters, and a wrong host, are drift findings located in the URL")
    func driftedLink() throws {
        let contract = try loadDeepLinkContract()
        let result = validate(url: "abc://other?a2=two&utm=mail", against: contract)
        #expect(!result.valid)
        let summary = result.findings.map { "\($0.kind.rawValue) \($0.pointer) \($0.expected) | \($0.actual) @\($0.location?.description ?? "-")" }
        #expect(summary == [
            "constraint-violation /host host host | host other @-",
            "missing-key /query/a1_b string (required) | absent @-",
            "type-mismatch /query/a2 integer | \"two\" @1:13",
            "unknown-key /query/utm no such key (the contract does not declare it) | \"mail\" @1:20",
        ])
        #expect(result.breakingCount == 3)
    }

    @Test("a URL contract with an unknown key strategy does not load, and says which ones exist")
    func badKeyStrategy() {
        let text = #"{"contract": "x", "url": {"keyStrategy": "snake"}}"#
        #expect {
            try ContractLoader.load(Array(text.utf8), file: "x.json", read: { _ in [] })
        } throws: { error in
            "\(error)".contains("'url.keyStrategy' must be \"useDefaultKeys\" or \"convertFromSnakeCase\", found \"snake\"")
        }
    }
}
