import EnvelopeCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An HTTP/1.1 server that answers requests from stub mappings.
///
/// Non-blocking sockets served by a few event loops (epoll on Linux, poll elsewhere), each on
/// its own thread: no thread per connection.
/// Keep-alive, pipelining, HEAD, `Expect: 100-continue`, chunked request bodies and response
/// delays are handled; malformed requests get 400 (431 for a head over 16 KB, 413 for a body
/// over the limit, 408 for a head that arrives too slowly) and the connection closes.
/// Connections quiet for 60 seconds are closed. `/__admin` serves WireMock's admin API
/// (``AdminAPI``).
///
/// ```swift
/// let server = MockServer(mappings: try MockMappings.load(directory: "Mocks"), port: 0)
/// try server.start()
/// print(server.baseURL)   // http://127.0.0.1:PORT
/// server.stop()
/// ```
public final class MockServer: @unchecked Sendable {
    // `@unchecked Sendable` is sound: the `let`s are immutable Sendable values, and every `var`
    // (state, boundPort, listeners, loops, stopRequested) is read and written only while
    // holding `condition`.
    // The event loops receive their own data when started and share only Sendable values.

    public let host: String
    private let requestedPort: UInt16
    private let store: MockStore
    private let journal: RequestJournal
    private let responder: StubResponder
    private let workerCount: Int
    private let usePoll: Bool
    private let drainTimeout: Double
    private let idleTimeout: Double
    private let headTimeout: Double
    private let parser: HTTPRequestParser

    private let condition = NSCondition()
    private var state = State.idle
    private var boundPort: UInt16 = 0
    private var listeners: [Int32] = []
    private var loops: [EventLoop] = []
    /// Whether the loops were already asked to stop (``beginStop()``): a loop that has
    /// stopped has closed its wake-up pipe, whose descriptor may since name another file,
    /// so it is asked once only.
    private var stopRequested = false

    private enum State {
        case idle, running, stopping, stopped
    }

    /// - Parameters:
    ///   - mappings: the stubs to answer from.
    ///   - host: the IP address to listen on (`localhost` means 127.0.0.1).
    ///   - port: the port; 0 picks a free one (read it from ``port`` after ``start()``).
    ///   - workers: the number of event-loop threads (default: ``defaultWorkers``).
    ///   - log: called on a worker thread after each request is matched (keep it quick; never
    ///     call ``stop()`` from it).
    public convenience init(mappings: MockMappings, host: String = "127.0.0.1", port: UInt16 = 8080,
                            workers: Int? = nil, log: (@Sendable (MockRequestRecord) -> Void)? = nil) {
        self.init(mappings: mappings, options: MockServerOptions(host: host, port: port, workers: workers), log: log)
    }

    /// A server with every knob in `options` (limits, timeouts, journal, drift injection).
    public convenience init(mappings: MockMappings, options: MockServerOptions, log: (@Sendable (MockRequestRecord) -> Void)? = nil) {
        self.init(mappings: mappings, options: options, log: log, usePoll: false)
    }

    /// The designated initializer; `usePoll` lets tests exercise poll(2) instead of epoll.
    init(mappings: MockMappings, options: MockServerOptions, log: (@Sendable (MockRequestRecord) -> Void)?, usePoll: Bool) {
        self.host = options.host
        self.requestedPort = options.port
        let store = MockStore(stubs: mappings.stubs, injections: options.injections)
        let journal = RequestJournal(capacity: options.journalCapacity)
        let admin = options.adminEnabled
            ? AdminAPI(store: store, journal: journal, bodyFiles: options.bodyFiles ?? .none, mappingFiles: options.mappingFiles,
                       recorder: options.forwarding == nil ? nil : options.recorder,
                       globalTemplating: options.globalResponseTemplating) : nil
        self.store = store
        self.journal = journal
        self.responder = StubResponder(store: store, journal: journal, admin: admin, log: log, forwarding: options.forwarding,
                                       templating: TemplateRenderContext(environment: options.templateEnvironment,
                                                                         bodyFiles: options.bodyFiles ?? .none, files: TemplateFiles()))
        self.workerCount = max(1, options.workers ?? Self.defaultWorkers)
        self.usePoll = usePoll
        self.drainTimeout = options.drainTimeout
        self.idleTimeout = options.idleTimeout
        self.headTimeout = options.headTimeout
        self.parser = HTTPRequestParser(maxBodyBytes: max(0, options.maxBodyBytes))
    }

    /// Event loops when none are asked for: half the cores, at least 1 and at most 4. A mock
    /// server shares its machine with the clients it serves (the app's tests, or `envelope
    /// check` in the same process), so it leaves them the other half.
    public static var defaultWorkers: Int {
        max(1, min(4, ProcessInfo.processInfo.activeProcessorCount / 2))
    }

    /// Replaces the stubs that came from files (`serve --watch` calls this after a reload).
    /// Stubs added through the admin API stay; requests already being answered are not affected.
    public func replaceMappings(_ mappings: MockMappings) {
        store.replaceFileStubs(mappings.stubs)
    }

    /// The stubs in force now, in the order they are tried.
    public var currentStubs: [StubMapping] {
        let matcher = store.snapshot().matcher
        return matcher.ranked.map { matcher.stubs[$0] }
    }

    /// The request journal, newest first.
    public var journalEntries: [JournalEntry] {
        journal.all()
    }

    deinit {
        stop()
    }

    /// The port the server listens on (after ``start()``; before it, the requested port).
    public var port: UInt16 {
        condition.lock()
        defer { condition.unlock() }
        return boundPort != 0 ? boundPort : requestedPort
    }

