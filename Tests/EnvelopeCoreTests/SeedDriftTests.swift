import Foundation
import Testing
@testable import EnvelopeCore

/// The package root, found from this file's place in `Tests/EnvelopeCoreTests/`.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Reads files relative to the bundled `Contracts/` folder.
func contractsReader(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: packageRoot.appendingPathComponent("Contracts").appendingPathComponent(path)))
}

func mockBody(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: packageRoot.appendingPathComponent("Mocks/__files").appendingPathComponent(name)))
}

@Suite("The seeds' drift")
struct SeedDriftTests {
    @Test("hanyang-menu: exactly the missing DEL_POSSIBLE_YN and the null MENU_ID2, located and grouped")
    func hanyangMenuFindings() throws {
        let contract = try ContractLoader.load(file: "hanyang-menu.json", read: contractsReader)
        let response = ObservedResponse(status: 200, headers: [("Content-Type", "application/json; charset=utf-8")], body: try mockBody("hanyang-menu.json"))
        let result = validate(response, against: contract, source: "test")
        #expect(result.valid == false)
        #expect(result.status == .drift)
        let findings = result.findings
        try #require(findings.count == 2)
        #expect(findings[0] == DriftFinding(kind: .missingKey, pointer: "/result/list/*/DEL_POSSIBLE_YN", severity: .breaking,
                                           count: 9, total: 9, indices: Array(0...8), expected: "string (required)", actual: "absent",
                                           keyword: "required", locations: findings[0].locations))
        #expect(findings[0].location?.description == "5:13")
        #expect(findings[1].kind == .unexpectedNull)
        #expect(findings[1].pointer == "/result/list/*/MENU_ID2")
        #expect(findings[1].count == 4)
        #expect(findings[1].total == 9)
        #expect(findings[1].indices == [3, 6, 7, 8])
        #expect(findings[1].expected == "string")
        #expect(findings[1].actual == "null")
        #expect(findings[1].location?.description == "34:29")
        #expect(findings[1].locations.count == 4)
    }

    @Test("the naver contracts share one APIResult<T> envelope and their mocks conform",
          arguments: ["naver-blog", "naver-news", "naver-image"])
    func naverConforms(name: String) throws {
        let contract = try ContractLoader.load(file: "\(name).json", read: contractsReader)
        let mapping = try JSONDocument.parse(Array(try Data(contentsOf: packageRoot.appendingPathComponent("Mocks/mappings/\(name).json"))))
        let body = try #require(mapping.root["response"]?["jsonBody"])
        let result = validate(ObservedResponse(status: 200, headers: [("Content-Type", "application/json")], body: Array(body.rawBytes)), against: contract, source: "test")
        #expect(result.findings.isEmpty, "\(result.findings)")
        #expect(result.valid)
        #expect(contract.schema.resources.map(\.file).contains("schemas/naver/api-result.json"))
    }
}
