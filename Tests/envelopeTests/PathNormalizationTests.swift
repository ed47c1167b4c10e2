import Testing
@testable import envelope

@Suite("File paths normalized and compared by bytes")
struct PathNormalizationTests {
    /// Every path of up to four segments drawn from these, with and without a leading slash.
    static let paths: [String] = {
        let segments = ["a", "bc", ".", "..", "...", "", ".x", "x."]
        var paths = [""]
        var level = [""]
        for _ in 0..<4 {
            level = level.flatMap { prefix in segments.map { prefix.isEmpty ? $0 : prefix + "/" + $0 } }
            paths += level
        }
        return paths + paths.map { "/" + $0 } + ["/", "//", "é/x", "a/é", "../é"]
    }()

    /// The rules of ``FileSystem/normalized(_:)`` written the plain way, segment by segment.
    static func model(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var kept: [String] = []
        for segment in path.split(separator: "/").map(String.init) where segment != "." {
            if segment == "..", let last = kept.last, last != ".." {
                kept.removeLast()
            } else if segment == "..", absolute {
                continue
            } else {
                kept.append(segment)
            }
        }
        let joined = kept.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    @Test("`.`, empty segments and `..` are taken out as the rules say, for every short path")
    func normalizedFollowsTheRules() {
        for path in Self.paths {
            #expect(FileSystem.normalized(path) == Self.model(path), "\(path)")
        }
    }

    @Test("a slash before a combining mark still separates segments")
    func slashBeforeCombiningMark() {
        #expect(FileSystem.normalized("api/x/..\u{301}/y") == "api/x/..\u{301}/y")
        #expect(FileSystem.normalized("api/x/../\u{301}y.yaml") == "api/\u{301}y.yaml")
        #expect(FileSystem.isPath("/p/\u{301}x", inside: "/p"))
    }

    @Test("a folder spelled with another form of the same letter is another folder")
    func folderComparedByBytes() {
        // "é" as one code point and as "e" with a combining acute: equal Strings, other names on disk.
        #expect(FileSystem.isPath("/caf\u{E9}/x.yaml", inside: "/caf\u{E9}"))
        #expect(!FileSystem.isPath("/cafe\u{301}/x.yaml", inside: "/caf\u{E9}"))
        #expect(!FileSystem.isPath("/a/bc", inside: "/a/b"))
        #expect(FileSystem.isPath("/a/b", inside: "/a/b"))
        #expect(FileSystem.isPath("/anything", inside: "/"))
    }
}
