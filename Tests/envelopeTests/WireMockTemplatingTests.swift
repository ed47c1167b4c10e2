import Foundation
import Testing

/// Response templating compared with WireMock itself: one jar and one `envelope serve` on the
/// same mapping folder, the same requests to both (Fixtures/WireMockTemplating/cases.json,
/// sent by compare.py with python requests).
@Suite("Response templating, compared with WireMock's jar")
struct WireMockTemplatingTests {
    static let fixture = packageRoot.appendingPathComponent("Tests/envelopeTests/Fixtures/WireMockTemplating")

    @Test("every helper and request value answers as WireMock 2.35 does, except the 3.x differences pinned in cases.json")
    func sameAnswersAsWireMock() throws {
        let mocks = Self.fixture.appendingPathComponent("Mocks").path
        // WireMock 2.x applies per-stub "transformers" only with --local-response-templating; 3.x
        // (and Envelope) always does.
        let jar = try WireMockJar(rootDirectory: mocks, arguments: ["--local-response-templating"])
        let envelope = try ServeProcess(["--mocks", mocks])
        let cases = Self.fixture.appendingPathComponent("cases.json").path
        let result = try runTool("python3", [Self.fixture.appendingPathComponent("compare.py").path, jar.url, envelope.url, cases])
        let count = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: cases))) as? [Any]
        #expect(result.output == "\(count?.count ?? 0) cases, \(count?.count ?? 0) hold, 0 do not\n")
        #expect(result.status == 0)
        _ = envelope.stop()
    }

    @Test("with --global-response-templating, stubs posted, put and imported through the admin API are templates, as in WireMock",
          .temporaryFolders)
    func globalTemplatingCoversAdminStubs() throws {
        let jarRoot = try temporaryDirectory()
        let mocks = try temporaryDirectory()
        for folder in [jarRoot, mocks] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        }
        let jar = try WireMockJar(rootDirectory: jarRoot.path, arguments: ["--global-response-templating"])
        defer { jar.stop() }
        let envelope = try ServeProcess(["--mocks", mocks.path, "--global-response-templating"])
        defer { _ = envelope.stop() }
        let script = packageRoot.appendingPathComponent("Tests/envelopeTests/Fixtures/WireMockClient/admin_templating.py").path
        let ours = try runTool("python3", [script, envelope.url])
        let theirs = try runTool("python3", [script, jar.url])
        #expect(ours.status == 0 && theirs.status == 0, "\(ours.output)\(theirs.output)")
        #expect(ours.output == theirs.output, "envelope:\n\(ours.output)\nwiremock:\n\(theirs.output)")
        #expect(ours.output.contains("posted 200 'path /posted q 5' GET\n"), "\(ours.output)")
        #expect(ours.output.contains("replaced 200 {'method': 'GET', 'n': 1}\n"))
        #expect(ours.output.contains("imported 200 'ANA 1' None\n"))
        // Without the flag the same stubs answer as written.
        let plain = try ServeProcess(["--mocks", mocks.path])
        defer { _ = plain.stop() }
        let written = try runTool("python3", [script, plain.url])
        #expect(written.output.contains("posted 200 'path {{request.path}} q {{request.query.a}}' {{request.method}}\n"), "\(written.output)")
    }
}