    /// `http://HOST:PORT`, with the wildcard addresses replaced by loopback so it can be fetched.
    public var baseURL: String {
        var urlHost = host == "localhost" ? "127.0.0.1" : host
        if urlHost == "0.0.0.0" { urlHost = "127.0.0.1" }
        if urlHost == "::" || urlHost == "[::]" { urlHost = "::1" }
        if urlHost.contains(":"), !urlHost.hasPrefix("[") { urlHost = "[\(urlHost)]" }
        return "http://\(urlHost):\(port)"
    }

    /// Binds, listens and starts the event loops. Returns once the port accepts connections.
    public func start() throws(MockServerError) {
        condition.lock()
        defer { condition.unlock() }
        guard state == .idle else { throw .alreadyStarted }
        guard let address = Socket.Address(host: host) else { throw .invalidHost(host) }
        #if os(Linux)
        // One listening socket per event loop (SO_REUSEPORT): the kernel spreads connections
        // evenly, where one shared socket lets whichever loop wakes first take a whole burst.
        let spread = workerCount > 1
        #else
        let spread = false  // Darwin's SO_REUSEPORT does not balance; the loops share one socket.
        #endif
        let port = try claimPort(address: address, spread: spread)
        var listeners: [Int32] = []
        var loops: [EventLoop] = []
        /// Stops what was started and closes what was opened, for a loop that could not be made.
        func abandon(_ error: MockServerError) -> MockServerError {
            for loop in loops {
                loop.requestStop()
                loop.finished.wait()
            }
            for fd in listeners { _ = systemClose(fd) }
            return error
        }
        for index in 0..<workerCount {
            let listener: Int32
            if index > 0, !spread {
                listener = listeners[0]  // Without SO_REUSEPORT the loops share one socket.
            } else {
                switch Socket.listen(address: address, port: port, backlog: 4096, reusePort: spread) {
                case .success(let (fd, bound)):
                    listener = fd
                    listeners.append(fd)
                    if index == 0 { boundPort = bound }
                case .failure(let failure):
                    guard index > 0 else { throw abandon(Self.error(for: failure, host: host, port: requestedPort)) }
                    listener = listeners[0]  // A further loop that cannot have its own socket shares the first.
                }
            }
            guard let loop = EventLoop(listeners: [listener], responder: responder, parser: parser, usePoll: usePoll,
                                       drainTimeout: drainTimeout, idleTimeout: idleTimeout, headTimeout: headTimeout)
            else {
                let code = errno
                boundPort = 0
                throw abandon(.systemCallFailed(operation: "creating an event loop", code: code, reason: String(cString: strerror(code))))
            }
            loops.append(loop)
            let thread = Thread { loop.run() }
            thread.name = "envelope-mock-\(loops.count)"
            thread.start()
        }
        self.listeners = listeners
        self.loops = loops
        state = .running
    }

    /// The port to listen on: the requested one, or a free one for port 0. With SO_REUSEPORT
    /// the server could silently share a port with another that also sets it, so the port is
    /// first claimed alone (that fails with EADDRINUSE if anything listens there) and released.
    private func claimPort(address: Socket.Address, spread: Bool) throws(MockServerError) -> UInt16 {
        guard spread else { return requestedPort }
        switch Socket.listen(address: address, port: requestedPort, backlog: 1) {
        case .failure(let failure):
            throw Self.error(for: failure, host: host, port: requestedPort)
        case .success(let (probe, probePort)):
            _ = systemClose(probe)
            return probePort
        }
    }

    /// The server error for a socket call that failed while binding `host:port`.
    private static func error(for failure: SocketFailure, host: String, port: UInt16) -> MockServerError {
        guard failure.operation == "bind" else {
            return .systemCallFailed(operation: failure.operation, code: failure.code, reason: failure.message)
        }
        if failure.code == EADDRINUSE { return .addressInUse(host: host, port: port) }
        return .bindFailed(host: host, port: port, code: failure.code, reason: failure.message)
    }

    /// Asks a running server to stop accepting and to close its connections once their
    /// answers are out, without waiting: a caller that has had every answer it wants lets the
    /// server wind down on its own thread while it goes on, and ``stop()`` later waits for
    /// what is left. Any thread.
    public func beginStop() {
        condition.lock()
        guard state == .running, !stopRequested else {
            condition.unlock()
            return
        }
        stopRequested = true
        let loops = self.loops
        condition.unlock()
        for loop in loops { loop.requestStop() }
    }

    /// Stops accepting, lets answers in flight finish (at most 10 seconds), closes every
    /// connection and the listening socket. Safe to call more than once and from any thread
    /// except the server's own (the `log` callback).
    public func stop() {
        condition.lock()
        switch state {
        case .idle:
            state = .stopped
            condition.broadcast()
            condition.unlock()
            return
        case .stopped:
            condition.unlock()
            return
        case .stopping:
            while state != .stopped { condition.wait() }
            condition.unlock()
            return
        case .running:
            state = .stopping
        }
        let loops = self.loops
        let listeners = self.listeners
        let alreadyAsked = stopRequested
        stopRequested = true
        condition.unlock()

        if !alreadyAsked { for loop in loops { loop.requestStop() } }
        for loop in loops { loop.finished.wait() }
        for fd in listeners { _ = systemClose(fd) }

        condition.lock()
        self.loops = []
        self.listeners = []
        state = .stopped
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks until the server is stopped (by ``stop()`` on another thread). Returns at once
    /// if it was never started.
    public func wait() {
        condition.lock()
        while state == .running || state == .stopping { condition.wait() }
        condition.unlock()
    }

    /// Whether the server is accepting connections.
    public var isRunning: Bool {
        condition.lock()
        defer { condition.unlock() }
        return state == .running
    }
}

@inline(__always)
private func systemClose(_ fd: Int32) -> Int32 {
    close(fd)
}
