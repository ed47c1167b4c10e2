import Foundation
import Testing

/// A folder of many contracts, as large projects have: more than one chunk of contracts, so
/// they load on several threads at once, and mappings in nested folders.
@Suite("envelope check over many contracts, end to end", .temporaryFolders)
struct CheckManyContractsTests {
    /// How many contracts each test generates: several chunks of the parallel load.
    static let count = 40

    /// Writes `count` contracts, each with its mapping (every tenth one in a subfolder of
    /// `mappings/`), into a fresh folder; `broken` contracts are cut short, invalid JSON;
    /// `large` mappings answer more than 64 KB (validated off libcurl's thread); `drifted`
    /// mappings answer the id as a string.
    func project(count: Int = Self.count, broken: Set<Int> = [], large: Set<Int> = [], drifted: Set<Int> = []) throws -> URL {
        let root = try temporaryDirectory()
        let contracts = root.appendingPathComponent("Contracts")
        let mappings = root.appendingPathComponent("Mocks/mappings")
        try FileManager.default.createDirectory(at: contracts, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: mappings.appendingPathComponent("nested"), withIntermediateDirectories: true)
        for n in 0..<count {
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
                 "response": {"status": 200, "headers": {"Content-Type": "application/json"},
                              "jsonBody": {"id": \(drifted.contains(n) ? "\"\(n)\"" : "\(n)")\(large.contains(n) ? ", \"pad\": \"\(String(repeating: "x", count: 100_000))\"" : "")}}}
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

    @Test("large answers, validated on other cores, and small ones are reported in contract order with their drift")
    func largeAnswersKeepOrder() throws {
        let large: Set = [1, 2, 3, 7, 20, 21, 39]
        let drifted: Set = [2, 8, 21, 30]
        let root = try project(large: large, drifted: drifted)
        let result = try Envelope.run(["check", "--jobs", "4", "--format", "json"], in: root)
        #expect(result.exitCode == 1)
        #expect(result.standardError == "")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(results.map { $0["contract"] as? String } == (0..<Self.count).map { String(format: "c%02d", $0) })
        let failing = results.enumerated().filter { $0.element["valid"] as? Bool == false }.map(\.offset)
        #expect(Set(failing) == drifted)
        for index in 0..<Self.count {
            // The large answers' undeclared "pad" is an unknown-key warning: proof that they
            // were validated to the end.
            let findings = try #require(results[index]["findings"] as? [[String: Any]])
            var expected: [String] = []
            if drifted.contains(index) { expected.append("type-mismatch /id") }
            if large.contains(index) { expected.append("unknown-key /pad") }
            #expect(findings.map { "\($0["kind"] as? String ?? "") \($0["pointer"] as? String ?? "")" } == expected, "c\(index)")
        }
    }

    @Test("every broken contract is reported, in name order, and nothing is checked")
    func reportsEveryLoadErrorInOrder() throws {
        let root = try project(broken: [5, 17, 33])
        let result = try Envelope.run(["check"], in: root)
        #expect(result.exitCode == 2)
        // The text report counts them (standard error named each) and says that nothing was checked.
        #expect(result.standardOutput == "3 files did not load; nothing was checked\n")
        let files = result.standardError.split(separator: "\n").map { $0.split(separator: ":").first.map(String.init) ?? "" }
        #expect(files == ["Contracts/c05.json", "Contracts/c17.json", "Contracts/c33.json"])
    }
}
