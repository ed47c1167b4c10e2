import Foundation
import Testing
@testable import EnvelopeCore

/// The official JSON-Schema-Test-Suite for draft 2020-12 (a copy under Fixtures; see its
/// SOURCE file for the commit). `remotes/` is served for `http://localhost:1234/` through a
/// reference mapping, so nothing touches the network.
enum SchemaTestSuite {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/JSON-Schema-Test-Suite")

    struct Outcome {
        var passed = 0
        var failures: [String] = []
    }

    static func remotes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: root.appendingPathComponent("remotes").appendingPathComponent(path)))
    }

    /// Runs every case of the suite files in `folder` (relative to tests/draft2020-12).
    static func run(folder: String, formatAssertion: Bool = false) throws -> Outcome {
        let directory = root.appendingPathComponent("tests/draft2020-12").appendingPathComponent(folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
        var outcome = Outcome()
        for name in names {
            let document = try JSONDocument.parse(Array(try Data(contentsOf: directory.appendingPathComponent(name))))
            for (groupIndex, group) in document.root.elements.enumerated() {
                let description = group["description"]?.stringValue ?? "group \(groupIndex)"
                let tests = group["tests"]?.elements ?? []
                var compiler = SchemaCompiler(read: { path in throw TestFileMissing(path: path) },
                                              mappings: [SchemaCompiler.ReferenceMapping(prefix: "http://localhost:1234/", read: remotes)])
                compiler.assertsFormats = formatAssertion
                let compiledRoot: Int
                do {
                    compiledRoot = try compiler.compile(group["schema"] ?? document.root, uri: "file:///\(folder)/\(name)", pointer: "/\(groupIndex)/schema")
                } catch {
                    for test in tests {
                        outcome.failures.append("\(folder)\(name) | \(description) | \(test["description"]?.stringValue ?? "?"): schema did not load: \(error)")
                    }
                    continue
                }
                let validator = SchemaValidator(schema: compiler.finish().schema)
                for test in tests {
                    let testDescription = test["description"]?.stringValue ?? "?"
                    guard let data = test["data"], let expected = test["valid"]?.boolValue else { continue }
                    let instance = try JSONDocument.parse(Array(data.rawBytes))
                    let result = validator.validate(instance, against: compiledRoot)
                    if result.isValid == expected {
                        outcome.passed += 1
                    } else {
                        let first = result.violations.first.map { " (\($0.kind.rawValue) at \($0.path.jsonPointer): expected \($0.expected), found \($0.actual))" } ?? ""
                        outcome.failures.append("\(folder)\(name) | \(description) | \(testDescription): expected \(expected ? "valid" : "invalid")\(first)")
                    }
                }
            }
        }
        return outcome
    }
}

@Suite("JSON Schema Test Suite, draft 2020-12")
struct SchemaTestSuiteTests {
    @Test("every required case passes")
    func requiredCases() throws {
        let outcome = try SchemaTestSuite.run(folder: "")
        for failure in outcome.failures { print("FAILED: \(failure)") }
        print("JSON-Schema-Test-Suite draft2020-12 (required): \(outcome.passed) passed, \(outcome.failures.count) failed")
        #expect(outcome.passed + outcome.failures.count == 1_299)
        #expect(outcome.failures.isEmpty, "\(outcome.failures.count) failures: \(outcome.failures.prefix(20).joined(separator: "\n"))")
    }

    @Test("format assertion: the optional format cases Envelope asserts pass")
    func formatAssertion() throws {
        let outcome = try SchemaTestSuite.run(folder: "optional/format/", formatAssertion: true)
        let asserted = ["date-time", "date", "time", "email", "hostname", "ipv4", "ipv6", "uri", "uuid"]
        let relevant = outcome.failures.filter { failure in asserted.contains { failure.hasPrefix("optional/format/\($0).json |") } }
        for failure in relevant { print("FAILED: \(failure)") }
        print("JSON-Schema-Test-Suite draft2020-12 optional/format (format assertion): \(outcome.passed) passed, \(outcome.failures.count) failed (\(relevant.count) in the asserted formats)")
        // Formats Envelope does not assert (idn-*, iri*, uri-template, duration, ...) are
        // annotations, so their "invalid" cases are expected to pass as valid. Of the asserted
        // ones, only IDNA 2008's rules for punycode A-labels in hostnames are not checked.
        let unexplained = relevant.filter { !$0.contains("| validation of A-label (punycode) host names |") }
        #expect(unexplained.isEmpty, "\(unexplained.joined(separator: "\n"))")
    }
}
