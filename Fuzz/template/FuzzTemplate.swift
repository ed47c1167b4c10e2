// libFuzzer entry point for the response-template parser and evaluator (EnvelopeMock's
// Templating folder). Built by run.sh from EnvelopeCore's and EnvelopeMock's sources in one
// module, so it fuzzes exactly that code.
//
// Besides "never crash, never read out of bounds" (AddressSanitizer), it checks the parser's
// promise that an error's offset lies inside the text, and renders every template that
// compiles against a request whose body is the input itself (so jsonPath, parseJson and the
// string helpers see arbitrary text).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTemplate(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let text = String(decoding: bytes, as: UTF8.self)
    do {
        let template = try CompiledTemplate(text)
        let request = MockRequest(method: "POST", target: "/a/b?x=1&x=2&y=%20", headers: [MockHeader(name: "Host", value: "h:1")], body: bytes)
        let root = TemplateRequestModel.root(for: request, pathTemplate: nil, parameters: .map(TemplateMap([("p", .int(1))])), localPort: nil)
        var evaluator = TemplateEvaluator(root: root, environment: TemplateEnvironment(hostname: "h"))
        _ = template.render(&evaluator)
    } catch {
        precondition(error.offset >= 0 && error.offset <= text.utf8.count, "offset \(error.offset) outside \(text.utf8.count) bytes")
        precondition(!error.reason.isEmpty, "an error without a reason")
    }
    return 0
}
