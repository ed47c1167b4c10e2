/// How a ``MockServer`` listens, what it accepts and what it adds to the stubs.
public struct MockServerOptions: Sendable {
    /// The IP address to listen on (`localhost` means 127.0.0.1).
    public var host: String
    /// The port; 0 picks a free one.
    public var port: UInt16
    /// Event-loop threads (default: ``MockServer/defaultWorkers``, half the cores).
    public var workers: Int?
    /// The largest request body accepted; larger ones get 413.
    public var maxBodyBytes: Int
    /// Seconds a client may take to send a request head before it gets 408 and is closed.
    public var headTimeout: Double
    /// Seconds a quiet connection stays open.
    public var idleTimeout: Double
    /// Seconds in-flight answers get to finish after ``MockServer/stop()``.
    public var drainTimeout: Double
    /// How many requests the journal keeps (the oldest go first); 0 turns the journal off.
    public var journalCapacity: Int
    /// Drift for every JSON answer, after each stub's own.
    public var injections: [DriftInjection]
    /// The `__files/` folder for stubs added through the admin API with a `bodyFileName`.
    package var bodyFiles: BodyFiles?
    /// Whether `/__admin/...` is served (otherwise such requests are matched like any other).
    public var adminEnabled: Bool
    /// Whether to listen on a Unix socket as well, for a client on this machine that can skip
    /// TCP. The socket lives in a private folder of the temporary directory and is removed by
    /// ``MockServer/stop()``; ``MockServer/localSocketPath`` gives it once started (`nil` if
    /// it could not be made, e.g. a temporary directory path too long for a socket address).
    public var listensOnLocalSocket: Bool
    /// With ``listensOnLocalSocket``: a Unix socket of its own for each event loop
    /// (``MockServer/localSocketPaths``, by loop), so that a client picks the loop that serves
    /// it, rather than one socket that every loop takes connections from.
    public var localSocketPerLoop: Bool
    /// The core each event loop runs on, by loop (the list repeats for more loops); nil or
    /// empty leaves them to the scheduler. A client thread kept on the same core as the loop
    /// it talks to hands requests over without waking another core (see `ThreadAffinity`).
    public var loopCores: [Int]?
    /// With ``localSocketPerLoop``: the loops with their own sockets get no thread; their
    /// callers run them turn by turn (``MockServer/loopDrivers``), and one loop on a thread
    /// serves TCP. A client that turns the loop it sends to between its own steps hands each
    /// request over, and gets its answer, without a switch between threads. Ignored where the
    /// loops cannot be driven (without epoll).
    public var loopsDrivenByCaller: Bool

    /// Options with the defaults of `envelope serve`, changed where given.
    public init(host: String = "127.0.0.1", port: UInt16 = 8080, workers: Int? = nil, maxBodyBytes: Int = 16 * 1024 * 1024,
                headTimeout: Double = 10, idleTimeout: Double = 60, drainTimeout: Double = 10, journalCapacity: Int = 10_000,
                injections: [DriftInjection] = [], adminEnabled: Bool = true,
                listensOnLocalSocket: Bool = false, localSocketPerLoop: Bool = false, loopCores: [Int]? = nil,
                loopsDrivenByCaller: Bool = false) {
        self.host = host
        self.port = port
        self.workers = workers
        self.maxBodyBytes = maxBodyBytes
        self.headTimeout = headTimeout
        self.idleTimeout = idleTimeout
        self.drainTimeout = drainTimeout
        self.journalCapacity = journalCapacity
        self.injections = injections
        self.adminEnabled = adminEnabled
        self.listensOnLocalSocket = listensOnLocalSocket
        self.localSocketPerLoop = localSocketPerLoop
        self.loopCores = loopCores
        self.loopsDrivenByCaller = loopsDrivenByCaller
    }
}
