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
/// its own thread, sharing one listening socket: no thread per connection. Keep-alive,
/// pipelining, HEAD, `Expect: 100-continue`, chunked request bodies and response delays are
/// handled; malformed requests get 400 (431 for a head over 16 KB) and the connection closes.
/// Connections quiet for 60 seconds are closed.
///
/// ```swift
/// let server = MockServer(mappings: try MockMappings.load(directory: "Mocks"), port: 0)
/// try server.start()
/// print(server.baseURL)   // http://127.0.0.1:PORT
/// server.stop()
/// ```
public final class MockServer: @unchecked Sendable {
    // `@unchecked Sendable` is sound: the `let`s are immutable Sendable values, and every `var`
    // (state, boundPort, listener, loops) is read and written only while holding `condition`.
    // The event loops receive their own data when started and share only Sendable values.

    public let host: String
    private let requestedPort: UInt16
    private let responder: StubResponder
    private let workerCount: Int
    private let usePoll: Bool
    private let drainTimeout: Double
    private let idleTimeout: Double
    private let parser: HTTPRequestParser

    private let condition = NSCondition()
    private var state = State.idle
    private var boundPort: UInt16 = 0
    private var listener: Int32 = -1
    private var loops: [EventLoop] = []

    private enum State {
        case idle, running, stopping, stopped
    }

    /// - Parameters:
    ///   - mappings: the stubs to answer from.
    ///   - host: the IP address to listen on (`localhost` means 127.0.0.1).
    ///   - port: the port; 0 picks a free one (read it from ``port`` after ``start()``).
    ///   - workers: the number of event-loop threads (default: 2, or 1 on a single core).
    ///   - log: called on a worker thread after each request is matched (keep it quick; never
    ///     call ``stop()`` from it).
    public convenience init(mappings: MockMappings, host: String = "127.0.0.1", port: UInt16 = 8080,
                            workers: Int? = nil, log: (@Sendable (MockRequestRecord) -> Void)? = nil) {
        self.init(mappings: mappings, host: host, port: port, workers: workers, log: log,
                  parser: HTTPRequestParser(), usePoll: false, drainTimeout: 10, idleTimeout: 60)
    }

    /// The designated initializer, with knobs for tests (poll instead of epoll, limits).
    init(mappings: MockMappings, host: String, port: UInt16, workers: Int?, log: (@Sendable (MockRequestRecord) -> Void)?,
         parser: HTTPRequestParser, usePoll: Bool, drainTimeout: Double, idleTimeout: Double = 60) {
        self.host = host
        self.requestedPort = port
        self.responder = StubResponder(mappings: mappings, log: log)
        self.workerCount = max(1, workers ?? min(2, ProcessInfo.processInfo.activeProcessorCount))
        self.usePoll = usePoll
        self.drainTimeout = drainTimeout
        self.idleTimeout = idleTimeout
        self.parser = parser
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
        let listener: Int32
        switch Socket.listen(address: address, port: requestedPort, backlog: 4096) {
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
        var loops: [EventLoop] = []
        for _ in 0..<workerCount {
            guard let loop = EventLoop(listener: listener, responder: responder, parser: parser, usePoll: usePoll,
                                       drainTimeout: drainTimeout, idleTimeout: idleTimeout)
            else {
                let code = errno
                for loop in loops {
                    loop.requestStop()
                    loop.finished.wait()
                }
                _ = systemClose(listener)
                boundPort = 0
                throw .systemCallFailed(operation: "creating an event loop", code: code, reason: String(cString: strerror(code)))
            }
            loops.append(loop)
            let thread = Thread { loop.run() }
            thread.name = "envelope-mock-\(loops.count)"
            thread.start()
        }
        self.listener = listener
        self.loops = loops
        state = .running
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
        let listener = self.listener
        condition.unlock()

        for loop in loops { loop.requestStop() }
        for loop in loops { loop.finished.wait() }
        _ = systemClose(listener)

        condition.lock()
        self.loops = []
        self.listener = -1
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
