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
}
