import EnvelopeHTTP
import Foundation
import Testing

@Suite("envelope serve, end to end", .temporaryFolders)
struct ServeCommandTests {
    @Test("--port 0 prints the URL, answers curl with the mock, and Ctrl-C stops it cleanly")
    func servesUntilInterrupted() throws {
        let server = try ServeProcess([])
        // The first line names the URL: "Serving 4 mappings from Mocks at http://127.0.0.1:PORT".
        #expect(server.banner.hasPrefix("Serving 4 mappings from Mocks at http://127.0.0.1:"))
        #expect(server.url.range(of: #"^http://127\.0\.0\.1:\d+$"#, options: .regularExpression) != nil)

        let fetched = try curl(["-o", "-", "-w", "\n%{http_code} %{content_type}", server.url + "/COMM/A202100004"])
        #expect(fetched.status == 0)
        let seed = try String(contentsOf: packageRoot.appendingPathComponent("Mocks/__files/hanyang-menu.json"), encoding: .utf8)
        #expect(fetched.output == seed + "\n200 application/json; charset=utf-8")

        let stopped = server.stop(SIGINT)
        #expect(server.process.terminationReason == .exit)
        #expect(stopped.status == 0)
        #expect(stopped.output.hasSuffix("Press Ctrl-C to stop.\nStopped.\n"))
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

/// A running `envelope serve` whose banner (everything up to "Press Ctrl-C to stop.") has
/// been printed. Its output and error streams are collected as they come, so a test can wait
/// for a message the server prints when something has happened.
final class ServeProcess {
    /// Why the server did not get as far as its banner.
    struct StartFailure: Error, CustomStringConvertible {
        var description: String
    }

    let process = Process()
    /// The URL from the banner's first line.
    let url: String
    /// Standard output, as far as it has come.
    let output: StreamCollector
    /// Standard error, as far as it has come.
    let errors: StreamCollector

    init(_ arguments: [String], in directory: URL = packageRoot) throws {
        process.executableURL = Envelope.binary
        process.arguments = ["serve", "--port", "0"] + arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        output = StreamCollector(out.fileHandleForReading)
        errors = StreamCollector(err.fileHandleForReading)
        guard output.wait(untilContains: "Press Ctrl-C to stop.\n") else {
            if process.isRunning { process.terminate() }
            throw StartFailure(description: "envelope serve \(arguments.joined(separator: " ")) printed no banner; "
                                   + "output: \(output.text.debugDescription), error: \(errors.text.debugDescription)")
        }
        let first = output.text.split(separator: "\n").first.map(String.init) ?? ""
        url = first.split(separator: " ").last.map(String.init) ?? ""
    }

    deinit { if process.isRunning { process.terminate() } }

    /// The banner printed at start.
    var banner: String { output.text }

    /// Sends `signal`, waits for the exit, returns (status, all of stdout, all of stderr).
    func stop(_ signal: Int32 = SIGINT) -> (status: Int32, output: String, error: String) {
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return (process.terminationStatus, output.waitForEnd(), errors.waitForEnd())
    }

    /// Waits until the server has received a request for `path`: its request journal records
    /// a request on arrival, before any delay. False if that did not happen within
    /// `guardSeconds` (a guard against hanging, not a time the test asserts).
    func waitUntilReceived(_ path: String, guardSeconds: Double = 10) throws -> Bool {
        let deadline = Date().addingTimeInterval(guardSeconds)
        let client = HTTPClient()
        repeat {
            let journal = try client.send(HTTPRequest(url: url + "/__admin/requests"))
            let object = try JSONSerialization.jsonObject(with: Data(journal.body)) as? [String: Any]
            let requests = object?["requests"] as? [[String: Any]] ?? []
            if requests.contains(where: { ($0["request"] as? [String: Any])?["url"] as? String == path }) { return true }
            usleep(10_000)
        } while Date() < deadline
        return false
    }
}

/// Collects what a pipe delivers, on a thread of its own, so a test can wait for a given
/// text or for the end of the stream without blocking on the read itself.
///
/// `@unchecked Sendable` is safe: `data` and `ended` are only touched while holding `condition`.
final class StreamCollector: @unchecked Sendable {
    private let condition = NSCondition()
    private var data = Data()
    private var ended = false

    init(_ handle: FileHandle) {
        Thread { [self] in
            while true {
                let chunk = handle.availableData
                condition.withLock {
                    if chunk.isEmpty { ended = true } else { data += chunk }
                    condition.broadcast()
                }
                if chunk.isEmpty { return }
            }
        }.start()
    }

    /// Everything received so far.
    var text: String { condition.withLock { String(decoding: data, as: UTF8.self) } }

    /// Waits until the text contains `needle`: true once it does; false if the stream ended,
    /// or `guardSeconds` passed (a guard against hanging), without it.
    func wait(untilContains needle: String, guardSeconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(guardSeconds)
        return condition.withLock {
            while !String(decoding: data, as: UTF8.self).contains(needle) {
                if ended || !condition.wait(until: deadline) { return String(decoding: data, as: UTF8.self).contains(needle) }
            }
            return true
        }
    }

    /// Waits for the end of the stream (the writer exited) and returns everything.
    func waitForEnd() -> String {
        condition.withLock {
            while !ended { condition.wait() }
            return String(decoding: data, as: UTF8.self)
        }
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

@Suite("envelope serve options, end to end", .temporaryFolders)
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

    @Test("at equal priority the later file and the later array element answer; an admin stub is named by its id in the 404")
    func tiesAndAdminStubNames() throws {
        let directory = try temporaryDirectory()
        let mappings = directory.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        try Data(#"{"request": {"urlPath": "/tie"}, "response": {"body": "a"}}"#.utf8).write(to: mappings.appendingPathComponent("a.json"))
        try Data(#"{"request": {"urlPath": "/tie"}, "response": {"body": "b"}}"#.utf8).write(to: mappings.appendingPathComponent("b.json"))
        try Data(#"{"mappings": [{"request": {"urlPath": "/pair"}, "response": {"body": "one"}}, {"request": {"urlPath": "/pair"}, "response": {"body": "two"}}]}"#.utf8)
            .write(to: mappings.appendingPathComponent("c.json"))
        let server = try ServeProcess(["--mocks", directory.path])
        #expect(try curl([server.url + "/tie"]).output == "b")
        #expect(try curl([server.url + "/pair"]).output == "two")
        let added = try curl(["-X", "POST", "--data", #"{"id": "0b7c2e4a-1111-4222-8333-944445555666", "request": {"urlPath": "/admin-only"}, "response": {"body": "x"}}"#,
                              server.url + "/__admin/mappings"])
        #expect(added.status == 0)
        let missed = try curl([server.url + "/admin-onlx"])
        #expect(missed.output.contains("Closest: 0b7c2e4a-1111-4222-8333-944445555666 (added through the admin API)\n"), "\(missed.output)")
        #expect(server.stop().status == 0)
    }

    @Test("basicAuthCredentials answer curl -u with the right user and password, and 404 otherwise")
    func basicAuthCredentials() throws {
        let directory = try temporaryDirectory()
        let mappings = directory.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        try Data(#"{"request": {"urlPath": "/login", "basicAuthCredentials": {"username": "kim", "password": "secret"}}, "response": {"body": "in"}}"#.utf8)
            .write(to: mappings.appendingPathComponent("login.json"))
        let server = try ServeProcess(["--mocks", directory.path])
        #expect(try curl(["-u", "kim:secret", server.url + "/login"]).output == "in")
        let wrong = try curl(["-u", "kim:guess", "-w", "\n%{http_code}", server.url + "/login"]).output
        #expect(wrong.hasSuffix("\n404"))
        #expect(wrong.contains("header Authorization  equalTo \"Basic a2ltOnNlY3JldA==\", got \"Basic a2ltOmd1ZXNz\""), "\(wrong)")
        #expect(server.stop().status == 0)
    }

    @Test("the PyPI wiremock client lists requests since and up to a limit, counts, finds, removes, asks for near misses, finds stubs by metadata, sets a global delay and saves the stubs")
    func wireMockClient() throws {
        let directory = try temporaryDirectory()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        let server = try ServeProcess(["--mocks", directory.path])
        let script = packageRoot.appendingPathComponent("Tests/envelopeTests/Fixtures/WireMockClient/admin_calls.py")
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", script.path, server.url]
        let output = Pipe()
        python.standardOutput = output
        try python.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        python.waitUntilExit()
        #expect(python.terminationStatus == 0)
        #expect(String(decoding: data, as: UTF8.self) == """
            all 3 ['/team/c', '/team/b', '/team/a']
            limit ['/team/c']
            since ['/team/c', '/team/b']
            count 3
            find ['/team/b']
            near request ['a', 'b'] True
            near pattern 3 ['/team/c', '/team/b', '/team/a']
            find-by-metadata 1 ['a']
            after remove-by-metadata 404 a
            remove ['/team/c'] 4
            bad since 422
            global delay a True {'settings': {'fixedDelay': 300}}
            settings 200
            global distribution True {'type': 'uniform', 'lower': 200, 'upper': 201}
            bad settings 422 request body:1:2: unsupported key 'delay' in settings
            saved

            """)
        #expect(server.stop().status == 0)
        // mappings/save wrote the one stub left, which a new server loads from the folder.
        let saved = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("mappings").path)
        #expect(saved.count == 1 && saved.first?.hasSuffix(".json") == true, "\(saved)")
        let again = try ServeProcess(["--mocks", directory.path])
        #expect(try curl([again.url + "/team/a"]).output == "a")
        #expect(again.stop().status == 0)
    }

    @Test("--watch reloads a changed mapping and keeps the old ones when a file breaks")
    func watch() throws {
        let directory = try temporaryDirectory()
        let mappings = directory.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        let file = mappings.appendingPathComponent("a.json")
        try Data(#"{"request": {"urlPath": "/a"}, "response": {"body": "one"}}"#.utf8).write(to: file)
        let server = try ServeProcess(["--mocks", directory.path, "--watch"])
        #expect(server.banner.contains("Watching \(directory.path) for changes.\n"))
        #expect(try curl([server.url + "/a"]).output == "one")
        try Data(#"{"request": {"urlPath": "/a"}, "response": {"body": "two"}}"#.utf8).write(to: file)
        // The server says when it has reloaded.
        try #require(server.output.wait(untilContains: "Reloaded 1 mapping from \(directory.path)\n"), "no reload: \(server.errors.text)")
        #expect(try curl([server.url + "/a"]).output == "two")
        try Data(#"{"request": {"urlPath": "/a"}, "response": {"bodyy": "three"}}"#.utf8).write(to: file)
        // ...and when it has read the broken file and kept the mappings it had.
        try #require(server.errors.wait(untilContains: "\(directory.path)/mappings/a.json:1:45: error: unsupported key 'bodyy' in response"),
                     "the broken file went unnoticed: \(server.errors.text)")
        #expect(server.errors.wait(untilContains: "Kept the mappings loaded before"))
        #expect(try curl([server.url + "/a"]).output == "two")
        let stopped = server.stop()
        #expect(stopped.status == 0)
    }

    @Test("SIGTERM lets a delayed answer in flight finish, then exits 0")
    func gracefulTerm() throws {
        let directory = try temporaryDirectory()
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
        // The answer is in flight once the server has the request (it then waits 700 ms).
        try #require(try server.waitUntilReceived("/slow"), "the server never received GET /slow")
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
