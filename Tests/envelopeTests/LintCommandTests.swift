import Foundation
import Testing

@Suite("envelope lint, end to end", .temporaryFolders)
struct LintCommandTests {
    @Test("every broken file is listed with file:line:column, warnings too, and the mocks are validated: exit 2")
    func brokenProject() throws {
        let result = try Envelope.run(["lint"], in: fixtures.appendingPathComponent("Lint"))
        #expect(result.exitCode == 2)
        #expect(result.standardOutput == """
            Contracts/badref.json:4:35: error: cannot resolve $ref 'schemas/missing.json': cannot read schemas/missing.json: no such file: Contracts/schemas/missing.json
            Contracts/typo.json:4:3: error: unknown key 'reponse' in the contract (did you mean 'response'?); expected one of: \(Self.contractKeys)
            Mocks/mappings/missing-body.json:3:48: error: bodyFileName 'typo.json' not found (looked for Mocks/__files/typo.json); add the file under __files/ or fix the name
            Contracts/nomock.json:4:15: warning: no mock answers GET /v1/nomock; record one with envelope record --only nomock
            Mocks/mappings/orphan.json:1:1: warning: mapping 'orphan' is not reached by any contract's request; write a contract for it, or remove it

            drifts  mock Mocks/mappings/drifts.json
              ✗ /id  type-mismatch
                  expected integer, found "1" at 1:9

            good  mock Mocks/mappings/good.json
              ok

            2 contracts: 1 ok, 1 with drift (1 breaking, 0 warnings)
            lint: 5 contracts, 3 mappings: 3 errors, 2 warnings, 1 mock with drift

            """)
    }

    /// The keys a contract may have, as the loader lists them.
    static let contractKeys = "assertFormats, contract, drift, enums, request, response, summary"

    @Test("a mock that breaks its contract is exit 1 with the drift")
    func mockDrift() throws {
        let result = try Envelope.run(["lint"])
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.hasPrefix("hanyang-menu  mock Mocks/mappings/hanyang-menu.json\n  ✗ /result/list/*/DEL_POSSIBLE_YN  missing-key      9 of 9\n"))
        #expect(result.standardOutput.hasSuffix("4 contracts: 3 ok, 1 with drift (2 breaking, 0 warnings)\nlint: 5 contracts, 4 mappings: 0 errors, 0 warnings, 1 mock with drift\n"))
    }

    @Test("a clean project exits 0")
    func clean() throws {
        let directory = try temporaryDirectory()
        let lint = fixtures.appendingPathComponent("Lint")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("Contracts"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("Mocks/mappings"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: lint.appendingPathComponent("Contracts/good.json"), to: directory.appendingPathComponent("Contracts/good.json"))
        try FileManager.default.copyItem(at: lint.appendingPathComponent("Mocks/mappings/good.json"), to: directory.appendingPathComponent("Mocks/mappings/good.json"))
        let result = try Envelope.run(["lint"], in: directory)
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.hasSuffix("lint: 1 contract, 1 mapping: 0 errors, 0 warnings, 0 mocks with drift\n"))
    }
}
