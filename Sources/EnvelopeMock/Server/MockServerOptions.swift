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
    /// The `mappings/` folder `POST /__admin/mappings/save` writes to; nil refuses to save.
    package var mappingFiles: MappingFiles?
    /// Whether `/__admin/...` is served (otherwise such requests are matched like any other).
    public var adminEnabled: Bool
    /// Where requests are forwarded instead of answered from the stubs (`envelope proxy`);
    /// nil, the default, forwards nothing. `/__admin` is still served when enabled.
    public var forwarding: Forwarding?
    /// What response templates may read of the machine (`envelope serve --allow-env`).
    public var templateEnvironment = TemplateEnvironment(hostname: "localhost")
    /// Whether every stub added through the admin API (`POST` and `PUT /__admin/mappings`,
    /// `mappings/import`, recordings) is a template, as WireMock's `--global-response-templating`
    /// makes them; the caller parses the files' stubs with the same setting
    /// (``MockMappings/parse(_:file:bodyFiles:globalTemplating:)``).
    public var globalResponseTemplating = false
    /// What turns `/__admin/recordings` into mappings; nil, the default, answers them with 501.
    /// Recording needs ``forwarding`` too (the recording's proxy stub forwards).
    public var recorder: (any ExchangeRecorder)?
    /// Options with the defaults of `envelope serve`, changed where given.
    public init(host: String = "127.0.0.1", port: UInt16 = 8080, workers: Int? = nil, maxBodyBytes: Int = 16 * 1024 * 1024,
                headTimeout: Double = 10, idleTimeout: Double = 60, drainTimeout: Double = 10, journalCapacity: Int = 10_000,
                injections: [DriftInjection] = [], adminEnabled: Bool = true) {
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
    }
}
