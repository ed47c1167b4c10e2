import Foundation
import Testing

@Suite("envelope check --pact gives Pact's own verdicts", .temporaryFolders)
struct PactVerdictTests {
    struct Case: Decodable {
        let name: String
        let differs: String?
    }

    /// Every case of Fixtures/pact/verdicts.json (an expected body, its matching rules and an
    /// answer) is verified by Pact's verifier and by `check --pact` against the same server;
    /// the two must agree on pass or fail, except where a case names why they differ (the
    /// differences docs/pact.md lists), and there they must still differ.
    @Test("pass or fail, case by case, as Pact's verifier says, but for the differences docs/pact.md lists")
    func verdictsAsPactsVerifier() throws {
        let directory = try temporaryDirectory()
        let casesFile = fixtures.appendingPathComponent("pact/verdicts.json")
        let cases = try JSONDecoder().decode([Case].self, from: Data(contentsOf: casesFile))
        let pact = directory.appendingPathComponent("pact.json")
        // The provider (Fixtures/pact/verdict_server.py) writes the cases' pact and answers each.
        let server = try FixtureServer(script: "pact/verdict_server.py", arguments: [casesFile.path, pact.path])

        let verifier = try PactProject.pactTool("pact_verify.py", [pact.path, server.url, "api"])
        let pactFailures = Set(verifier.output.split(separator: "\n").compactMap { line -> Int? in
            guard let range = line.range(of: "Verifying a pact between app and api - case ") else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        })
        #expect(verifier.output.contains("case \(cases.count - 1): "), "the verifier ran every case: \(verifier.output.suffix(2000))")

        let result = try Envelope.run(["check", "--pact", pact.path, "--base-url", server.url, "--format", "json"], in: directory)
        let report = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any] ?? [:]
        let results = report["results"] as? [[String: Any]] ?? []
        #expect(results.count == cases.count, "\(result.standardError)")
        var envelopeFailures = Set<Int>()
        for entry in results {
            let name = entry["contract"] as? String ?? ""
            guard let index = Int(name.dropFirst("case-".count).prefix { $0.isNumber }) else { continue }
            let findings = entry["findings"] as? [[String: Any]] ?? []
            if findings.contains(where: { $0["severity"] as? String == "breaking" }) { envelopeFailures.insert(index) }
        }

        for (index, testCase) in cases.enumerated() {
            let pactSays = pactFailures.contains(index) ? "fail" : "pass"
            let envelopeSays = envelopeFailures.contains(index) ? "fail" : "pass"
            if let reason = testCase.differs {
                #expect(pactSays != envelopeSays, "case \(index) (\(testCase.name)) is listed as differing (\(reason)) but both say \(pactSays)")
            } else {
                #expect(pactSays == envelopeSays, "case \(index) (\(testCase.name)): Pact says \(pactSays), envelope \(envelopeSays)")
            }
        }
    }
}
