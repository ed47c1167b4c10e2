// libFuzzer target: arbitrary bytes into YAMLDocument.parse (libyaml's events into a JSON
// document with YAML locations).
//
// Built by Fuzz/run.sh together with every file of Sources/EnvelopeCore and
// Sources/EnvelopeYAML (one module, named EnvelopeCore) and CYAML's loader. Besides "never
// crash, never touch memory it should not" (AddressSanitizer; libyaml itself is opened at run
// time and not instrumented), it checks, for every input that reads:
//   - every value's location is 1-based and its offset lies inside the input;
//   - the document's JSON text has no duplicate keys (the reader refuses them, and merge keys
//     never add one), and its tree serializes to text that parses back to an equal tree;
//   - when the input is also JSON, the two readings are the same value.
// Inputs that do not read must fail with a YAMLError whose location, if any, lies inside the
// input. Any mismatch traps (preconditionFailure), which libFuzzer reports as a crash.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYAMLParse(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let document: JSONDocument
    do {
        document = try YAMLDocument.parse(bytes)
    } catch {
        if let at = error.location { checkLocation(at, size: size, what: "error \(error)") }
        precondition(!error.message.isEmpty, "an error without a message")
        return 0
    }
    var index = 0
    while index < document.tape.count {
        if document.tape[index].packed >> 29 != JSONTapeEntry.endKind {
            checkLocation(JSONNode(document: document, index: index).location, size: size, what: "value \(index)")
        }
        index += 1
    }
    let tree = document.root.value
    do {
        let strict = try JSONDocument.parse(document.bytes, options: JSONParseOptions(duplicateKeys: .reject))
        precondition(strict.root.value == tree, "the JSON text parsed strictly gives another value")
    } catch {
        preconditionFailure("the document's JSON text does not parse strictly: \(error)")
    }
    let text = tree.serialized()
    do {
        let again = try JSONDocument.parse(text)
        precondition(again.root.value == tree, "round trip changed the value")
    } catch {
        preconditionFailure("serialized text does not parse: \(error)")
    }
    if let json = try? JSONDocument.parse(bytes, options: JSONParseOptions(duplicateKeys: .reject)) {
        precondition(json.root.value.normalizedForEquality == tree.normalizedForEquality,
                     "JSON and YAML read the same text differently: \(json.root.value.serialized().prefix(300)) vs \(text.prefix(300))")
    }
    return 0
}

private func checkLocation(_ at: SourceLocation, size: Int, what: String) {
    precondition(at.line >= 1 && at.column >= 1 && at.offset >= 0 && at.offset <= size,
                 "\(what): location \(at) (offset \(at.offset)) outside an input of \(size) bytes")
}
