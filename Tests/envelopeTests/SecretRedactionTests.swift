import Foundation
import Testing

@Suite("secrets never leak", .temporaryFolders)
struct SecretRedactionTests {
    static let secret = "s3cr3t-PLANTED-9f2c"

    @Test("a planted secret in a header, query and environment URL appears in no format, log or file; *** does", arguments: ["text", "json", "junit", "github", "markdown", "html"])
    func plantedSecretNeverLeaks(format: String) throws {
        let nginx = try NginxServer.get()
        let directory = try temporaryDirectory()
        let config = directory.appendingPathComponent("envelope.json")
        try #"{"environments": {"echo": {"baseURL": "${ECHO_BASE}", "headers": {"Authorization": "Bearer ${PLANTED_SECRET}", "X-Trace": "t-1"}}}}"#
            .write(to: config, atomically: true, encoding: .utf8)
        let report = directory.appendingPathComponent("report.out").path
        let environment = ["PLANTED_SECRET": Self.secret, "ECHO_BASE": nginx.httpURL]

        let toStdout = try Envelope.run(["check", "--contracts", nginx.contracts, "--config", config.path, "--env", "echo", "--only", "echo", "--format", format],
                                        environment: environment)
        let toFile = try Envelope.run(["check", "--contracts", nginx.contracts, "--config", config.path, "--env", "echo", "--only", "echo",
                                       "--format", format, "--output", report], environment: environment)
        let file = try String(contentsOfFile: report, encoding: .utf8)

        #expect(toStdout.exitCode == 1)
        for (label, text) in [("stdout", toStdout.standardOutput), ("stderr", toStdout.standardError), ("file", file),
                              ("stdout with --output", toFile.standardOutput), ("stderr with --output", toFile.standardError)] {
            #expect(!text.contains(Self.secret), "\(label) of --format \(format) leaks the secret:\n\(text)")
            #expect(!text.contains(nginx.httpURL), "\(label) of --format \(format) shows the ${ECHO_BASE} value")
        }
        // The findings are there, with the values hidden.
        #expect(toStdout.standardOutput.contains("***"))
        #expect(toStdout.standardOutput.contains("header-mismatch"))
        #expect(toStdout.standardOutput.contains("type-mismatch"))
    }

    @Test("a transport error names the URL with the secret hidden")
    func transportErrorHidesSecret() throws {
        let port = try closedLoopbackPort()
        let directory = try temporaryDirectory()
        let config = directory.appendingPathComponent("envelope.json")
        try #"{"environments": {"down": {"baseURL": "http://127.0.0.1:\#(port)/${PLANTED_SECRET}"}}}"#.write(to: config, atomically: true, encoding: .utf8)
        let result = try Envelope.run(["check", "--config", config.path, "--env", "down", "--only", "naver-news", "--format", "json"],
                                      environment: ["PLANTED_SECRET": Self.secret])
        #expect(result.exitCode == 3)
        #expect(!result.standardOutput.contains(Self.secret))
        #expect(result.standardOutput.contains("http://127.0.0.1:\(port)/***/v1/search/news.json?query=swift"))
        #expect(result.standardOutput.contains("couldnt-connect"))
    }
}
