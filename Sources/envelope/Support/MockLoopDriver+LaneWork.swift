import EnvelopeHTTP
import EnvelopeMock

/// A mock event loop that a transfer lane runs between libcurl's steps (`check` against the
/// in-process mock). The conformance lives here, where both modules meet: the mock server
/// knows nothing of the HTTP client, nor the client of the mock.
extension MockLoopDriver: LaneWork {}
