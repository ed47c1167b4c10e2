/// Where one lane of ``HTTPMultiClient/run(_:lanes:maxConcurrent:retry:placement:completed:)``
/// runs, and which server socket its requests go through.
///
/// `check` pairs each lane with an event loop of its in-process mock: the lane's requests go
/// to that loop's own Unix socket, and the lane runs the loop itself between libcurl's steps
/// (``work``), on one core, so handing a request over and the answer back never switches
/// threads or wakes the other core.
public struct LanePlacement: Sendable, Equatable {
    /// The core the lane's thread is kept on; nil leaves it to the scheduler.
    public var core: Int?
    /// The Unix socket that the lane's requests go through, for those that go through one
    /// (``HTTPRequest/localSocketPath`` set); nil keeps each request's own.
    public var localSocketPath: String?
    /// Work the lane runs on its thread between libcurl's steps (``LaneWork``), or nil.
    public var work: (any LaneWork)?

    /// A placement on `core`, through `localSocketPath`, running `work`.
    public init(core: Int? = nil, localSocketPath: String? = nil, work: (any LaneWork)? = nil) {
        self.core = core
        self.localSocketPath = localSocketPath
        self.work = work
    }

    /// Equal places: the same core and socket, and the very same work.
    public static func == (a: LanePlacement, b: LanePlacement) -> Bool {
        a.core == b.core && a.localSocketPath == b.localSocketPath && a.work === b.work
    }

    /// `request` as this lane sends it.
    func placing(_ request: HTTPRequest) -> HTTPRequest {
        guard let localSocketPath, request.localSocketPath != nil else { return request }
        var placed = request
        placed.localSocketPath = localSocketPath
        return placed
    }
}
