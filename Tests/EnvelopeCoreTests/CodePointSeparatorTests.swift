import Testing
@testable import EnvelopeCore

/// A '/' (or '#', '?') followed by a combining mark is one Character to Swift: URIs and
/// request paths are split and tested by code point, as RFC 3986 and HTTP read them.
@Suite("URIs and request paths split by code point")
struct CodePointSeparatorTests {
    @Test("dot segments before a segment that starts with a combining mark are removed")
    func dotSegments() {
        #expect(SchemaURI.resolve("../\u{301}y.json", against: "file:///c/dir/x.json") == "file:///c/\u{301}y.json")
        #expect(SchemaURI.removeDotSegments("/a/./\u{301}b/../c") == "/a/c")
        #expect(SchemaURI.resolve("\u{301}y.json", against: "https://example.com/s/x.json") == "https://example.com/s/\u{301}y.json")
    }

    @Test("a fragment or query whose first character is a combining mark is still split off")
    func fragmentAndQuery() {
        #expect(SchemaURI.withoutFragment("a.json#\u{301}x") == "a.json")
        #expect(SchemaURI.fragment(of: "a.json#\u{301}x") == "\u{301}x")
        let parts = SchemaURI.parse("https://h/p?\u{301}q#f")
        #expect(parts.path == "/p")
        #expect(parts.query == "\u{301}q")
        #expect(parts.fragment == "f")
    }

    @Test("a scheme is ASCII letters, digits, '+', '-' and '.': a non-ASCII prefix before ':' is a path")
    func asciiScheme() {
        #expect(SchemaURI.parse("urn:x").scheme == "urn")
        #expect(SchemaURI.parse("ä:x").scheme == nil)
        #expect(SchemaURI.resolve("ä:x.json", against: "file:///c/s.json") == "file:///c/ä:x.json")
    }

    @Test("a request path that starts with '/' and a combining mark is accepted")
    func requestPath() throws {
        let json = #"{"contract": "c", "request": {"path": "/\u0301x"}, "response": {"body": true}}"#
        let contract = try ContractLoader.load(Array(json.utf8), file: "c.json", read: { _ in [] })
        #expect(Array(contract.request.path.unicodeScalars) == ["/", "\u{301}", "x"])
    }
}
