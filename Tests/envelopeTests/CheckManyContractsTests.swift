import Foundation
import Testing

/// A folder of many contracts, as large projects have: more than one chunk of contracts, so
/// they load on several threads at once, and mappings in nested folders.
@Suite("envelope check over many contracts, end to end")
struct CheckManyContractsTests {
    /// How many contracts each test generates: several chunks of the parallel load.
    static let count = 40

    /// Writes `count` contracts, each with its mapping (every tenth one in a subfolder of
    /// `mappings/`), into a fresh folder; `broken` contracts are cut short, invalid JSON.
    func project(broken: Set<Int> = []) throws -> URL {
        let root = try temporaryDirectory()
        let contracts = root.appendingPathComponent("Contracts")
        let mappings = root.appendingPathComponent("Mocks/mappings")
        try FileManager.default.createDirectory(at: contracts, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: mappings.appendingPathComponent("nested"), withIntermediateDirectories: true)
        for n in 0..<Self.count {
            let name = String(format: "c%02d", n)
            let contract = """
                {"contract": "\(name)", "request": {"path": "/items/\(n)"},
                 "response": {"status": 200, "headers": {"Content-Type": {"pattern": "^application/json"}},
                              "body": {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}}}}}
                """
            let text = broken.contains(n) ? String(contract.prefix(40)) : contract
            try text.write(to: contracts.appendingPathComponent(name + ".json"), atomically: true, encoding: .utf8)
            let mapping = """
                {"request": {"method": "GET", "urlPath": "/items/\(n)"},
                 "response": {"status": 200, "headers": {"Content-Type": "application/json"}, "jsonBody": {"id": \(n)}}}
                """
            let folder = n % 10 == 0 ? mappings.appendingPathComponent("nested") : mappings
            try mapping.write(to: folder.appendingPathComponent(name + ".json"), atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test("every contract is checked and reported in name order, one request at a time or several", arguments: ["1", "4"])
    func reportsInOrder(jobs: String) throws {
        let root = try project()
        let result = try Envelope.run(["check", "--jobs", jobs], in: root)
        #expect(result.exitCode == 0)
        #expect(result.standardError == "")
        let names = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("c") }.map { String($0.prefix(3)) }
        #expect(names == (0..<Self.count).map { String(format: "c%02d", $0) })
        #expect(result.standardOutput.hasSuffix("\(Self.count) contracts: \(Self.count) ok, 0 with drift (0 breaking, 0 warnings)\n"))
    }

    @Test("every broken contract is reported, in name order, and nothing is checked")
    func reportsEveryLoadErrorInOrder() throws {
        let root = try project(broken: [5, 17, 33])
        let result = try Envelope.run(["check"], in: root)
        #expect(result.exitCode == 2)
        #expect(result.standardOutput == "")
        let files = result.standardError.split(separator: "\n").map { $0.split(separator: ":").first.map(String.init) ?? "" }
        #expect(files == ["Contracts/c05.json", "Contracts/c17.json", "Contracts/c33.json"])
    }
}
