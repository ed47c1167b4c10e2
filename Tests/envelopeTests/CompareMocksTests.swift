import Foundation
import Testing

@Suite("envelope check --compare-mocks, end to end", .serialized, .temporaryFolders)
struct CompareMocksTests {
    @Test("a mock recorded from an older answer is reported stale, place by place")
    func staleMock() throws {
        let project = try RecordProject()
        let old = try ServeProcess(["--mocks", "Live1"], in: project.directory)
        #expect(try project.record(old).exitCode == 0)
        _ = old.stop()

        let live = try ServeProcess(["--mocks", "Live2"], in: project.directory)
        defer { _ = live.stop() }
        let result = try Envelope.run(["check", "--env", "live", "--base-url", live.url, "--compare-mocks", "--fail-on", "never"],
                                      in: project.directory, environment: ["ORDERS_TOKEN": RecordProject.secret])
        #expect(result.exitCode == 0)
        #expect(result.normalizedOutput.hasSuffix("""
            1 contract: 0 ok, 1 with drift (2 breaking, 2 warnings)

            Mock fidelity: live answers compared with the mocks in Mocks
              ! orders  Mocks/mappings/orders.json is stale: the live answer differs
                  /orders/*/coupon  key-added     the live answer has it (string), the mock does not
                  /orders/*/echo    key-removed   the mock has it (string), the live answer does not
                  /orders/*/state   null-added    mock string, live string or null
                  /total            type-changed  mock number, live string
            1 mock compared: 1 stale, 0 missing

            """))
        #expect(!result.standardOutput.contains(RecordProject.secret))
    }

    @Test("a mock that matches the live answer is reported fresh; stale ones fail only --fail-on warning")
    func freshMock() throws {
        let project = try RecordProject()
        let live = try ServeProcess(["--mocks", "Live1"], in: project.directory)
        defer { _ = live.stop() }
        #expect(try project.record(live).exitCode == 0)
        let result = try Envelope.run(["check", "--env", "live", "--base-url", live.url, "--compare-mocks", "--fail-on", "warning"],
                                      in: project.directory, environment: ["ORDERS_TOKEN": RecordProject.secret])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.hasSuffix("  ✓ orders  Mocks/mappings/orders.json\n1 mock compared: 0 stale, 0 missing\n"))
    }

    @Test("--compare-mocks without a live server is a usage error")
    func needsLive() throws {
        let result = try Envelope.run(["check", "--compare-mocks"])
        #expect(result.exitCode == 2)
        #expect(result.standardError.hasPrefix("error: --compare-mocks compares live answers with the mocks; give --env NAME or --base-url URL.\n"))
    }
}
