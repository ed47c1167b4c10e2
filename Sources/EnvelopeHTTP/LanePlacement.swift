/// Where one lane of ``HTTPMultiClient/run(_:lanes:maxConcurrent:retry:placement:completed:)``
/// runs, and which server socket its requests go through.
///
/// `check` pairs each lane with an event loop of its in-process mock: the lane's requests go
/// to that loop's own Unix socket and both threads stay on one core, so handing a request
/// over and the answer back never wakes the other core.
public struct LanePlacement: Sendable, Equatable {
    /// The core the lane's thread is kept on; nil leaves it to the scheduler.
    public var core: Int?
    /// The Unix socket that the lane's requests go through, for those that go through one
    /// (``HTTPRequest/localSocketPath`` set); nil keeps each request's own.
    public var localSocketPath: String?

    /// A placement on `core`, through `localSocketPath`.
    public init(core: Int? = nil, localSocketPath: String? = nil) {
        self.core = core
        self.localSocketPath = localSocketPath
    }

    /// `request` as this lane sends it.
    func placing(_ request: HTTPRequest) -> HTTPRequest {
        guard let localSocketPath, request.localSocketPath != nil else { return request }
        var placed = request
        placed.localSocketPath = localSocketPath
        return placed
    }
}
