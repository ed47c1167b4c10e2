import EnvelopeCore
import EnvelopeHTTP
import EnvelopeTesting
import Foundation
import Testing

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

@Suite("EnvelopeTesting for app test suites")
struct EnvelopeTestingTests {
    @Test("an in-process mock server serves the Mocks folder on a free port and stops on release")
    func inProcessServer() throws {
        var server: InProcessMockServer? = try InProcessMockServer(mocksDirectory: packageRoot.appendingPathComponent("Mocks").path)
        let base = try #require(server?.baseURL)
        #expect(base.hasPrefix("http://127.0.0.1:"))
        let response = try HTTPClient().send(HTTPRequest(url: base + "/v1/search/news.json?query=swift"))
        #expect(response.status == 200)
        #expect(response.header("content-type")?.hasPrefix("application/json") == true)
        let contract = packageRoot.appendingPathComponent("Contracts/naver-news.json").path
        try ContractConformance.requireConformance(response.body, to: contract, status: response.status,
                                                    headers: response.headers.map { ($0.name, $0.value) })
        server = nil
        #expect(throws: TransportError.self) { try HTTPClient().send(HTTPRequest(url: base + "/", connectTimeout: 1, timeout: 2)) }
    }

    @Test("a drifted answer fails with the drift report, not 'invalid'")
    func driftReport() throws {
        let body = Array(try Data(contentsOf: packageRoot.appendingPathComponent("Mocks/__files/hanyang-menu.json")))
        let contract = packageRoot.appendingPathComponent("Contracts/hanyang-menu.json").path
        do {
            try ContractConformance.requireConformance(body, to: contract)
            Issue.record("the seed's answer should drift")
        } catch let error as DriftReportError {
            #expect(error.result.findings.map(\.pointer) == ["/result/list/*/DEL_POSSIBLE_YN", "/result/list/*/MENU_ID2"])
            #expect(error.description.contains("✗ /result/list/*/MENU_ID2         unexpected-null  4 of 9 (#3, #6, #7, #8)"))
        }
        // Warnings alone do not fail under the default --fail-on breaking.
        let result = try ContractConformance.check(body, against: contract)
        #expect(result.breakingCount == 2)
    }
}
