import CCurl

/// A blocking HTTP client on one libcurl easy handle.
///
/// The handle is reused for every request, so libcurl keeps connections (and DNS and TLS
/// sessions) alive between requests to the same server.
///
/// Not `Sendable`: one easy handle may only be used by one thread at a time, and `send` blocks
/// that thread until the response is in. Code that needs requests in parallel uses
/// `HTTPMultiClient`, or creates one client per thread; clients share nothing.
public final class HTTPClient {
    /// The transfer object that owns the easy handle, or why libcurl could not give one.
    private let transfer: Result<EasyTransfer, TransportError>

    /// Creates a client with its own easy handle. Never fails: if libcurl cannot be set up,
    /// every `send` throws `TransportError.setupFailed` explaining why.
    public init() {
        transfer = EasyTransfer.make()
    }

    /// Sends `request` and waits for the complete response.
    ///
    /// Any HTTP status is a response; only a failure to get one (refused, timed out, TLS,
    /// unparseable reply, too large, invalid request) throws.
    public func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
        let easy = try transfer.get()
        try easy.prepare(request)
        return try easy.finish(envelope_curl_easy_perform(easy.handle)).get()
    }
}

/// An easy handle must not be used from two threads at once, so the client is deliberately
/// not Sendable; this makes the compiler say so instead of inferring anything.
@available(*, unavailable)
extension HTTPClient: Sendable {}
