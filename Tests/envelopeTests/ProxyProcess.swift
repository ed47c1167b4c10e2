import Foundation
import Testing

/// A running `envelope proxy --port 0` whose banner (up to "Press Ctrl-C to stop and print the
/// report.") has been printed on standard error; the live lines come after it. Standard output
/// and standard error are collected as they come, so a test waits for the line of a request.
final class ProxyProcess {
    let process = Process()
    /// The URL to point clients at, from the banner's first line.
    let url: String
    let output: StreamCollector
    let errors: StreamCollector

    init(_ arguments: [String], in directory: URL = packageRoot, environment extra: [String: String] = [:]) throws {
        process.executableURL = Envelope.binary
        process.arguments = ["proxy", "--port", "0"] + arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment.merge(extra) { $1 }
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        output = StreamCollector(out.fileHandleForReading)
        errors = StreamCollector(err.fileHandleForReading)
        guard errors.wait(untilContains: "Press Ctrl-C to stop and print the report.\n") else {
            if process.isRunning { process.terminate() }
            throw ServeProcess.StartFailure(description: "envelope proxy \(arguments.joined(separator: " ")) printed no banner; "
                                                + "output: \(output.text.debugDescription), error: \(errors.text.debugDescription)")
        }
        let first = errors.text.split(separator: "\n").first.map(String.init) ?? ""
        url = first.split(separator: " ").dropFirst().first.map(String.init) ?? ""
    }

    deinit { if process.isRunning { process.terminate() } }

    /// Waits until the live lines contain `text` (a request's line is printed once its answer
    /// is judged); false if the proxy ended first.
    func waitForLine(_ text: String) -> Bool {
        errors.wait(untilContains: text, guardSeconds: 60)
    }

    /// Waits for the process to end on its own (`--requests`, `--duration`).
    func waitForExit() -> (status: Int32, output: String, error: String) {
        let out = output.waitForEnd()
        let err = errors.waitForEnd()
        process.waitUntilExit()
        return (process.terminationStatus, out, err)
    }

    /// Sends `signal`, waits for the exit, returns (status, all of stdout, all of stderr).
    func stop(_ signal: Int32 = SIGINT) -> (status: Int32, output: String, error: String) {
        kill(process.processIdentifier, signal)
        return waitForExit()
    }
}

/// The python server of Fixtures/Proxy/misbehaving_upstream.py: hangs, resets, sends garbage,
/// echoes, answers with odd reason phrases and hop-by-hop headers. It ends when its standard
/// input closes, which happens when this object goes or the test process ends.
final class MisbehavingUpstream {
    private let server: FixtureServer
    var url: String { server.url }

    init() throws {
        server = try FixtureServer(script: "Proxy/misbehaving_upstream.py", arguments: [], quiet: true)
    }
}

/// What curl got: the head as received (status line and header lines) and the body bytes,
/// untouched (curl does not decode them without --compressed).
struct CurlAnswer {
    var status: Int32
    var statusLine: String
    var headers: [(name: String, value: String)]
    var body: Data

    /// The headers without those a hop or the time changes (`Date`, `Connection`,
    /// `Keep-Alive`, `Transfer-Encoding`, `Content-Length`), names lower-cased, in order.
    var endToEndHeaders: [String] {
        headers.filter { !["date", "connection", "keep-alive", "transfer-encoding", "content-length"].contains($0.name.lowercased()) }
            .map { "\($0.name.lowercased()): \($0.value)" }
    }

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// Runs curl for `url` with `arguments`, keeping the head and the raw body apart.
func curlAnswer(_ url: String, _ arguments: [String] = [], in directory: URL) throws -> CurlAnswer {
    let name = UUID().uuidString
    let headFile = directory.appendingPathComponent("\(name).head")
    let bodyFile = directory.appendingPathComponent("\(name).body")
    let result = try curl(["-D", headFile.path, "-o", bodyFile.path] + arguments + [url])
    let head = (try? String(contentsOf: headFile, encoding: .utf8)) ?? ""
    let lines = head.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    let headers = lines.dropFirst().compactMap { line -> (String, String)? in
        guard let colon = line.firstIndex(of: ":") else { return nil }
        return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }
    return CurlAnswer(status: result.status, statusLine: lines.first ?? "", headers: headers, body: (try? Data(contentsOf: bodyFile)) ?? Data())
}

/// Writes contract files (name to JSON text) into a new folder and returns it.
func contractsFolder(_ contracts: [String: String]) throws -> URL {
    let directory = try temporaryDirectory().appendingPathComponent("Contracts")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for (name, text) in contracts {
        try Data((text + "\n").utf8).write(to: directory.appendingPathComponent("\(name).json"))
    }
    return directory
}

/// Runs a python snippet and returns its standard output and exit status.
func python(_ source: String) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", source]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
