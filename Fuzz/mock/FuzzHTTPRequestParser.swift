// libFuzzer entry point for EnvelopeMock's HTTPRequestParser. Built by run.sh together with
// the parser's own sources (Sources/EnvelopeMock/HTTP/*.swift) and MockRequest, so it fuzzes
// exactly that code.
//
// Besides "never crash, never read out of bounds" (AddressSanitizer), it checks the parser's
// promises: a complete request consumes at least one byte and no more than it was given,
// pipelined requests are taken one after another, and a request that parsed completely
// still parses the same way when more bytes follow it.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPRequestParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = UnsafeBufferPointer(start: data, count: size)
    // Small limits so the fuzzer reaches the 413/414/431 paths quickly.
    let parser = HTTPRequestParser(maxHeadBytes: 512, maxBodyBytes: 1_024, maxHeaderCount: 16)
    var offset = 0
    var requests = 0
    while offset < size, requests < 64 {
        let rest = UnsafeBufferPointer(rebasing: input[offset...])
        switch parser.parse(rest) {
        case .complete(let request, let consumed):
            precondition(consumed > 0 && consumed <= rest.count, "consumed \(consumed) of \(rest.count)")
            precondition(!request.method.isEmpty, "empty method")
            precondition(request.body.count <= parser.maxBodyBytes, "body over the limit")
            // The same bytes cut right after the request parse to the same request.
            let exact = UnsafeBufferPointer(rebasing: rest[0..<consumed])
            guard case .complete(let again, let consumedAgain) = parser.parse(exact) else {
                preconditionFailure("a complete request no longer parses when cut at its end")
            }
            precondition(consumedAgain == consumed && again.target == request.target && again.body == request.body,
                         "cutting after the request changed it")
            // What the matcher sees: the path is where the target's path and query start
            // (by code point), whatever the target holds.
            precondition(request.url.unicodeScalars.starts(with: request.path.unicodeScalars), "path \(request.path) does not start \(request.url)")
            precondition(!request.url.unicodeScalars.contains("#"), "a fragment was left in \(request.url)")
            _ = request.queryValue("a")
            _ = request.cookieValues("a")
            offset += consumed
            requests += 1
        case .failure(let error):
            precondition([400, 408, 413, 414, 431, 501, 505].contains(error.status), "unexpected status \(error.status)")
            return 0
        case .incomplete, .awaitingBody:
            return 0
        }
    }
    return 0
}
