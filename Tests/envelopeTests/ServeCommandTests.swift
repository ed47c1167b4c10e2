import Foundation
import Testing

@Suite("envelope serve, end to end")
struct ServeCommandTests {
    @Test("--port 0 prints the URL, answers curl with the mock, and Ctrl-C stops it cleanly")
    func servesUntilInterrupted() throws {
        let process = Process()
        process.executableURL = Envelope.binary
        process.arguments = ["serve", "--port", "0"]
        process.currentDirectoryURL = packageRoot
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        // The first line names the URL: "Serving 4 mappings from Mocks at http://127.0.0.1:PORT".
        var text = ""
        let reader = out.fileHandleForReading
        let deadline = Date().addingTimeInterval(10)
        while !text.contains("\n"), Date() < deadline {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        let firstLine = try #require(text.split(separator: "\n").first.map(String.init))
        #expect(firstLine.hasPrefix("Serving 4 mappings from Mocks at http://127.0.0.1:"))
        let url = try #require(firstLine.split(separator: " ").last.map(String.init))
        #expect(url.range(of: #"^http://127\.0\.0\.1:\d+$"#, options: .regularExpression) != nil)

        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = ["-s", "-o", "-", "-w", "\n%{http_code} %{content_type}", url + "/COMM/A202100004"]
        let curlOut = Pipe()
        curl.standardOutput = curlOut
        try curl.run()
        let fetched = String(decoding: curlOut.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        curl.waitUntilExit()
        #expect(curl.terminationStatus == 0)
        let seed = try String(contentsOf: packageRoot.appendingPathComponent("Mocks/__files/hanyang-menu.json"), encoding: .utf8)
        #expect(fetched == seed + "\n200 application/json; charset=utf-8")

        kill(process.processIdentifier, SIGINT)
        let rest = String(decoding: reader.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        #expect((text + rest).hasSuffix("Press Ctrl-C to stop.\nStopped.\n"))
    }

    @Test("a broken mapping file is exit 2 naming file:line:column")
    func brokenMapping() throws {
        let directory = try temporaryDirectory()
        let mappings = directory.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        try Data("{\n  \"request\": {\"method\": \"GET\", \"urlPath\": \"/x\"},\n  \"response\": {\"status\": 200,}\n}\n".utf8)
            .write(to: mappings.appendingPathComponent("bad.json"))
        let result = try Envelope.run(["serve", "--mocks", directory.path, "--port", "0"])
        #expect(result.exitCode == 2)
        #expect(result.standardError == "error: \(directory.path)/mappings/bad.json:3:30: not valid JSON: expected a string key, found '}'\n")
    }
}
