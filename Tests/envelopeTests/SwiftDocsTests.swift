import Foundation
import Testing

/// The app-side names docs/swift.md's samples use without declaring them: the seed app's
/// types and values, as an app's test target would have them.
private let appPrelude = """
    import Foundation

    struct MenuItem: Codable, Sendable { var MENU_NM: String?; var DEL_POSSIBLE_YN: String?; var MENU_ID2: String? }
    struct RootResult<T: Codable & Sendable>: Codable, Sendable { var list: [T]? }
    struct Root<T: Codable & Sendable>: Codable, Sendable { var result: RootResult<T>? }
    struct MenuLoader { init(baseURL: String) {}; func load() throws {} }
    struct Page: Codable, Sendable { var items: [[String: String?]]? }
    struct AppResponse: Sendable { var body: Data; var status: Int; var headers: [(name: String, value: String)] }
    let data = Data()
    let response = AppResponse(body: Data(), status: 200, headers: [])

    """

/// docs/swift.md's Swift samples compile against the package's built modules.
@Suite("docs/swift.md's samples", .temporaryFolders)
struct SwiftDocsTests {
    @Test("every swift sample in docs/swift.md type-checks against EnvelopeTesting and EnvelopeCore as written")
    func samplesCompile() throws {
        let page = try String(contentsOf: packageRoot.appendingPathComponent("docs/swift.md"), encoding: .utf8)
        let samples = SwiftDocsTests.samples(in: page)
        try #require(samples.contains { !$0.isExcerpt }, "docs/swift.md has no swift samples")
        let modules = Envelope.binary.deletingLastPathComponent().appendingPathComponent("Modules")
        try #require(FileManager.default.fileExists(atPath: modules.appendingPathComponent("EnvelopeTesting.swiftmodule").path),
                     "no EnvelopeTesting.swiftmodule in \(modules.path); run swift build")
        for sample in samples where !sample.isExcerpt {
            let folder = try temporaryDirectory()
            let prelude = folder.appendingPathComponent("prelude.swift")
            let main = folder.appendingPathComponent("main.swift")
            try appPrelude.write(to: prelude, atomically: true, encoding: .utf8)
            try sample.code.write(to: main, atomically: true, encoding: .utf8)
            let result = try typecheck([prelude.path, main.path], modules: modules.path)
            #expect(result.status == 0, "the sample at docs/swift.md:\(sample.line) does not compile:\n\(result.output)")
        }
    }

    /// One fenced swift block of a page.
    struct Sample {
        /// The line of its opening fence, 1-based.
        var line: Int
        var code: String
        /// Marked `<!-- excerpt … -->` on the line before the fence: an abridged listing (of
        /// generated code, say) that is not meant to compile.
        var isExcerpt: Bool
    }

    /// The ```swift blocks of a Markdown page, in order.
    static func samples(in page: String) -> [Sample] {
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var samples: [Sample] = []
        var index = 0
        while index < lines.count {
            guard lines[index] == "```swift" else {
                index += 1
                continue
            }
            let start = index
            index += 1
            var code: [String] = []
            while index < lines.count, lines[index] != "```" {
                code.append(lines[index])
                index += 1
            }
            let excerpt = start > 0 && lines[start - 1].hasPrefix("<!-- excerpt")
            samples.append(Sample(line: start + 1, code: code.joined(separator: "\n") + "\n", isExcerpt: excerpt))
            index += 1
        }
        return samples
    }

    /// `swiftc -typecheck` of `files` as one module, with the package's modules importable.
    private func typecheck(_ files: [String], modules: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-swift-version", "6", "-typecheck", "-I", modules] + files
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
