import Foundation

/// WireMock's own standalone server (the 2.35 jar that ships in the PyPI `wiremock` wheel),
/// run with java on a free port, for comparing Envelope's answers with WireMock's.
final class WireMockJar {
    /// Why the jar could not be started.
    struct StartFailure: Error, CustomStringConvertible {
        var description: String
    }

    let process = Process()
    let url: String

    /// Starts the jar on `rootDirectory` (its `mappings/` and `__files/`) with `arguments`
    /// (such as `--local-response-templating`) and waits until its admin API answers.
    init(rootDirectory: String, arguments: [String]) throws {
        let jar = try Self.jarPath()
        let port = try Self.freePort()
        url = "http://127.0.0.1:\(port)"
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["java", "-jar", jar, "--port", String(port), "--bind-address", "127.0.0.1", "--root-dir", rootDirectory,
                             "--disable-banner"] + arguments
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        // Java takes seconds to start: wait for the admin API (a guard, not a time asserted).
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            guard process.isRunning else {
                let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                throw StartFailure(description: "the WireMock jar exited: \(text.prefix(2000))")
            }
            if let answer = try? curl(["-o", "/dev/null", "-w", "%{http_code}", url + "/__admin/mappings"]), answer.output == "200" { return }
            usleep(100_000)
        }
        process.terminate()
        throw StartFailure(description: "the WireMock jar did not answer on \(url)")
    }

    /// Stops the jar and waits for it to exit.
    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// The jar inside the installed `wiremock` Python package.
    static func jarPath() throws -> String {
        let found = try runTool("python3", ["-c", "import wiremock, os; print(os.path.dirname(wiremock.__file__))"])
        let folder = found.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let jar = folder + "/server/wiremock-standalone-2.35.1.jar"
        guard found.status == 0, FileManager.default.fileExists(atPath: jar) else {
            throw StartFailure(description: "no WireMock jar (pip install wiremock; make deps installs it): \(found.output)")
        }
        return jar
    }

    /// A port no one listens on now: the OS picks it for a socket that is closed at once.
    static func freePort() throws -> Int {
        let found = try runTool("python3", ["-c", "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1]); s.close()"])
        guard let port = Int(found.output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw StartFailure(description: "no free port: \(found.output)")
        }
        return port
    }
}
