import EnvelopeCore
@testable import EnvelopeYAML
import Testing

@Suite("YAML documents read as JSON: structure, anchors, merge keys, keys")
struct YAMLDocumentTests {
    @Test("block and flow styles read as the same JSON")
    func blockAndFlowStyles() throws {
        let block = try yamlValue("""
            name: pet
            tags:
              - a
              - b
            owner:
              id: 7
              nick: null
            """)
        let flow = try yamlValue("{name: pet, tags: [a, b], owner: {id: 7, nick: null}}")
        let json = try JSONDocument.parse(#"{"name": "pet", "tags": ["a", "b"], "owner": {"id": 7, "nick": null}}"#).root.value
        #expect(block == json)
        #expect(flow == json)
    }

    @Test("multi-line strings: literal keeps line breaks, folded joins lines, chomping indicators, quoted line folding")
    func multiLineStrings() throws {
        let value = try yamlValue("""
            literal: |
              line one
              line two
            folded: >
              one
              two

              three
            strip: |-
              no final break
            keep: |+
              kept

            plain: this is
              one line
            quoted: "first
              second"
            last: end
            """)
        #expect(value["literal"] == .string("line one\nline two\n"))
        #expect(value["folded"] == .string("one two\nthree\n"))
        #expect(value["strip"] == .string("no final break"))
        #expect(value["keep"] == .string("kept\n\n"))
        #expect(value["plain"] == .string("this is one line"))
        #expect(value["quoted"] == .string("first second"))
    }

    @Test("an anchor's node is repeated at each alias, scalars and containers alike")
    func anchorsAndAliases() throws {
        let value = try yamlValue("""
            base: &b {type: string, maxLength: 5}
            name: *b
            list: [&x 1, *x, *x]
            """)
        #expect(value["name"] == value["base"])
        #expect(value["list"] == .array([.number("1"), .number("1"), .number("1")]))
    }

    @Test("merge keys: the mapping's own keys win, then earlier merged mappings over later ones, merged keys at the '<<'")
    func mergeKeys() throws {
        let value = try yamlValue("""
            a: &a {x: 1, y: 1}
            b: &b {y: 2, z: 2}
            one:
              <<: *a
              y: 9
            many:
              <<: [*a, *b]
              w: 0
            nested:
              <<: {<<: *b, v: 3}
            quoted:
              "<<": kept
            """)
        #expect(value["one"] == .object([.init(key: "x", value: .number("1")), .init(key: "y", value: .number("9"))]))
        #expect(value["many"] == .object([.init(key: "x", value: .number("1")), .init(key: "y", value: .number("1")),
                                          .init(key: "z", value: .number("2")), .init(key: "w", value: .number("0"))]))
        #expect(value["nested"]?["y"] == .number("2"))
        #expect(value["nested"]?["v"] == .number("3"))
        #expect(value["quoted"]?["<<"] == .string("kept"))
    }

    @Test("a merge key's value must be a mapping or a list of mappings")
    func invalidMerge() {
        #expect(yamlError("a:\n  <<: 3\n") == .invalidMerge(found: "a scalar", at: SourceLocation(line: 2, column: 7, offset: 9)))
        #expect(yamlError("a:\n  <<: [{x: 1}, 2]\n") == .invalidMerge(found: "a list holding a scalar", at: SourceLocation(line: 2, column: 16, offset: 18)))
    }

    @Test("an alias bomb is refused at the alias that would pass the limit, quickly")
    func aliasBomb() {
        var text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            let previous = "*a\(level - 1)"
            text += "a\(level): &a\(level) [\(Array(repeating: previous, count: 9).joined(separator: ", "))]\n"
        }
        guard case .aliasesTooLarge(let limit, let at) = yamlError(text) else {
            Issue.record("expected aliasesTooLarge")
            return
        }
        #expect(limit == YAMLDocument.aliasLimit)
        #expect(at.line > 5)
    }

    @Test("a bomb through merge keys is refused too")
    func mergeBomb() {
        var text = "m0: &m0 {k0: 0, k1: 1, k2: 2, k3: 3, k4: 4, k5: 5, k6: 6, k7: 7}\n"
        for level in 1...30 {
            text += "m\(level): &m\(level) {<<: [\(Array(repeating: "*m\(level - 1)", count: 8).joined(separator: ", "))]}\n"
        }
        guard case .aliasesTooLarge = yamlError(text) else {
            Issue.record("expected aliasesTooLarge, found \(String(describing: yamlError(text)))")
            return
        }
    }

    @Test("nested merges of empty mappings are refused too, not followed for exponential time")
    func emptyMergeBomb() {
        var text = "m0: &m0 {}\n"
        for level in 1...40 {
            text += "m\(level): &m\(level) {<<: [\(Array(repeating: "*m\(level - 1)", count: 8).joined(separator: ", "))]}\n"
        }
        guard case .aliasesTooLarge = yamlError(text) else {
            Issue.record("expected aliasesTooLarge, found \(String(describing: yamlError(text)))")
            return
        }
    }

    @Test("aliases to no anchor, or inside their own anchor's node, are refused")
    func badAliases() {
        #expect(yamlError("a: *nothing\n") == .undefinedAlias("nothing", at: SourceLocation(line: 1, column: 4, offset: 3)))
        #expect(yamlError("a: &self [1, *self]\n") == .recursiveAlias("self", at: SourceLocation(line: 1, column: 14, offset: 13)))
    }

    @Test("a duplicate key is refused, naming both places; a quoted and a plain key of the same text are the same key")
    func duplicateKeys() {
        #expect(yamlError("a: 1\nb: 2\na: 3\n") == .duplicateKey("a", at: SourceLocation(line: 3, column: 1, offset: 10), first: SourceLocation(line: 1, column: 1, offset: 0)))
        #expect(yamlError("responses:\n  200: {}\n  \"200\": {}\n") == .duplicateKey("200", at: SourceLocation(line: 3, column: 3, offset: 23),
                                                                                         first: SourceLocation(line: 2, column: 3, offset: 13)))
        #expect(yamlError("{x: 1, x: 2}") != nil)
        #expect(yamlError("a: 1\nb: 2\na: 3\n")?.description == "3:1: duplicate key \"a\" (first at 1:1); each key may appear once in a mapping")
    }

    @Test("scalar keys become their text as written (200 is \"200\", true is \"true\"); a mapping or sequence as a key is refused")
    func keys() throws {
        let value = try yamlValue("200: ok\ntrue: yes\n1.50: x\n~: null key\n")
        #expect(value.kind == .object)
        if case .object(let members) = value { #expect(members.map(\.key) == ["200", "true", "1.50", "~"]) }
        #expect(yamlError("? [a, b]\n: x\n") == .complexKey(found: "a sequence", at: SourceLocation(line: 1, column: 3, offset: 2)))
        #expect(yamlError("{? {a: 1} : x}") == .complexKey(found: "a mapping", at: SourceLocation(line: 1, column: 4, offset: 3)))
    }

    @Test("a second document in the stream is refused, naming where it and the first start; --- before the one document is fine")
    func multipleDocuments() throws {
        #expect(yamlError("a: 1\n---\nb: 2\n") == .multipleDocuments(at: SourceLocation(line: 2, column: 1, offset: 5), first: SourceLocation(line: 1, column: 1, offset: 0)))
        #expect(try yamlValue("---\na: 1\n...\n") == .object([.init(key: "a", value: .number("1"))]))
        #expect(yamlError("# only a comment\n") == .empty(at: SourceLocation(line: 2, column: 1, offset: 17)))
        #expect(yamlError("") != nil)
    }

    @Test("core schema tags are honoured, a tag that does not fit its value is refused, other tags are refused by name")
    func tags() throws {
        #expect(try scalar("!!str 12") == .string("12"))
        #expect(try scalar("!!int \"12\"") == .number("12"))
        #expect(try scalar("!!float 1") == .number("1"))
        #expect(try scalar("!!bool 'true'") == .bool(true))
        #expect(try scalar("!!null ''") == .null)
        #expect(try scalar("! 12") == .string("12"))
        #expect(try yamlValue("v: !!map {a: 1}\n")["v"] == .object([.init(key: "a", value: .number("1"))]))
        #expect(yamlError("v: !!int abc\n") == .tagMismatch(tag: "!!int", text: "abc", at: SourceLocation(line: 1, column: 4, offset: 3)))
        #expect(yamlError("v: !!seq abc\n") == .tagMismatch(tag: "!!seq", text: "abc", at: SourceLocation(line: 1, column: 4, offset: 3)))
        #expect(yamlError("v: !!map [a]\n") == .tagMismatch(tag: "!!map", text: "a sequence", at: SourceLocation(line: 1, column: 4, offset: 3)))
        #expect(yamlError("v: !!binary aGk=\n") == .unsupportedTag("!!binary", at: SourceLocation(line: 1, column: 4, offset: 3)))
        #expect(yamlError("v: !custom x\n") == .unsupportedTag("!custom", at: SourceLocation(line: 1, column: 4, offset: 3)))
    }

    @Test("strings with quotes, backslashes, control characters and escapes come out as the same string")
    func stringEscapes() throws {
        let value = try yamlValue(#"v: "a \"q\" \\ \t \u00e9 \x01 \0 end""# + "\n")
        #expect(value["v"] == .string("a \"q\" \\ \t é \u{01} \u{00} end"))
    }

    @Test("nesting deeper than the limit is refused with its place; at the limit it reads")
    func nesting() throws {
        let deep = String(repeating: "[", count: YAMLDocument.maxDepth + 1) + String(repeating: "]", count: YAMLDocument.maxDepth + 1)
        #expect(yamlError(deep) == .nestingTooDeep(limit: YAMLDocument.maxDepth, at: SourceLocation(line: 1, column: 513, offset: 512)))
        let fits = String(repeating: "[", count: YAMLDocument.maxDepth) + String(repeating: "]", count: YAMLDocument.maxDepth)
        #expect(try YAMLDocument.parse(Array(fits.utf8)).root.kind == .array)
    }
}
