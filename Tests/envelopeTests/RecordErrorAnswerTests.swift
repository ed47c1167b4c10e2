import Foundation
import Testing

/// `record` against an upstream in an outage (LiveDown answers 500 and an HTML page) or one
/// whose answer breaks the contract (Live2): nothing is written, a good mock survives byte for
/// byte, and the run says what it skipped and exits non-zero (3 for an outage, 1 for drift),
/// unless `--allow-errors`.
@Suite("envelope record: error answers are not written as mocks", .serialized, .temporaryFolders)
struct RecordErrorAnswerTests {
    @Test("--base-url answering 500 and HTML writes nothing, says why and exits 3, as for an outage")
    func errorPageIsNotRecorded() throws {
        let project = try RecordProject()
        let down = try ServeProcess(["--mocks", "LiveDown"], in: project.directory)
        defer { _ = down.stop() }
        let result = try project.record(down)
        #expect(result.exitCode == 3)
        #expect(result.normalizedOutput == """
            orders  not recorded: status 500, expected 200; the body is not JSON (Content-Type text/html; charset=utf-8); nothing written (give --allow-errors to record such an answer)

            orders  GET http://127.0.0.1:PORT/v1/orders?page=1  (TIME)
              ✗ (status)  server-error
                  expected status 200, found status 500, "<!DOCTYPE html>" (text/html)

            1 contract: 0 ok, 0 with drift, 1 answered 500 (0 breaking, 0 warnings)

            """)
        #expect(try project.mockFiles().isEmpty)
    }

    @Test("a good mock survives an outage byte for byte, with and without --force; --fail-on never does not make it pass")
    func goodMockSurvivesOutage() throws {
        let project = try RecordProject()
        let good = try ServeProcess(["--mocks", "Live1"], in: project.directory)
        #expect(try project.record(good, ["--body-files"]).exitCode == 0)
        _ = good.stop()
        let before = try project.mockFiles()

        let down = try ServeProcess(["--mocks", "LiveDown"], in: project.directory)
        defer { _ = down.stop() }
        for arguments in [[], ["--force"], ["--force", "--fail-on", "never"]] {
            let result = try project.record(down, arguments)
            #expect(result.exitCode == 3, "\(arguments)")
            #expect(result.standardOutput.hasPrefix(
                "orders  not recorded: status 500, expected 200; the body is not JSON (Content-Type text/html; charset=utf-8); "
                    + "Mocks/mappings/orders.json left as it was (give --allow-errors to record such an answer)\n"), "\(arguments)")
            #expect(try project.mockFiles() == before, "\(arguments)")
        }
    }

    @Test("an answer that breaks its contract is not written even with --force; --allow-errors writes it")
    func contractBreakingAnswerIsNotRecorded() throws {
        let project = try RecordProject()
        let good = try ServeProcess(["--mocks", "Live1"], in: project.directory)
        #expect(try project.record(good).exitCode == 0)
        _ = good.stop()
        let before = try project.mockFiles()

        let breaking = try ServeProcess(["--mocks", "Live2"], in: project.directory)
        defer { _ = breaking.stop() }
        let result = try project.record(breaking, ["--force"])
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.hasPrefix(
            "orders  not recorded: it breaks its contract (2 breaking findings); Mocks/mappings/orders.json left as it was (give --allow-errors to record such an answer)\n\n"))
        #expect(result.standardOutput.contains("✗ /total            type-mismatch"))
        #expect(try project.mockFiles() == before)

        let allowed = try project.record(breaking, ["--force", "--allow-errors"])
        #expect(allowed.exitCode == 1)  // written, and its breaking drift still fails the run
        #expect(allowed.standardOutput.hasPrefix("orders  wrote Mocks/mappings/orders.json\n"))
        #expect(try project.mapping().contains(#""total": "2""#))
    }

    @Test("--url answering 500 and HTML writes nothing and exits 3; a good mock survives --force; --allow-errors records the page")
    func urlErrorPage() throws {
        let project = try RecordProject()
        let good = try ServeProcess(["--mocks", "Live3"], in: project.directory)
        let recorded = try project.recordURL(good, name: "adhoc")
        _ = good.stop()
        #expect(recorded.exitCode == 0)
        let adhoc = project.directory.appendingPathComponent("Mocks/mappings/adhoc.json")
        let before = try Data(contentsOf: adhoc)

        let down = try ServeProcess(["--mocks", "LiveDown"], in: project.directory)
        defer { _ = down.stop() }
        let fresh = try project.recordURL(down, name: "other")
        #expect(fresh.exitCode == 3)
        #expect(fresh.normalizedOutput == """
            other  not recorded: status 500, expected 2xx; the body is not JSON (Content-Type text/html; charset=utf-8); nothing written (give --allow-errors to record such an answer)

            other  GET http://127.0.0.1:PORT/v1/orders  (TIME)
              ✗ (status)  server-error
                  expected an answer, not a server error, found status 500, "<!DOCTYPE html>" (text/html)

            1 URL: 0 ok, 0 with drift, 1 answered 500 (0 breaking, 0 warnings)

            """)
        #expect(!FileManager.default.fileExists(atPath: project.directory.appendingPathComponent("Mocks/mappings/other.json").path))

        let forced = try project.recordURL(down, name: "adhoc", ["--force"])
        #expect(forced.exitCode == 3)
        #expect(forced.standardOutput.hasPrefix("adhoc  not recorded: status 500, expected 2xx; the body is not JSON (Content-Type text/html; charset=utf-8); Mocks/mappings/adhoc.json left as it was"))
        #expect(try Data(contentsOf: adhoc) == before)

        // Written on request; the outage still says so in the exit code, whatever --fail-on says.
        let allowed = try project.recordURL(down, name: "adhoc", ["--force", "--allow-errors", "--fail-on", "never"])
        #expect(allowed.exitCode == 3)
        #expect(allowed.standardOutput.hasPrefix("adhoc  wrote Mocks/mappings/adhoc.json\n"))
        let text = try String(contentsOf: adhoc, encoding: .utf8)
        #expect(text.contains(#""status": 500"#))
        #expect(text.contains(#""body": "<!DOCTYPE html>\n<html><head><title>500 Internal Server Error</title>"#))
    }

    @Test("an unreachable server is a transport-error finding in the report and exit 3, in both modes, nothing written")
    func unreachableServer() throws {
        let project = try RecordProject()
        // envelope.json's environment points at port 1, where nothing listens.
        let contracts = try Envelope.run(["record", "--env", "live", "--format", "json"], in: project.directory,
                                         environment: ["ORDERS_TOKEN": RecordProject.secret])
        let url = try Envelope.run(["record", "--url", "http://127.0.0.1:1/v1/orders", "--name", "adhoc", "--format", "json"], in: project.directory)
        for result in [contracts, url] {
            #expect(result.exitCode == 3)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
            let findings = (object["results"] as? [[String: Any]])?.first?["findings"] as? [[String: Any]]
            #expect(findings?.compactMap { $0["kind"] as? String } == ["transport-error"])
            #expect(findings?.first?["keyword"] as? String == "couldnt-connect")
        }
        let text = try Envelope.run(["record", "--url", "http://127.0.0.1:1/v1/orders", "--name", "adhoc"], in: project.directory)
        #expect(text.exitCode == 3)
        #expect(text.standardOutput.hasPrefix("adhoc  GET http://127.0.0.1:1/v1/orders\n  ✗ (request)  transport-error  couldnt-connect\n"))
        #expect(text.standardOutput.contains("\n\n1 URL: 0 ok, 0 with drift"))
        #expect(try project.mockFiles().isEmpty)
    }

    @Test("record's help states its exit codes and --allow-errors")
    func helpStatesExitCodes() throws {
        let help = try Envelope.run(["record", "--help"])
        #expect(help.exitCode == 0)
        let text = help.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("Exit codes: 0 all written or kept; 1 an answer was not written (error or changed structure) or drift at or above --fail-on; 2 usage or input error; 3 an answer could not be fetched, or the server answered 5xx (an outage, not a change) and no drift elsewhere made it 1."))
        #expect(text.contains("--allow-errors Also write answers with an unexpected status, a body that is not JSON, or breaking drift."))
    }
}
