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

    @Test("a key in every element of one side and missing from some of the other's is a difference, both ways, with counts")
    func keysAbsentFromSomeElements() throws {
        let always = try shape(#"{"items": [{"id": 1, "price": 2}, {"id": 2, "price": 3}]}"#)
        let items = (0..<102).map { [5, 40, 99].contains($0) ? #"{"id": \#($0)}"# : #"{"id": \#($0), "price": 1.5}"# }
        let sometimes = try shape(#"{"items": ["# + items.joined(separator: ",") + "]}")
        #expect(always.differences(to: sometimes).map(\.description) == [
            "/items/*/price  key-sometimes-absent  was in all 2 items, now absent from 3 of 102 items",
        ])
        #expect(sometimes.differences(to: always).map(\.description) == [
            "/items/*/price  key-always-present  was absent from 3 of 102 items, now in all 2 items",
        ])
        let difference = try #require(always.differences(to: sometimes).first)
        #expect(difference.newPresence == ShapePresence(count: 99, total: 102, inArrayElements: true))
    }

    @Test("keys of nested objects are counted over those objects; a key optional on both sides, or a type change, is told apart")
    func presenceOfNestedKeys() throws {
        let old = try shape(#"{"a": [{"m": {"x": 1}}, {"m": {"x": "s"}}, {"m": null}], "b": [{"y": 1}, {}]}"#)
        let new = try shape(#"{"a": [{"m": {"x": "t"}}, {"m": {}}], "b": [{}, {"y": 2}, {"y": 3}]}"#)
        #expect(old.differences(to: new).map(\.description) == [
            "/a/*/m  null-removed  was object or null, now object",
            "/a/*/m/x  type-changed  was string or number, now string",
            "/a/*/m/x  key-sometimes-absent  was in all 2 objects, now absent from 1 of 2 objects",
        ])
        #expect(new.presence(at: "/b/*/y") == ShapePresence(count: 2, total: 3, inArrayElements: true))
        #expect(new.presence(at: "/b/*") == nil)
        #expect(new.presence(at: "") == nil)
    }
}
