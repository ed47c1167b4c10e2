/// The outcome of one ``HTTPRequestParser/parse(_:)`` call.
enum HTTPParseResult: Sendable {
    /// More bytes are needed; nothing was consumed.
    case incomplete
    /// The head is complete and valid but the body is still arriving. `expectsContinue`: the
    /// client sent `Expect: 100-continue` and waits for `100 Continue` before sending it.
    case awaitingBody(expectsContinue: Bool)
    /// One whole request, taking the first `consumed` bytes of the buffer.
    case complete(MockRequest, consumed: Int)
    /// The bytes are not a valid request (or exceed a limit); answer `error.status` and close.
    case failure(HTTPParseError)
}
