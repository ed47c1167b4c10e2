import Foundation
import Testing

/// The package root, from this file's place in `Tests/envelopeTests/`.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

/// What one run of the built `envelope` binary did.
struct RunResult {
    var exitCode: Int32
    var standardOutput: String
    var standardError: String

    /// Standard output with the mock server's port replaced by `PORT` and each answer's time
    /// at the end of its contract's line (`  (3.2 ms)`) by `  (TIME)`, for whole-output
    /// comparisons.
    var normalizedOutput: String {
        standardOutput.replacingOccurrences(of: #"127\.0\.0\.1:\d+"#, with: "127.0.0.1:PORT", options: .regularExpression)
            .replacingOccurrences(of: #"(?m)  \(\d+(\.\d+)? m?s\)$"#, with: "  (TIME)", options: .regularExpression)
    }
}

/// Runs the built `envelope` binary as a user would.
enum Envelope {
    /// The binary: next to the test bundle, where `swift build` puts it.
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["ENVELOPE_BINARY"] { return URL(fileURLWithPath: path) }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("envelope")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return packageRoot.appendingPathComponent(".build/debug/envelope")
    }

    /// Runs `envelope arguments...` in `directory` (the package root by default).
    static func run(_ arguments: [String], in directory: URL = packageRoot, input: String? = nil,
                    environment: [String: String] = [:]) throws -> RunResult {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        // An empty value in `environment` removes the variable.
        env = env.filter { !$0.value.isEmpty }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        let inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inPipe
        try process.run()
        if let input { inPipe.fileHandleForWriting.write(Data(input.utf8)) }
        try inPipe.fileHandleForWriting.close()
        // Read both pipes to the end before waiting, so a large report cannot block the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return RunResult(exitCode: process.terminationStatus,
                         standardOutput: String(decoding: outData, as: UTF8.self),
                         standardError: String(decoding: errData, as: UTF8.self))
    }
}

/// A fresh empty folder inside the running test's own temporary folder, which the
/// `.temporaryFolders` trait creates before the test and removes, with all it holds, after
/// it (pass or fail). Throws in a test without the trait, so no folder is left behind.
func temporaryDirectory() throws -> URL {
    guard let root = TemporaryFolders.root else { throw TemporaryFolders.MissingTrait() }
    let url = root.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The per-test folder behind `temporaryDirectory()`.
enum TemporaryFolders {
    /// The running test's folder; nil outside a test with the trait.
    @TaskLocal static var root: URL?

    struct MissingTrait: Error, CustomStringConvertible {
        var description: String {
            "temporaryDirectory() needs the .temporaryFolders trait on the test or its suite (it removes the folders afterwards)"
        }
    }
}

/// Gives each test (each argument of a parameterized one) an `envelope-tests-UUID` folder
/// under the system's temporary folder for `temporaryDirectory()`, and removes it when the
/// test ends. On a suite it applies to every test in it.
struct TemporaryFoldersTrait: TestTrait, SuiteTrait, TestScoping {
    var isRecursive: Bool { true }

    func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("envelope-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try await TemporaryFolders.$root.withValue(root) { try await function() }
    }
}

extension Trait where Self == TemporaryFoldersTrait {
    /// A temporary folder per test, removed afterwards; see `temporaryDirectory()`.
    static var temporaryFolders: Self { Self() }
}
