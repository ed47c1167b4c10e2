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
/// its own thread, sharing one listening socket: no thread per connection. (An in-process
/// client may run loops on its own threads instead: ``MockServerOptions/loopsDrivenByCaller``.)
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
    // (state, boundPort, listeners, boundLocalSocketPaths, loops, drivers, stopRequested) is read and
    // written only while holding `condition`.
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
    private let listensOnLocalSocket: Bool
    private let localSocketPerLoop: Bool
    private let loopCores: [Int]
    private let loopsDrivenByCaller: Bool

    private let condition = NSCondition()
    private var state = State.idle
    private var boundPort: UInt16 = 0
    private var listeners: [Int32] = []
    /// The Unix sockets listened on: one for every loop, or one that all loops share.
    private var boundLocalSocketPaths: [String] = []
    private var loops: [EventLoop] = []
    /// The loops that run on their callers' threads (``MockServerOptions/loopsDrivenByCaller``),
    /// by socket; not in `loops`.
    private var drivers: [MockLoopDriver] = []
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
            ? AdminAPI(store: store, journal: journal, bodyFiles: options.bodyFiles ?? .none) : nil
        self.store = store
        self.journal = journal
        self.responder = StubResponder(store: store, journal: journal, admin: admin, log: log)
        self.workerCount = max(1, options.workers ?? Self.defaultWorkers)
        self.usePoll = usePoll
        self.drainTimeout = options.drainTimeout
        self.idleTimeout = options.idleTimeout
        self.headTimeout = options.headTimeout
        self.parser = HTTPRequestParser(maxBodyBytes: max(0, options.maxBodyBytes))
        self.listensOnLocalSocket = options.listensOnLocalSocket
        self.localSocketPerLoop = options.localSocketPerLoop
        self.loopCores = options.loopCores ?? []
        self.loopsDrivenByCaller = options.loopsDrivenByCaller
    }

    /// Event loops when none are asked for: half the cores, at least 1 and at most 4. A mock
    /// server shares its machine with the clients it serves (the app's tests, or `envelope
    /// check` in the same process); measured on 2 cores with wrk alongside, one loop gave
    /// nginx-like tail latency where two loops gave 10–15% more requests per second but a
    /// p99 half again as long (Benchmarks/RESULTS.md).
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

    /// The Unix socket's path while the server listens on one
    /// (``MockServerOptions/listensOnLocalSocket``), else `nil`. A client connects to it with
    /// ``baseURL`` as the URL (libcurl: `CURLOPT_UNIX_SOCKET_PATH`, ``HTTPRequest/localSocketPath``).
    public var localSocketPath: String? {
        condition.lock()
        defer { condition.unlock() }
        return boundLocalSocketPaths.first
    }

    /// Every Unix socket the server listens on, by event loop when each has its own
    /// (``MockServerOptions/localSocketPerLoop``); empty when it listens on none.
    public var localSocketPaths: [String] {
        condition.lock()
        defer { condition.unlock() }
        return boundLocalSocketPaths
    }

    /// The event loops that run on their callers' threads, one for each of
    /// ``localSocketPaths``, in that order (``MockServerOptions/loopsDrivenByCaller``); empty
    /// when every loop has a thread of its own.
    public var loopDrivers: [MockLoopDriver] {
        condition.lock()
        defer { condition.unlock() }
        return drivers
    }

    /// Whether the pollers here can be driven from another poll (epoll can; poll cannot).
    static var pollersHaveDescriptors: Bool {
        #if os(Linux)
        true
        #else
        false
        #endif
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
        let listener: Int32
        #if os(Linux)
        // One listening socket per event loop (SO_REUSEPORT): the kernel spreads connections
        // evenly, where one shared socket lets whichever loop wakes first take a whole burst.
        let spread = workerCount > 1
        #else
        let spread = false  // Darwin's SO_REUSEPORT does not balance; the loops share one socket.
        #endif
        var port = requestedPort
        if spread {
            // SO_REUSEPORT would let this server silently share a port with another one that
            // also sets it. Claim the port alone first (a free one for port 0): that fails
            // with EADDRINUSE if anything listens there; then release it for the loops.
            switch Socket.listen(address: address, port: requestedPort, backlog: 1) {
            case .failure(let failure):
                if failure.operation == "bind", failure.code == EADDRINUSE { throw .addressInUse(host: host, port: requestedPort) }
            case .success(let (probe, probePort)):
                port = probePort
                _ = systemClose(probe)
            }
        }
        switch Socket.listen(address: address, port: port, backlog: 4096, reusePort: spread) {
        case .failure(let failure):
            if failure.operation == "bind" {
                if failure.code == EADDRINUSE { throw .addressInUse(host: host, port: requestedPort) }
                throw .bindFailed(host: host, port: requestedPort, code: failure.code, reason: failure.message)
            }
            throw .systemCallFailed(operation: failure.operation, code: failure.code, reason: failure.message)
        case .success(let (fd, port)):
            listener = fd
            boundPort = port
        }
        var listeners = [listener]
        var shared: [Int32] = []
        if listensOnLocalSocket, !localSocketPerLoop, let socket = Self.makeLocalSockets(count: 1)?.first {
            shared.append(socket.fd)
            listeners.append(socket.fd)
            boundLocalSocketPaths = [socket.path]
        }
        // Each loop's own socket, for all loops or none: a client that picks a loop by its
        // socket needs one for every loop (without them it is served over TCP).
        var perLoop: [Int32] = []
        if listensOnLocalSocket, localSocketPerLoop, let made = Self.makeLocalSockets(count: workerCount) {
            perLoop = made.map(\.fd)
            listeners += perLoop
            boundLocalSocketPaths = made.map(\.path)
        }
        var loops: [EventLoop] = []
        var drivers: [MockLoopDriver] = []
        /// Stops what was started and closes what was opened, for a loop that could not be made.
        func abandon() -> MockServerError {
            let code = errno
            for loop in loops {
                loop.requestStop()
                loop.finished.wait()
            }
            for driver in drivers { driver.loop.endDriven() }
            for fd in listeners { _ = systemClose(fd) }
            boundPort = 0
            Self.removeLocalSockets(at: boundLocalSocketPaths)
            boundLocalSocketPaths = []
            return .systemCallFailed(operation: "creating an event loop", code: code, reason: String(cString: strerror(code)))
        }
        // Loops driven by their callers serve their own sockets and nothing else (a caller
        // stops turning its loop when it is done with it); one loop on a thread serves TCP.
        let driven = loopsDrivenByCaller && !perLoop.isEmpty && !usePoll && Self.pollersHaveDescriptors
        if driven {
            for (fd, path) in zip(perLoop, boundLocalSocketPaths) {
                guard let loop = EventLoop(listeners: [fd], responder: responder, parser: parser, usePoll: usePoll,
                                           drainTimeout: drainTimeout, idleTimeout: idleTimeout, headTimeout: headTimeout)
                else { throw abandon() }
                guard let descriptor = loop.readinessDescriptor else {
                    loop.endDriven()
                    throw abandon()
                }
                loop.beginDriven()
                drivers.append(MockLoopDriver(loop: loop, readinessDescriptor: descriptor, localSocketPath: path))
            }
        }
        for index in 0..<(driven ? 1 : workerCount) {
            var loopListener = listener
            if spread, index > 0, case .success(let (fd, _)) = Socket.listen(address: address, port: boundPort, backlog: 4096, reusePort: true) {
                loopListener = fd
                listeners.append(fd)
            }
            let own = perLoop.isEmpty || driven ? [] : [perLoop[index]]
            guard let loop = EventLoop(listeners: [loopListener] + shared + own, responder: responder, parser: parser, usePoll: usePoll,
                                       drainTimeout: drainTimeout, idleTimeout: idleTimeout, headTimeout: headTimeout)
            else { throw abandon() }
            loops.append(loop)
            let core = loopCores.isEmpty || driven ? nil : loopCores[index % loopCores.count]
            Thread.start(named: "envelope-mock-\(loops.count)") {
                if let core { ThreadAffinity.keepOn(core: core) }
                loop.run()
            }
        }
        self.drivers = drivers
        self.listeners = listeners
        self.loops = loops
        state = .running
    }

    /// `count` listening Unix sockets in one new private folder of `base` (the temporary
    /// directory), or `nil` when they cannot all be made (nothing is left behind; the caller
    /// then serves over TCP alone). One folder for them all: making a folder is the costly
    /// part (ext4 searches for an inode it has not freed lately: about 0.2 ms each, for a
    /// folder made and removed on every run).
    static func makeLocalSockets(count: Int, in base: String = FileManager.default.temporaryDirectory.path) -> [(fd: Int32, path: String)]? {
        guard count > 0 else { return [] }
        var base = base
        while base.count > 1, base.hasSuffix("/") { base.removeLast() }
        var template = Array("\(base)/envelope-mock-XXXXXX".utf8CString)
        // mkdtemp makes the folder readable by this user alone, so no one else can reach the sockets.
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { return nil }
        let folder = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var made: [(fd: Int32, path: String)] = []
        for index in 0..<count {
            let path = folder + (count == 1 ? "/http.sock" : "/http-\(index + 1).sock")
            guard case .success(let fd) = Socket.listenLocal(path: path, backlog: 4096) else {
                for socket in made {
                    _ = systemClose(socket.fd)
                    _ = unlink(socket.path)
                }
                _ = rmdir(folder)
                return nil
            }
            made.append((fd, path))
        }
        return made
    }

    /// Removes the socket files and the private folder they are in.
    static func removeLocalSockets(at paths: [String]) {
        for path in paths { _ = unlink(path) }
        var folders: [String] = []
        for path in paths {
            guard let slash = path.lastIndex(of: "/") else { continue }
            let folder = String(path[..<slash])
            if !folders.contains(folder) { folders.append(folder) }
        }
        for folder in folders { _ = rmdir(folder) }
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
        // Driven loops are ended by stop(), on the caller's thread.
        for loop in loops { loop.requestStop() }
    }

    /// Stops accepting, lets answers in flight finish (at most 10 seconds), closes every
    /// connection and the listening socket. Safe to call more than once and from any thread
    /// except the server's own (the `log` callback). Loops driven by callers
    /// (``loopDrivers``) are ended on this thread, at once: call it only once every driver
    /// has stopped turning its loop.
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
        let drivers = self.drivers
        let listeners = self.listeners
        let localSocketPaths = boundLocalSocketPaths
        let alreadyAsked = stopRequested
        stopRequested = true
        condition.unlock()

        if !alreadyAsked { for loop in loops { loop.requestStop() } }
        for loop in loops { loop.finished.wait() }
        for driver in drivers { driver.loop.endDriven() }
        for fd in listeners { _ = systemClose(fd) }
        Self.removeLocalSockets(at: localSocketPaths)

        condition.lock()
        self.loops = []
        self.drivers = []
        self.listeners = []
        boundLocalSocketPaths = []
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
