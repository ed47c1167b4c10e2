// libFuzzer target: arbitrary bytes into ContractLoader.load(_:file:read:) with an in-memory
// reader, and every contract that loads validates a few fixed bodies.
//
// Built by Fuzz/run.sh together with every file of Sources/EnvelopeCore (one module, named
// EnvelopeCore) and a generated file that holds the repo's Contracts/schemas/** as
// `fuzzSchemaFiles` (path relative to Contracts/ → base64 of the bytes), so `$ref`s to the
// real shared schemas resolve without touching the disk.
//
// Input layout: the contract's bytes, optionally followed by a NUL byte and an extra file.
// The reader serves the repo's schemas by their path; any other path it is asked for gets the
// extra file (so the fuzzer can grow a second schema behind any `$ref`) for up to 8 distinct
// paths, or an error when the input has no NUL. Reads are counted: the same path read more than 8 times (URIs that differ
// only in percent-encoding may read one path twice), or more than 1,000 reads for
// one input, traps, since the loader caches documents and such a loader is looping.
//
// The loader may throw (that is its job) but must not crash or loop. When it loads, the
// contract validates the seed's recorded answer, a few tiny bodies and the input itself; every
// finding's pointer must be empty or a JSON Pointer.
import Foundation

private let schemaFiles: [String: [UInt8]] = fuzzSchemaFiles.mapValues { Array(Data(base64Encoded: $0)!) }

private let bodies: [[UInt8]] = {
    var result = [fuzzSeedAnswer].map { Array(Data(base64Encoded: $0)!) }
    for text in ["{}", "[]", "null", "0", "\"x\"", "[1,\"a\",null,true,{\"b\":[1.5e3,{}]}]",
                 "{\"result\":{\"totalCount\":1,\"list\":[{\"MENU_ID2\":null}]},\"nowDate\":{},\"resultMessage\":{}}",
                 "{\"items\":[{\"title\":\"t\",\"link\":\"https://x\"}],\"total\":1,\"start\":1,\"display\":10}"] {
        result.append(Array(text.utf8))
    }
    return result
}()

final class ReadCounter: @unchecked Sendable {
    var reads = 0
    var byPath: [String: Int] = [:]
    var unknownPaths: Set<String> = []
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzContractLoad(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let contractBytes: [UInt8]
    let extra: [UInt8]?
    if let nul = input.firstIndex(of: 0) {
        contractBytes = Array(input[..<nul])
        extra = Array(input[(nul + 1)...])
    } else {
        contractBytes = input
        extra = nil
    }
    let counter = ReadCounter()
    let read: SchemaCompiler.Reader = { path in
        counter.reads += 1
        counter.byPath[path, default: 0] += 1
        precondition(counter.byPath[path]! <= 8, "the loader read \(path) \(counter.byPath[path]!) times for one contract")
        precondition(counter.reads <= 1_000, "the loader read \(counter.reads) files for one contract: looping on \(path)?")
        if let known = schemaFiles[path] { return known }
        // A finite file system: the extra file answers for at most 8 distinct paths. Without
        // this bound a relative `$ref` inside it ("e/x") names a new file every time
        // (e/x, e/e/x, ...) and the loader, rightly, keeps reading.
        counter.unknownPaths.insert(path)
        if let extra, counter.unknownPaths.count <= 8 { return extra }
        throw FuzzReadError(path: path)
    }
    let contract: Contract
    do {
        contract = try ContractLoader.load(contractBytes, file: "fuzz.json", read: read)
    } catch {
        _ = error.description
        return 0
    }
    for body in bodies + [contractBytes] {
        let response = ObservedResponse(status: 200, headers: [("Content-Type", "application/json")], body: body)
        let result = validate(response, against: contract, source: "fuzz")
        for finding in result.findings {
            // By code point: a "/" followed by a combining mark is one Character, and
            // `hasPrefix("/")` would wrongly say no (this harness's first false alarm).
            precondition(finding.pointer.isEmpty || finding.pointer.unicodeScalars.first == "/", "finding pointer \(finding.pointer) is not a JSON Pointer")
        }
    }
    return 0
}

struct FuzzReadError: Error, CustomStringConvertible {
    let path: String
    var description: String { "no such file: \(path)" }
}
