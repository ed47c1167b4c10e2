import Testing
@testable import envelope

@Suite("Normal paths recognized without rebuilding them")
struct PathNormalTests {
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

    @Test("a path is taken as normal exactly when normalizing it segment by segment gives it back, and normalizing gives the same every way")
    func normalMeansUnchanged() {
        for path in Self.paths {
            let rebuilt = FileSystem.normalizedBySegments(path)
            if FileSystem.isNormal(path) {
                #expect(rebuilt == path, "\(path)")
            } else if path.utf8.allSatisfy({ $0 < 0x80 }) {
                #expect(rebuilt != path, "\(path) is normal and was not taken as such")
            }
            #expect(FileSystem.normalized(path) == rebuilt, "\(path)")
            if let byBytes = FileSystem.normalizedASCII(path) { #expect(byBytes == rebuilt, "\(path)") }
        }
    }
}
