import Foundation

/// A small Python server of the fixtures (a script whose first line ends with its port, then
/// serves until its standard input closes), stopped when this object goes away.
final class FixtureServer {
    let process = Process()
    let input = Pipe()
    /// `http://127.0.0.1:PORT`.
    let url: String
    /// The script's standard output, its first line included.
    let lines: StreamCollector

    /// Starts `script` (a path under the fixtures); `quiet` drops what it writes on standard error.
    init(script: String, arguments: [String], quiet: Bool = false) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", fixtures.appendingPathComponent(script).path] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = input
        if quiet { process.standardError = FileHandle.nullDevice }
        try process.run()
        lines = StreamCollector(out.fileHandleForReading)
        guard lines.wait(untilContains: "\n") else { throw ServeProcess.StartFailure(description: "\(script) printed no port") }
        let port = lines.text.split(separator: "\n").first?.split(separator: " ").last ?? ""
        url = "http://127.0.0.1:\(port.trimmingCharacters(in: .whitespacesAndNewlines))"
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
