import EnvelopeHTTP
import EnvelopeMock

/// The libcurl client's window is what the mock server's event loop tells as it sends a
/// streamed answer on: `sent(bytes:)` and `cancel()` are the same calls on both sides.
extension HTTPStreamWindow: UpstreamStreamControl {}
