import Foundation
import Testing

@Suite("Schema options of check and validate")
struct SchemaOptionsTests {
    let directory = fixtures.appendingPathComponent("RemoteRefs")
    var contract: String { directory.appendingPathComponent("contracts/events.json").path }
    var body: String { directory.appendingPathComponent("body.json").path }
    var mapping: String { "https://schemas.example.com/=\(directory.appendingPathComponent("mirror").path)" }

    @Test("a remote $ref without --map-ref is exit 2 naming the URL and the way out")
    func remoteRefRefused() throws {
        let result = try Envelope.run(["validate", contract, body])
        #expect(result.exitCode == 2)
        #expect(result.standardError == "\(directory.path)/contracts/events.json:8:26: error: cannot resolve $ref 'https://schemas.example.com/v1/event.json': remote references are not fetched; save the schema next to the contract and refer to it by a relative path, or map its URI to a folder with --map-ref https://schemas.example.com/v1/=DIR\n")
    }

    @Test("--map-ref serves the URI from a folder; format is a note unless --assert-formats")
    func mappedReference() throws {
        let relaxed = try Envelope.run(["validate", contract, body, "--map-ref", mapping])
        #expect(relaxed.exitCode == 0)
        #expect(relaxed.standardOutput.contains("! /*/extra  unknown-key  1 of 2 (#1)  (warning)"))

        let strict = try Envelope.run(["validate", contract, body, "--map-ref", mapping, "--assert-formats", "--drift", "unknown-key=ignore"])
        #expect(strict.exitCode == 1)
        #expect(strict.standardOutput == """
            events  \(body)
              ✗ /*/id  constraint-violation  1 of 2 (#1)
                  expected a string in uuid format, found "not-a-uuid" at 3:10
              ✗ /*/at  constraint-violation  1 of 2 (#1)
                  expected a string in date-time format, found "yesterday" at 3:30

            1 contract: 0 ok, 1 with drift (2 breaking, 0 warnings)

            """)
    }

    @Test("--drift with an unknown kind suggests the close one; a bad --map-ref says the form")
    func badOptions() throws {
        let kind = try Envelope.run(["validate", contract, body, "--drift", "unknwn-key=ignore"])
        #expect(kind.exitCode == 2)
        #expect(kind.standardError.hasPrefix("error: "))
        #expect(kind.standardError.contains("unknown-key=ignore"))
        let map = try Envelope.run(["validate", contract, body, "--map-ref", "nowhere"])
        #expect(map.exitCode == 2)
        #expect(map.standardError.contains("PREFIX=DIR"))
    }
}
