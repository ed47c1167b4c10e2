import EnvelopeMock
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import envelope

/// `check` sends its requests to the in-process mock through a Unix socket where that answers
/// exactly as TCP would, and over TCP where it would not.
@Suite("envelope check and the in-process mock's Unix socket")
struct CheckLocalSocketTests {
    /// A project whose mappings answer with `faults` (one contract each) and one plain answer.
    func project(faults: [String], extraMappings: [String: String] = [:], extraContracts: [String: String] = [:]) throws -> URL {
        let root = try temporaryDirectory()
        let contracts = root.appendingPathComponent("Contracts")
        let mappings = root.appendingPathComponent("Mocks/mappings")
        try FileManager.default.createDirectory(at: contracts, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        var contractFiles = extraContracts
        var mappingFiles = extraMappings
        for fault in faults + ["ok"] {
            let name = fault.lowercased().replacingOccurrences(of: "_", with: "-")
            contractFiles[name] = #"{"contract": "\#(name)", "request": {"path": "/\#(name)"}, "response": {"status": 200, "body": {"type": "object"}}}"#
            mappingFiles[name] = fault == "ok"
                ? #"{"request": {"urlPath": "/ok"}, "response": {"status": 200, "jsonBody": {"a": 1}}}"#
                : #"{"request": {"urlPath": "/\#(name)"}, "response": {"fault": "\#(fault)"}}"#
        }
        for (name, text) in contractFiles { try text.write(to: contracts.appendingPathComponent(name + ".json"), atomically: true, encoding: .utf8) }
        for (name, text) in mappingFiles { try text.write(to: mappings.appendingPathComponent(name + ".json"), atomically: true, encoding: .utf8) }
        return root
    }

    @Test("the mock's faults read as they do over TCP: a reset is a reset, not an empty reply")
    func faultsAsOverTCP() throws {
        let root = try project(faults: ["CONNECTION_RESET_BY_PEER", "EMPTY_RESPONSE"])
        let result = try Envelope.run(["check"], in: root)
        #expect(result.exitCode == 3)
        #expect(result.standardError == "")
        #expect(result.normalizedOutput == """
            connection-reset-by-peer  GET http://127.0.0.1:PORT/connection-reset-by-peer
              ✗ (request)  transport-error  recv-error
                  the connection broke while receiving from http://127.0.0.1:PORT/connection-reset-by-peer: Recv failure: Connection reset by peer (curl error 56, recv-error). The server or network reset the connection; check the server's logs.

            empty-response  GET http://127.0.0.1:PORT/empty-response
              ✗ (request)  transport-error  got-nothing
                  got an empty reply from http://127.0.0.1:PORT/empty-response: Empty reply from server (curl error 52, got-nothing). The server accepted the connection but sent no response; check its logs.

            ok  GET http://127.0.0.1:PORT/ok
              ok

            3 contracts: 1 ok, 0 with drift, 2 unreachable (0 breaking, 0 warnings)

            """)
    }

    @Test("a redirect within the mock is followed through the socket and the run leaves no socket behind")
    func relativeRedirectAndCleanUp() throws {
        let root = try project(faults: [], extraMappings: [
            "moved": #"{"request": {"urlPath": "/moved"}, "response": {"status": 302, "headers": {"Location": "/ok"}}}"#,
        ], extraContracts: [
            "moved": #"{"contract": "moved", "request": {"path": "/moved"}, "response": {"status": 200, "body": {"type": "object", "required": ["a"]}}}"#,
        ])
        let temporary = try temporaryDirectory()
        let result = try Envelope.run(["check"], in: root, environment: ["TMPDIR": temporary.path])
        #expect(result.exitCode == 0)
        #expect(result.standardError == "")
        #expect(result.normalizedOutput.hasSuffix("2 contracts: 2 ok, 0 with drift (0 breaking, 0 warnings)\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
    }

    @Test("interrupted while it waits for an answer, check still removes its socket, and dies of the signal", arguments: [SIGINT, SIGTERM])
    func interruptRemovesSocket(signalNumber: Int32) throws {
        let root = try project(faults: [], extraMappings: [
            "slow": #"{"request": {"urlPath": "/slow"}, "response": {"status": 200, "jsonBody": {}, "fixedDelayMilliseconds": 20000}}"#,
        ], extraContracts: [
            "slow": #"{"contract": "slow", "request": {"path": "/slow"}, "response": {"status": 200, "body": {"type": "object"}}}"#,
        ])
        let temporary = try temporaryDirectory()
        let process = Process()
        process.executableURL = Envelope.binary
        process.arguments = ["check"]
        process.currentDirectoryURL = root
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary.path]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait for the socket to appear (the server is up and the slow request on its way).
        let deadline = Date().addingTimeInterval(15)
        func socketExists() -> Bool {
            let folders = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
            return folders.contains { FileManager.default.fileExists(atPath: temporary.appendingPathComponent($0).appendingPathComponent("http.sock").path) }
        }
        while !socketExists(), Date() < deadline { usleep(10_000) }
        #expect(socketExists())
        usleep(200_000)
        kill(process.processIdentifier, signalNumber)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == signalNumber)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
    }

    @Test("check's lanes run the mock's loops themselves: one mock thread (for TCP), delayed answers on time",
          .enabled(if: ProcessInfo.processInfo.activeProcessorCount >= 2, "two transfer lanes need two cores"))
    func lanesRunTheMockLoops() throws {
        // 64 contracts make two lanes (one per 32 requests); two answers wait 400 ms, which
        // only the loops' timers can send while their lanes wait in libcurl's poll.
        var mappings: [String: String] = [:]
        var contracts: [String: String] = [:]
        for n in 0..<63 {
            let delay = n % 32 == 5 ? #", "fixedDelayMilliseconds": 400"# : ""
            mappings["m\(n)"] = #"{"request": {"urlPath": "/c\#(n)"}, "response": {"status": 200, "jsonBody": {"n": \#(n)}\#(delay)}}"#
            contracts["c\(n)"] = #"{"contract": "c\#(n)", "request": {"path": "/c\#(n)"}, "response": {"status": 200, "body": {"type": "object", "required": ["n"]}}}"#
        }
        let root = try project(faults: [], extraMappings: mappings, extraContracts: contracts)
        let process = Process()
        process.executableURL = Envelope.binary
        process.arguments = ["check", "--jobs", "8", "--format", "json"]
        process.currentDirectoryURL = root
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // While the delayed answers are awaited: the second lane's thread is up, and of the
        // mock's threads only the one serving TCP.
        let deadline = Date().addingTimeInterval(15)
        var names: [String] = []
        while Date() < deadline, !names.contains("envelope-transf") {
            names = threadNames(of: process.processIdentifier)
            usleep(5_000)
        }
        #expect(names.contains("envelope-transf"))
        #expect(names.filter { $0.hasPrefix("envelope-mock") }.count == 1)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let results = try #require(report["results"] as? [[String: Any]])
        #expect(results.count == 64)
        let delayed = results.filter { ["c5", "c37"].contains($0["contract"] as? String) }
        #expect(delayed.count == 2)
        for result in delayed {
            let total = try #require((result["timings"] as? [String: Any])?["total"] as? Double)
            // Held for its delay by the loop's timer, and sent while the lane waits (the bound
            // leaves room for a loaded machine; the multi-client tests pin the wake-up down).
            #expect(total >= 0.4 && total < 1.5, "\(total)")
        }
    }

    /// The names of a process's threads (Linux keeps the first 15 bytes).
    private func threadNames(of pid: Int32) -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.compactMap { try? String(contentsOfFile: "/proc/\(pid)/task/\($0)/comm", encoding: .utf8) }
            .map { $0.trimmingCharacters(in: .newlines) }
    }

    @Test("the socket is used only where it is equivalent to TCP")
    func equivalence() throws {
        func stubs(_ response: String) throws -> [StubMapping] {
            try MockMappings.parse(Array(#"{"request": {"urlPath": "/a"}, "response": \#(response)}"#.utf8), file: "a.json")
        }
        let plain = try stubs(#"{"status": 200, "body": "{}"}"#)
        let reset = try stubs(#"{"fault": "CONNECTION_RESET_BY_PEER"}"#)
        let relative = try stubs(#"{"status": 301, "headers": {"Location": "/b"}}"#)
        let elsewhere = try stubs(#"{"status": 301, "headers": {"location": "https://example.com/b"}}"#)
        let schemeRelative = try stubs(#"{"status": 301, "headers": {"Location": "//example.com/b"}}"#)
        #expect(CheckCommand.localSocketIsEquivalent(for: plain, followingRedirects: true))
        #expect(CheckCommand.localSocketIsEquivalent(for: relative, followingRedirects: true))
        #expect(!CheckCommand.localSocketIsEquivalent(for: plain + reset, followingRedirects: false))
        #expect(!CheckCommand.localSocketIsEquivalent(for: elsewhere, followingRedirects: true))
        #expect(!CheckCommand.localSocketIsEquivalent(for: schemeRelative, followingRedirects: true))
        // Not following redirects, a Location is only a header to report.
        #expect(CheckCommand.localSocketIsEquivalent(for: elsewhere, followingRedirects: false))
    }
}
