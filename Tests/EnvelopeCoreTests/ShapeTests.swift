import Testing
@testable import EnvelopeCore

private func shape(_ text: String) throws -> JSONShape {
    JSONShape(try JSONDocument.parse(text).root)
}

@Suite("Answer shapes")
struct ShapeTests {
    @Test("keys, types and nulls that differ are reported once each, topmost first")
    func differences() throws {
        let old = try shape(#"{"a": 1, "b": {"c": "x", "d": [1]}, "e": [{"f": "s", "g": null}], "h": "t"}"#)
        let new = try shape(#"{"a": 2.5, "e": [{"f": null, "g": null, "i": true}], "h": 3, "k": []}"#)
        #expect(old.differences(to: new).map(\.description) == [
            "/b  key-removed  key gone (was object)",
            "/e/*/f  null-added  was string, now null",
            "/e/*/i  key-added  new key (boolean)",
            "/h  type-changed  was string, now number",
            "/k  key-added  new key (array)",
        ])
    }

    @Test("the same structure with other values, or an empty list, is no difference")
    func sameShape() throws {
        let old = try shape(#"{"list": [{"id": 1, "name": "a"}], "n": 1}"#)
        #expect(old.differences(to: try shape(#"{"n": 2.5, "list": [{"name": "b", "id": 7}, {"id": 8, "name": "c"}]}"#)) == [])
        #expect(old.differences(to: try shape(#"{"list": [], "n": 3}"#)) == [])
    }
}
