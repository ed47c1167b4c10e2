import Foundation

/// A small Python server of the fixtures (a script that prints its port, then serves until its
/// standard input closes), stopped when this object goes away.
final class FixtureServer {
    let process = Process()
    let input = Pipe()
    /// `http://127.0.0.1:PORT`.
    let url: String

    init(script: String, arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", fixtures.appendingPathComponent(script).path] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = input
        try process.run()
        let collector = StreamCollector(out.fileHandleForReading)
        guard collector.wait(untilContains: "\n") else { throw ServeProcess.StartFailure(description: "\(script) printed no port") }
        url = "http://127.0.0.1:\(collector.text.trimmingCharacters(in: .whitespacesAndNewlines))"
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
