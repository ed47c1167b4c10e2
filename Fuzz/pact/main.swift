// libFuzzer target: arbitrary bytes into PactReader.read, then the whole import plan.
//
// Built by Fuzz/run.sh together with every file of Sources/EnvelopeCore. Besides "never
// crash, never touch memory it should not" (AddressSanitizer), it checks, for every input:
//   - a refused file fails with a PactReadError (not JSON, not a pact) naming the file;
//   - every diagnostic's location lies inside the input;
//   - every planned contract and mapping prints as JSON that parses again to an equal value,
//     and every contract names itself and has a request and a response.
// Any mismatch traps (preconditionFailure), which libFuzzer reports as a crash.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPactRead(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let pact: PactFile
    let diagnostics: [PactDiagnostic]
    do {
        (pact, diagnostics) = try PactReader.read(bytes, file: "fuzz.json")
    } catch {
        precondition(error.file == "fuzz.json" && error.description.hasPrefix("fuzz.json:"), "error without its file: \(error)")
        return 0
    }
    for diagnostic in diagnostics {
        precondition(diagnostic.location.offset >= 0 && diagnostic.location.offset <= size, "diagnostic outside the input: \(diagnostic)")
    }
    var importer = PactImport()
    importer.add(pact, file: "fuzz.json")
    let plan = importer.plan()
    precondition(plan.entries.count + plan.notImported.count == plan.interactionCount, "interactions lost: \(plan.interactionCount) read, \(plan.entries.count) planned, \(plan.notImported.count) not imported")
    for entry in plan.entries {
        for value in [entry.contract, entry.mapping] {
            let text = SchemaPrinter.print(value)
            guard let again = try? JSONDocument.parse(text) else { preconditionFailure("printed JSON does not parse: \(text)") }
            precondition(again.root.value == value, "printed JSON parses to another value: \(text)")
        }
        precondition(entry.contract["contract"] == .string(entry.name) && entry.contract["request"] != nil && entry.contract["response"] != nil)
    }
    return 0
}
