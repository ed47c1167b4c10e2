import EnvelopeCore
@testable import EnvelopeYAML
import Foundation
import Testing

@Suite("The OpenAPI Initiative's examples: each YAML document reads as its JSON twin")
struct YAMLTwinTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/oai-examples")

    /// Every YAML example, relative to the fixtures folder.
    static let examples: [String] = {
        let folders = ["v3.0", "v3.1"]
        return folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? [])
                .filter { $0.hasSuffix(".yaml") }.sorted().map { "\(folder)/\($0)" }
        }
    }()

    @Test("there are nine examples to compare")
    func examplesAreThere() {
        #expect(Self.examples.count == 9)
    }

    @Test("the YAML and the JSON document hold the same content", arguments: examples)
    func sameContent(_ example: String) throws {
        let yaml = try Data(contentsOf: Self.root.appendingPathComponent(example))
        let json = try Data(contentsOf: Self.root.appendingPathComponent(String(example.dropLast(5)) + ".json"))
        let fromYAML = try YAMLDocument.parse([UInt8](yaml)).root.value.normalizedForEquality
        let fromJSON = try JSONDocument.parse([UInt8](json)).root.value.normalizedForEquality
        #expect(fromYAML == fromJSON, "first difference at \(Self.firstDifference(fromYAML, fromJSON) ?? "?")")
    }

    /// The JSON Pointer of the first place where two normalised values differ.
    static func firstDifference(_ one: JSONValue, _ other: JSONValue, at pointer: String = "") -> String? {
        switch (one, other) {
        case (.object(let left), .object(let right)):
            let leftKeys = left.map(\.key)
            guard leftKeys == right.map(\.key) else { return "\(pointer) (keys \(leftKeys) and \(right.map(\.key)))" }
            for (a, b) in zip(left, right) {
                if let place = firstDifference(a.value, b.value, at: pointer + "/" + a.key) { return place }
            }
            return nil
        case (.array(let left), .array(let right)):
            guard left.count == right.count else { return "\(pointer) (\(left.count) and \(right.count) elements)" }
            for (index, pair) in zip(left, right).enumerated() {
                if let place = firstDifference(pair.0, pair.1, at: pointer + "/\(index)") { return place }
            }
            return nil
        default:
            return one == other ? nil : "\(pointer) (\(one) and \(other))"
        }
    }
}
