import EnvelopeHTTP
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
        #expect(result.standardError == "\(directory.path)/mappings/bad.json:3:30: error: not valid JSON: expected a string key, found '}'\n")
    }
}

/// A running `envelope serve` whose first output line has been read.
final class ServeProcess {
    let process = Process()
    let url: String
    private let out = Pipe()
    private let err = Pipe()
    private var firstOutput = ""

    init(_ arguments: [String], in directory: URL = packageRoot) throws {
        process.executableURL = Envelope.binary
        process.arguments = ["serve", "--port", "0"] + arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        process.standardOutput = out
        process.standardError = err
        try process.run()
        var text = ""
        let deadline = Date().addingTimeInterval(10)
        while !text.contains("Press Ctrl-C to stop.\n"), Date() < deadline {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        firstOutput = text
        let first = text.split(separator: "\n").first.map(String.init) ?? ""
        url = first.split(separator: " ").last.map(String.init) ?? ""
    }

    deinit { if process.isRunning { process.terminate() } }

    /// The banner printed at start.
    var banner: String { firstOutput }

    /// Sends `signal`, waits for the exit, returns (status, rest of stdout, stderr).
    func stop(_ signal: Int32 = SIGINT) -> (status: Int32, output: String, error: String) {
        kill(process.processIdentifier, signal)
        let rest = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let error = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, rest, error)
    }
}

/// Runs curl and returns its exit status and output.
func curl(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let curl = Process()
    curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
    curl.arguments = ["-s", "--max-time", "10"] + arguments
    let pipe = Pipe()
    curl.standardOutput = pipe
    try curl.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    curl.waitUntilExit()
    return (curl.terminationStatus, String(decoding: data, as: UTF8.self))
}

@Suite("envelope serve options, end to end")
struct ServeOptionsTests {
    @Test("--inject nulls the pointer in every JSON answer and names what it changed")
    func inject() throws {
        let server = try ServeProcess(["--inject", "null:/result/list/*/MENU_ID2", "--inject", "drop:/result/list/0/MENU_NM"])
        #expect(server.banner.contains("Injecting drift into JSON answers: null:/result/list/*/MENU_ID2, drop:/result/list/0/MENU_NM\n"))
        let result = try curl(["-i", server.url + "/COMM/A202100004"])
        #expect(result.output.contains("X-Envelope-Drift: null /result/list/0/MENU_ID2, "))
        let body = try #require(result.output.components(separatedBy: "\r\n\r\n").last)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        let list = try #require((json["result"] as? [String: Any])?["list"] as? [[String: Any]])
        #expect(list.count == 9)
        #expect(list.allSatisfy { $0["MENU_ID2"] is NSNull })
        #expect(list[0]["MENU_NM"] == nil)
        #expect(list[1]["MENU_NM"] as? String == "서울캠퍼스")
        #expect(server.stop().status == 0)
    }

    @Test("a malformed --inject is a usage error (exit 2) that says why")
    func badInject() throws {
        let result = try Envelope.run(["serve", "--port", "0", "--inject", "null:result"])
        #expect(result.exitCode == 2)
        #expect(result.standardError.contains("--inject: invalid drift injection \"null:result\": the pointer \"result\" does not start with '/'"))
    }

