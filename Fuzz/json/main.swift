// libFuzzer target: arbitrary bytes into JSONDocument.parse.
//
// Built by Fuzz/run.sh together with every file of Sources/EnvelopeCore (one module, named
// EnvelopeCore, so internal API is reachable too). Besides "never crash, never touch memory
// it should not" (AddressSanitizer), it checks, for every input that parses:
//   - the tree copy (root.value) serializes, compact and pretty, to text that parses again
//     to an equal tree (round trip), and serializing that gives the same text again;
//   - walking the tape agrees with the tree: kinds, counts, keys, look-ups (last member
//     wins), offsets inside the input, line:column computable for every value;
//   - parsing with duplicate keys rejected fails only with duplicateKey (or agrees);
//   - parsing in two halves on two cores (forced on for every size, the second half copied
//     in by two cores) gives the same tape, or the same error, as parsing in one pass.
// Inputs that do not parse must fail with a JSONError whose location lies inside the input.
// Any mismatch traps (preconditionFailure), which libFuzzer reports as a crash.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONParse(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var split = JSONParseOptions()
    split.splitThreshold = 0
    split.waitsForShare = true
    split.parallelCopyThreshold = 0
    let halves = Result { () throws(JSONError) in try JSONDocument.parse(bytes, options: split) }
    let document: JSONDocument
    do {
        document = try JSONDocument.parse(bytes)
    } catch {
        checkError(error, size: size, bytes: bytes)
        guard case .failure(let other) = halves, other == error else {
            preconditionFailure("parsing in two halves did not fail the same way: \(error) vs \(halves)")
        }
        return 0
    }
    guard case .success(let other) = halves, other.tape.elementsEqual(document.tape, by: { $0.offset == $1.offset && $0.packed == $1.packed }) else {
        preconditionFailure("parsing in two halves gave another tape (or failed): \(halves)")
    }
    let root = document.root
    let tree = root.value
    walk(root, tree, size: size, depth: 0)

    for pretty in [false, true] {
        let text = tree.serialized(pretty: pretty)
        let again: JSONDocument
        do {
            again = try JSONDocument.parse(text)
        } catch {
            preconditionFailure("serialized text does not parse (pretty: \(pretty)): \(error)\ntext: \(text.prefix(400))")
        }
        let tree2 = again.root.value
        precondition(tree2 == tree, "round trip changed the value (pretty: \(pretty))\nfirst:  \(text.prefix(400))\nsecond: \(tree2.serialized().prefix(400))")
        precondition(tree2.serialized(pretty: pretty) == text, "serializing twice is not stable (pretty: \(pretty))")
    }

    // The strict policy (contracts, mappings) must agree, or fail only on a duplicate key.
    do {
        let strict = try JSONDocument.parse(bytes, options: JSONParseOptions(duplicateKeys: .reject))
        precondition(strict.root.value == tree, "duplicateKeys: .reject parsed to a different value")
    } catch {
        guard case .duplicateKey = error else {
            preconditionFailure("duplicateKeys: .reject failed with something else than duplicateKey: \(error)")
        }
    }
    return 0
}

private func checkError(_ error: JSONError, size: Int, bytes: [UInt8]) {
    _ = error.message
    _ = error.description
    if let location = error.location {
        precondition(location.line >= 1 && location.column >= 1, "error location \(location) is not 1-based: \(error)")
        precondition(location.offset >= 0 && location.offset <= size, "error offset \(location.offset) outside 0...\(size): \(error)")
    }
}

/// Walks the tape and the tree side by side.
private func walk(_ node: JSONNode, _ value: JSONValue, size: Int, depth: Int) {
    precondition(node.kind == value.kind, "kind \(node.kind) on the tape, \(value.kind) in the tree")
    precondition(node.offset >= 0 && node.offset < size, "offset \(node.offset) outside the input of \(size) bytes")
    let raw = node.rawBytes
    precondition(raw.startIndex >= 0 && raw.endIndex <= size, "raw bytes \(raw.startIndex)..<\(raw.endIndex) outside \(size)")
    if depth < 4 { _ = node.location }
    switch value {
    case .null:
        precondition(node.isNull)
    case .bool(let flag):
        precondition(node.boolValue == flag)
    case .number(let text):
        precondition(node.numberText == text)
        _ = node.intValue
        _ = node.doubleValue
        _ = node.isIntegerLiteral
    case .string(let text):
        precondition(node.stringValue == text)
    case .array(let elements):
        let nodes = node.elements
        precondition(nodes.count == elements.count && node.count == elements.count, "array count")
        for (child, element) in zip(nodes, elements) { walk(child, element, size: size, depth: depth + 1) }
    case .object(let members):
        let nodes = node.members
        precondition(nodes.count == members.count && node.count == members.count, "object count")
        for (member, expected) in zip(nodes, members) {
            precondition(member.key == expected.key, "key \(member.key) vs \(expected.key)")
            walk(member.value, expected.value, size: size, depth: depth + 1)
        }
        // Look-ups see the last member of a name (tree and tape agree on that).
        for member in members.prefix(8) {
            guard let found = node[member.key] else { preconditionFailure("look-up of \(member.key) found nothing") }
            precondition(value[member.key].map { found.value == $0 } ?? false, "look-up of \(member.key) disagrees with the tree")
        }
    }
}
