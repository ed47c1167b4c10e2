import EnvelopeCore
import Foundation
import Testing
@testable import EnvelopeMock

/// A '/' followed by a combining mark is one Character to Swift: paths are split and tested
/// by code point, as HTTP and the file system see them.
@Suite("Mock paths split by code point")
struct CodePointSeparatorTests {
    @Test("a urlPathTemplate whose segment starts with a combining mark keeps its segments")
    func templateSegments() throws {
        let template = try PathTemplate.parse("/\u{301}a/{id}").get()
        #expect(template.segments == [.literal("\u{301}a"), .variable("id")])
        #expect(template.match(Substring("/\u{301}a/42")) == ["id": "42"])
        #expect(template.match(Substring("/a/42")) == nil)
        #expect(template.match(Substring("/\u{301}a/42/x")) == nil)
        // A brace followed by a combining mark is still a brace: not a clean variable.
        guard case .failure(let error) = PathTemplate.parse("/{\u{301}id}") else {
            Issue.record("{\u{301}id} should not parse as a variable")
            return
        }
        #expect(error.reason.contains("may only use letters"))
    }

    @Test("a urlPath starting with '/' and a combining mark is a path, and matches its request")
    func urlPathWithCombiningMark() throws {
        let loaded = try stubs(#"{"request": {"urlPath": "/\u0301x"}, "response": {"status": 204}}"#)
        let stub = try #require(loaded.stubs.first)
        guard case .urlPath(let path) = stub.request.url else {
            Issue.record("expected a urlPath, found \(String(describing: stub.request.url))")
            return
        }
        #expect(Array(path.unicodeScalars) == ["/", "\u{301}", "x"])
        #expect(StubMatcher.urlMatches(.urlPath(path), MockRequest(method: "GET", target: "/\u{301}x?q=1")))
        #expect(!StubMatcher.urlMatches(.urlPath(path), MockRequest(method: "GET", target: "/x")))
    }

    @Test("a bodyFileName that climbs out with '../' before a combining mark is rejected as '..'")
    func bodyFileDotDotBeforeCombiningMark() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("envelope-codepoint-\(UUID().uuidString)")
        let files = root.appendingPathComponent("__files")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("outside".utf8).write(to: root.appendingPathComponent("\u{301}secret.txt"))
        try Data("inside".utf8).write(to: files.appendingPathComponent("\u{301}ok.txt"))
        do {
            _ = try stubs(#"{"request": {}, "response": {"bodyFileName": "../\u0301secret.txt"}}"#, filesDirectory: files.path)
            Issue.record("loading should fail")
        } catch {
            guard let error = error as? MockLoadError, case .bodyFileOutsideFilesFolder(_, _, let name, let reason) = error else {
                Issue.record("wrong error: \(error)")
                return
            }
            #expect(name == "../\u{301}secret.txt")
            #expect(reason == "contains '..'")
        }
        // A file inside whose name starts with a combining mark is served.
        let inside = try stubs(#"{"request": {}, "response": {"bodyFileName": "\u0301ok.txt"}}"#, filesDirectory: files.path)
        #expect(inside.stubs.first?.response.body == Array("inside".utf8))
    }
}

@Suite("Mock request targets split by code point")
struct MockRequestCodePointTests {
    @Test("a query or fragment whose first character is a combining mark is still split off")
    func targetSplit() {
        let request = MockRequest(method: "GET", target: "/p?\u{301}a=1&b=2#\u{301}f")
        #expect(request.path == "/p")
        #expect(request.url == "/p?\u{301}a=1&b=2")
        #expect(request.queryParameters.map(\.name) == ["\u{301}a", "b"])
        #expect(request.queryParameters.map(\.value) == ["1", "2"])
        let absolute = MockRequest(method: "GET", target: "http://h?\u{301}x=1")
        #expect(absolute.path == "/")
        #expect(absolute.queryValue("\u{301}x") == "1")
    }
}
