import Foundation
import Testing

@Suite("envelope infer, end to end", .temporaryFolders)
struct InferCommandTests {
    let infer = fixtures.appendingPathComponent("Infer")
    /// The orders samples' `next` is null in both, which infer says on standard error.
    static let nextNote = "note: /data/next: only null was seen, so the schema gives no type; add the type it has when set\n"

    @Test("two samples give the documented contract, byte for byte")
    func wholeContract() throws {
        let result = try Envelope.run(["infer", infer.appendingPathComponent("orders-1.json").path, infer.appendingPathComponent("orders-2.json").path,
                                       "--name", "orders", "--request", "GET /v1/orders?page=1"])
        #expect(result.exitCode == 0)
        #expect(result.standardError == Self.nextNote)
        #expect(result.standardOutput == (try String(contentsOf: infer.appendingPathComponent("expected-orders.json"), encoding: .utf8)))
    }

    @Test("the order of samples, of elements and of keys does not change the output")
    func orderIndependent() throws {
        let forward = try Envelope.run(["infer", infer.appendingPathComponent("orders-1.json").path, infer.appendingPathComponent("orders-2.json").path, "--name", "o"])
        let backward = try Envelope.run(["infer", infer.appendingPathComponent("orders-2-shuffled.json").path, infer.appendingPathComponent("orders-1.json").path, "--name", "o"])
        #expect(forward.exitCode == 0)
        #expect(forward.standardOutput == backward.standardOutput)
        #expect(forward.standardError == Self.nextNote + "note: the request defaults to GET /o; give the real one with --request 'GET /path'\n")
    }

    @Test("--output writes a contract that loads and passes its own samples, and is not overwritten without --force")
    func outputFile() throws {
        let directory = try temporaryDirectory()
        let output = directory.appendingPathComponent("orders.json").path
        let samples = [infer.appendingPathComponent("orders-1.json").path, infer.appendingPathComponent("orders-2.json").path]
        let first = try Envelope.run(["infer"] + samples + ["--request", "/v1/orders", "-o", output])
        #expect(first.exitCode == 0)
        #expect(first.standardError == Self.nextNote + "wrote \(output)\n")
        let check = try Envelope.run(["validate", output] + samples)
        #expect(check.exitCode == 0)
        #expect(check.standardOutput.hasSuffix("2 answers: 2 ok, 0 with drift (0 breaking, 0 warnings)\n"))
        let again = try Envelope.run(["infer"] + samples + ["-o", output])
        #expect(again.exitCode == 2)
        #expect(again.standardError == "error: \(output) exists; give --force to overwrite it, or another --output\n")
        #expect(try Envelope.run(["infer"] + samples + ["-o", output, "--force", "--request", "/v1/orders"]).exitCode == 0)
    }

    @Test("a sample that is not JSON stops with exit 2 and its file:line:column")
    func notJSON() throws {
        let page = infer.appendingPathComponent("error-page.html").path
        let result = try Envelope.run(["infer", page])
        #expect(result.exitCode == 2)
        #expect(result.standardError == "error: \(page):1:1: not valid JSON: expected a JSON value, found '<'; a sample must be a JSON response body\n")
        #expect(result.standardOutput == "")
    }

    @Test("a bad --request is a usage error")
    func badRequest() throws {
        let result = try Envelope.run(["infer", "-", "--request", "GET v1/orders"], input: "{}")
        #expect(result.exitCode == 2)
        #expect(result.standardError.hasPrefix("error: --request expects 'METHOD /path' such as 'GET /v1/items?page=1', got 'GET v1/orders'."))
    }
}
