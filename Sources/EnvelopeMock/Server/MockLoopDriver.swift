/// An event loop of a ``MockServer`` that runs on its caller's thread, a turn at a time,
/// instead of on a thread of its own (``MockServerOptions/loopsDrivenByCaller``).
///
/// A client that sends its requests through the loop's socket (``localSocketPath``) and calls
/// ``runReady()`` between its own steps, polling ``readinessDescriptor`` along with its own
/// sockets when it has nothing else to do, gets each answer without a switch between threads:
/// `check`'s transfer lanes each drive one. One thread at a time may drive a loop, and only
/// until ``MockServer/stop()``.
public final class MockLoopDriver: Sendable {
    let loop: EventLoop
    /// A descriptor that polls readable when the loop has something to do.
    public let readinessDescriptor: Int32
    /// The Unix socket this loop alone serves.
    public let localSocketPath: String

    init(loop: EventLoop, readinessDescriptor: Int32, localSocketPath: String) {
        self.loop = loop
        self.readinessDescriptor = readinessDescriptor
        self.localSocketPath = localSocketPath
    }

    /// Handles what is ready (connections, requests, answers due) without waiting. Returns
    /// whether it did anything, and the milliseconds until the loop next needs a turn even
    /// if ``readinessDescriptor`` stays quiet (a delayed answer, an idle connection to close),
    /// or nil.
    public func runReady() -> (didWork: Bool, nextDeadline: Int32?) {
        loop.runReady()
    }
}
