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

    @Test("the socket is used only where it is equivalent to TCP")
    func equivalence() throws {
        func stubs(_ response: String) throws -> [StubMapping] {
            try MockMappings.parse(Array(#"{"request": {"urlPath": "/a"}, "response": \#(response)}"#.utf8), file: "a.json", filesDirectory: "__files")
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