    @Test("--watch reloads a changed mapping and keeps the old ones when a file breaks")
    func watch() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let mappings = directory.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        let file = mappings.appendingPathComponent("a.json")
        try Data(#"{"request": {"urlPath": "/a"}, "response": {"body": "one"}}"#.utf8).write(to: file)
        let server = try ServeProcess(["--mocks", directory.path, "--watch"])
        #expect(server.banner.contains("Watching \(directory.path) for changes.\n"))
        #expect(try curl([server.url + "/a"]).output == "one")
        try Data(#"{"request": {"urlPath": "/a"}, "response": {"body": "two"}}"#.utf8).write(to: file)
        var answer = ""
        for _ in 0..<100 where answer != "two" {
            Thread.sleep(forTimeInterval: 0.1)
            answer = try curl([server.url + "/a"]).output
        }
        #expect(answer == "two")
        try Data(#"{"request": {"urlPath": "/a"}, "response": {"bodyy": "three"}}"#.utf8).write(to: file)
        Thread.sleep(forTimeInterval: 1.5)
        #expect(try curl([server.url + "/a"]).output == "two")
        let stopped = server.stop()
        #expect(stopped.status == 0)
        #expect(stopped.output.contains("Reloaded 1 mapping from \(directory.path)\n"))
        #expect(stopped.error.contains("\(directory.path)/mappings/a.json:1:45: error: unsupported key 'bodyy' in response"))
        #expect(stopped.error.contains("Kept the mappings loaded before"))
    }

    @Test("SIGTERM lets a delayed answer in flight finish, then exits 0")
    func gracefulTerm() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let mappings = directory.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        try Data(#"{"request": {"urlPath": "/slow"}, "response": {"body": "done", "fixedDelayMilliseconds": 700}}"#.utf8)
            .write(to: mappings.appendingPathComponent("slow.json"))
        let server = try ServeProcess(["--mocks", directory.path])
        let url = server.url
        let client = Process()
        client.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        client.arguments = ["-s", "--max-time", "10", url + "/slow"]
        let pipe = Pipe()
        client.standardOutput = pipe
        try client.run()
        Thread.sleep(forTimeInterval: 0.3)  // curl is connected and waiting for the delayed answer
        let stopped = server.stop(SIGTERM)
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        client.waitUntilExit()
        #expect(client.terminationStatus == 0)
        #expect(output == "done")
        #expect(stopped.status == 0)
        #expect(stopped.output.hasSuffix("Stopped.\n"))
        #expect(try curl([url + "/slow"]).status == 7)  // nothing listens any more
    }

    @Test("--host picks the address; a host that is not an IP address is exit 3")
    func host() throws {
        let any = try ServeProcess(["--host", "0.0.0.0"])
        #expect(any.url.hasPrefix("http://127.0.0.1:"))
        #expect(try curl([any.url + "/COMM/A202100004", "-o", "/dev/null", "-w", "%{http_code}"]).output == "200")
        #expect(any.stop().status == 0)
        let six = try ServeProcess(["--host", "::1"])
        #expect(six.url.hasPrefix("http://[::1]:"))
        #expect(try curl([six.url + "/COMM/A202100004", "-o", "/dev/null", "-w", "%{http_code}"]).output == "200")
        #expect(six.stop().status == 0)
        let bad = try Envelope.run(["serve", "--port", "0", "--host", "example.com"])
        #expect(bad.exitCode == 3)
        #expect(bad.standardError.contains("not an IP address"))
    }

    @Test("our libcurl client reads the mock, adds a stub over the admin API and sees a fault as a transport error")
    func libcurlClient() throws {
        let server = try ServeProcess([])
        defer { _ = server.stop() }
        let client = HTTPClient()
        let menu = try client.send(HTTPRequest(url: server.url + "/COMM/A202100004"))
        #expect(menu.status == 200)
        #expect(menu.header("content-type") == "application/json; charset=utf-8")
        let seed = try Data(contentsOf: packageRoot.appendingPathComponent("Mocks/__files/hanyang-menu.json"))
        #expect(menu.body == [UInt8](seed))
        let stub = #"{"request": {"method": "GET", "urlPath": "/broken"}, "response": {"fault": "CONNECTION_RESET_BY_PEER"}}"#
        let added = try client.send(HTTPRequest(method: "POST", url: server.url + "/__admin/mappings",
                                                headers: [HTTPHeader(name: "Content-Type", value: "application/json")],
                                                body: Array(stub.utf8)))
        #expect(added.status == 201)
        #expect(throws: TransportError.self) { try client.send(HTTPRequest(url: server.url + "/broken")) }
        let missing = try client.send(HTTPRequest(url: server.url + "/COMM/A20210000"))
        #expect(missing.status == 404)
        #expect(String(decoding: missing.body, as: UTF8.self).contains("Closest: hanyang-menu"))
    }
}
