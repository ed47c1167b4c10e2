import Foundation
import Testing

/// One answer to judge: a schema of one of the rules documents, and a body.
private struct ReferenceCase: CustomStringConvertible {
    /// The fixture document (`rules-3.0.json` or `rules-3.1.json`).
    var document: String
    /// The schema's name in the document's components.
    var schema: String
    /// The answer, as JSON text.
    var answer: String
    /// Why Envelope accepts what openapi-core refuses, where the two differ on purpose
    /// (docs/openapi.md says so for each); nil where they agree.
    var divergence: String?

    var description: String { "\(document) \(schema) \(answer)" }
}

private func v30(_ schema: String, _ answer: String, divergence: String? = nil) -> ReferenceCase {
    ReferenceCase(document: "rules-3.0.json", schema: schema, answer: answer, divergence: divergence)
}

private func v31(_ schema: String, _ answer: String) -> ReferenceCase {
    ReferenceCase(document: "rules-3.1.json", schema: schema, answer: answer)
}

/// A tree of `depth` nodes, one child each, whose leaf's name is `leaf` (JSON).
private func tree(depth: Int, leaf: String) -> String {
    var node = #"{"name": \#(leaf), "children": []}"#
    for level in 0..<depth { node = #"{"name": "n\#(level)", "children": [\#(node)]}"# }
    return node
}

/// The table: every rule of docs/openapi.md, with answers either side of it.
private let cases: [ReferenceCase] = [
    v30("NullableString", "null"), v30("NullableString", #""a""#), v30("NullableString", "1"),
    v30("PlainString", "null"),
    v30("NullableEnum", #""new""#), v30("NullableEnum", #""gone""#),
    v30("NullableEnum", "null", divergence: "nullable: true beside enum adds null to the enum"),
    v30("NullablePet", #"{"name": "Rex"}"#), v30("NullablePet", #"{"name": 1}"#),
    v30("NullablePet", "null", divergence: "nullable: true beside allOf means 'this schema or null'"),
    v30("NullablePetRef", #"{"name": "Rex"}"#), v30("NullablePetRef", "{}"),
    v30("NullablePetRef", "null", divergence: "nullable: true beside $ref means 'this schema or null'"),
    v30("CodeWithSiblings", #""abc""#), v30("CodeWithSiblings", "5"),
    v30("Bounds", "1"), v30("Bounds", "1.5"), v30("Bounds", "10"), v30("Bounds", "10.5"),
    v30("User", #"{"id": 1}"#), v30("User", #"{"id": 1, "password": "hunter2"}"#), v30("User", "{}"),
    v30("Animal", #"{"petType": "Cat", "lives": 9}"#), v30("Animal", #"{"petType": "hound", "bark": "woof"}"#),
    v30("Animal", #"{"petType": "Dog", "bark": 1}"#), v30("Animal", #"{"petType": "Bird"}"#), v30("Animal", #"{"lives": 9}"#),
    v30("State", #""open""#), v30("State", #""archived""#),
    v30("When", #""2024-05-01T10:00:00Z""#), v30("When", #""soon""#),
    v30("Pet", #"{"name": "Rex", "tag": "dog"}"#),
    v30("Node", tree(depth: 60, leaf: #""leaf""#)), v30("Node", tree(depth: 60, leaf: "1")),
    v31("MaybeCount", "null"), v31("MaybeCount", #""3""#),
    v31("Shape", #"{"kind": "circle", "radius": 1}"#), v31("Shape", #"{"kind": "circle", "side": 1}"#), v31("Shape", #"{"kind": "hexagon"}"#),
    v31("Limit", "0"), v31("Limit", "1"),
]

@Suite("OpenAPI dialect against the reference (openapi-core)", .temporaryFolders)
struct OpenAPIReferenceTests {
    @Test("envelope validate and openapi-core agree, answer by answer, on whether each answer passes (except the divergences documented)")
    func agreesWithOpenAPICore() throws {
        let project = try OpenAPIProject(documents: ["rules-3.0.json", "rules-3.1.json"])
        let envelope = try envelopeVerdicts(in: project)
        let reference = try referenceVerdicts()
        try #require(envelope.count == cases.count && reference.count == cases.count)
        for (position, item) in cases.enumerated() {
            if let divergence = item.divergence {
                #expect(envelope[position] && !reference[position], "\(item): expected Envelope to accept and openapi-core to refuse (\(divergence))")
            } else {
                #expect(envelope[position] == reference[position], "\(item): envelope says \(envelope[position]), openapi-core \(reference[position])")
            }
        }
        // Both sides of every rule: the table has answers that pass and answers that do not.
        #expect(reference.contains(true) && reference.contains(false))
    }

    @Test("a $ref written for the whole map of properties: openapi-core refuses the document, envelope refuses the schema at the $ref's line:column, and what its message says to write instead both load")
    func propertiesReferenceRefusedByBoth() throws {
        let directory = try temporaryDirectory().appendingPathComponent("lb")
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("ImportOpenAPI/properties-ref"), to: directory)
        let script = fixtures.appendingPathComponent("OpenAPI/reference_verdicts.py").path
        let document = directory.appendingPathComponent("api.yaml").path
        #expect(try runPython([script, "--loads", document], input: "") == "false")
        let refused = try Envelope.run(["import", "openapi", "api.yaml"], in: directory)
        #expect(refused.exitCode == 1, "\(refused.standardOutput)\(refused.standardError)")
        let lines = refused.standardOutput.split(separator: "\n").map(String.init)
        let error = try #require(lines.first { $0.contains(": error: ") }, "\(refused.standardOutput)")
        #expect(error.hasPrefix("    ../models/load_balancer.yml:9:5: error: invalid schema at /allOf/1/properties/$ref: 'properties' maps each property's name to its schema, and a $ref cannot stand for the whole map (neither OpenAPI nor JSON Schema reads it so): this declares a property named \"$ref\" whose schema is the string 'attributes.yml#/load_balancer_droplet_ids'. Give each property its own $ref instead: "), "\(error)")
        #expect(refused.standardOutput.hasSuffix("2 operations: 1 contract, 1 mock (0 from examples, 1 generated), 0 examples refused, 1 answer whose schema does not load\n"), "\(refused.standardOutput)")
        // Written as the message says, the properties load on both sides, and check is clean.
        let advice = try #require(error.components(separatedBy: "instead: ").last)
        let properties = advice.components(separatedBy: ", ").map { "    " + $0 + "\n" }.joined()
        #expect(properties == "    droplet_ids: {$ref: 'attributes.yml#/load_balancer_droplet_ids/droplet_ids'}\n    droplet_count: {$ref: 'attributes.yml#/load_balancer_droplet_ids/droplet_count'}\n")
        let model = directory.appendingPathComponent("models/load_balancer.yml")
        let text = try String(contentsOf: model, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "    $ref: 'attributes.yml#/load_balancer_droplet_ids'\n", with: properties).utf8).write(to: model)
        #expect(try runPython([script, "--loads", document], input: "") == "true")
        let fixed = try Envelope.run(["import", "openapi", "api.yaml", "--force"], in: directory)
        #expect(fixed.exitCode == 0, "\(fixed.standardOutput)\(fixed.standardError)")
        #expect(fixed.standardOutput.hasSuffix("2 operations: 2 contracts, 2 mocks (0 from examples, 2 generated), 0 examples refused\n"), "\(fixed.standardOutput)")
        let check = try Envelope.run(["check"], in: directory)
        #expect(check.exitCode == 0 && check.standardOutput.hasSuffix("2 contracts: 2 ok, 0 with drift (0 breaking, 0 warnings)\n"), "\(check.standardOutput)")
    }

    /// Whether `envelope validate` passes each answer (no breaking finding), one contract per
    /// schema (formats asserted, as openapi-core does).
    private func envelopeVerdicts(in project: OpenAPIProject) throws -> [Bool] {
        var verdicts = [Bool?](repeating: nil, count: cases.count)
        let groups = Dictionary(grouping: cases.indices) { "\(cases[$0].document)|\(cases[$0].schema)" }
        for key in groups.keys.sorted() {
            guard let positions = groups[key], let first = positions.first else { continue }
            let item = cases[first]
            let name = item.document.replacingOccurrences(of: ".json", with: "") + "-" + item.schema
            let contract = try project.contract(name, body: "api/\(item.document)#/components/schemas/\(item.schema)", settings: #""assertFormats": true"#)
            let answers = try positions.map { try project.file("answers/\($0).json", cases[$0].answer) }
            let run = try Envelope.run(["validate", contract] + answers + ["--format", "json"], in: project.root)
            let report = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any], "\(run.standardError)")
            let results = try #require(report["results"] as? [[String: Any]])
            try #require(results.count == positions.count, "\(key): \(run.standardOutput)")
            for (position, result) in zip(positions, results) {
                let findings = result["findings"] as? [[String: Any]] ?? []
                verdicts[position] = !findings.contains { $0["severity"] as? String == "breaking" }
            }
        }
        return verdicts.compactMap { $0 }
    }

    /// openapi-core's verdict on each answer, from Fixtures/OpenAPI/reference_verdicts.py.
    private func referenceVerdicts() throws -> [Bool] {
        var verdicts = [Bool?](repeating: nil, count: cases.count)
        for document in ["rules-3.0.json", "rules-3.1.json"] {
            let positions = cases.indices.filter { cases[$0].document == document }
            let input = "[" + positions.map { #"{"schema": "\#(cases[$0].schema)", "answer": \#(cases[$0].answer)}"# }.joined(separator: ",") + "]"
            let script = fixtures.appendingPathComponent("OpenAPI/reference_verdicts.py").path
            let output = try runPython([script, fixtures.appendingPathComponent("OpenAPI/\(document)").path], input: input)
            let answers = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [Bool], "reference_verdicts.py said: \(output)")
            try #require(answers.count == positions.count)
            for (position, verdict) in zip(positions, answers) { verdicts[position] = verdict }
        }
        return verdicts.compactMap { $0 }
    }

    /// Runs python3 with `arguments` and `input` on standard input; returns standard output,
    /// or throws with standard error when it fails (openapi-core missing: `make test`
    /// installs it).
    private func runPython(_ arguments: [String], input: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let output = Pipe(), errors = Pipe(), feed = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = feed
        try process.run()
        feed.fileHandleForWriting.write(Data(input.utf8))
        try feed.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problems = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw PythonFailed(status: process.terminationStatus, errors: problems) }
        return text
    }
}

/// python3 exited with a failure.
private struct PythonFailed: Error, CustomStringConvertible {
    var status: Int32
    var errors: String
    var description: String { "python3 exited with \(status) (openapi-core missing? `make test` installs it):\n\(errors)" }
}
