import Foundation
import Testing
@testable import EnvelopeCore

@Suite("Patterns: literals without ICU, the rest through it")
struct SchemaRegexTests {
    /// What ICU says, the way SchemaRegex used to ask it for every pattern.
    func icuMatches(_ pattern: String, _ text: String) -> Bool {
        let regex = try! NSRegularExpression(pattern: pattern, options: [])
        return regex.firstMatch(in: text, options: [], range: NSRange(text.startIndex..<text.endIndex, in: text)) != nil
    }

    @Test("a pattern without metacharacters matches exactly where ICU would: start or anywhere, by code point")
    func literalsAgreeWithICU() throws {
        let patterns = ["^application/json", "application/json", "json", "^é", "é", "e", "^e\u{301}", "한양", "^ ", "a-b_c#d/e", "🐲"]
        let texts = ["application/json", "application/json; charset=utf-8", "text/plain", "x application/json", "", "é", "e\u{301}",
                     "ée", "e", "한양대학교", "대한양", " lead", "a-b_c#d/e!", "x🐲y", "APPLICATION/JSON", "applicatio"]
        for pattern in patterns {
            let regex = try #require(SchemaRegex(pattern))
            for text in texts {
                #expect(regex.matches(text) == icuMatches(pattern, text), "/\(pattern)/ on \"\(text)\"")
            }
        }
    }

    @Test("patterns with metacharacters still go through ICU, and broken ones are still refused")
    func expressionsStillCompile() throws {
        #expect(try #require(SchemaRegex("^application/(json|xml)$")).matches("application/xml"))
        #expect(try #require(SchemaRegex("a.c")).matches("xabcx"))
        #expect(try #require(SchemaRegex("^a\\.c")).matches("a.c") == true)
        #expect(try #require(SchemaRegex("^a\\.c")).matches("abc") == false)
        #expect(SchemaRegex("(unclosed") == nil)
        #expect(SchemaRegex("[a-") == nil)
        #expect(SchemaRegex("a\u{0}b") == nil)
        #expect(try #require(SchemaRegex("")).matches("anything"))
        #expect(try #require(SchemaRegex("^")).matches(""))
    }
}
