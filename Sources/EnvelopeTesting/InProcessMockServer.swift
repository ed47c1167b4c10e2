import EnvelopeMock
import Foundation

/// The mock server for an app's own test suite: serves a `Mocks/` folder (or mappings built in
/// code) on a free loopback port in the test process, keeps a journal of the requests it
/// answered for assertions, and stops when released. Works the same under Swift Testing and
/// XCTest.
///
/// ```swift
/// let server = try InProcessMockServer(mocksDirectory: "Mocks")
/// let url = server.baseURL + "/COMM/A202100004"
/// // ... run the code under test against `url` ...
/// #expect(server.requests.map(\.target) == ["/COMM/A202100004"])
/// ```
public final class InProcessMockServer: Sendable {
    private let server: MockServer
    private let log: RequestLog

    /// Starts serving the mappings of a mocks folder (holding `mappings/` and `__files/`).
    public convenience init(mocksDirectory: String) throws {
        try self.init(mappings: MockMappings.load(directory: mocksDirectory), bodyFiles: MockMappings.bodyFiles(of: mocksDirectory))
    }

    /// Starts serving stubs built in code (see ``StubMapping/json(_:method:status:body:headers:)``).
    public convenience init(stubs: [StubMapping]) throws {
        try self.init(mappings: MockMappings(stubs: stubs))
    }

    /// Starts serving `mappings`.
    public convenience init(mappings: MockMappings) throws {
        try self.init(mappings: mappings, bodyFiles: .none)
    }

    /// Starts serving `mappings`; stubs added through the admin API read their
    /// `bodyFileName` from `bodyFiles`.
    init(mappings: MockMappings, bodyFiles: BodyFiles) throws {
        let log = RequestLog()
        self.log = log
        var options = MockServerOptions(host: "127.0.0.1", port: 0)
        options.bodyFiles = bodyFiles
        server = MockServer(mappings: mappings, options: options, log: { record in log.append(record) })
        try server.start()
    }

    deinit {
        server.stop()
    }

    /// `http://127.0.0.1:PORT`, without a trailing slash.
    public var baseURL: String { server.baseURL }

    /// The port the server listens on.
    public var port: UInt16 { server.port }

    /// Every request answered so far, oldest first: method, target (path and query), status,
    /// and the stub that answered (nil for an unmatched request, which got a 404).
    public var requests: [MockRequestRecord] { log.all() }

    /// The requests whose path (the target without its query) is `path`.
    public func requests(path: String) -> [MockRequestRecord] {
        // Split as the server splits the target when it matches.
        log.all().filter { MockRequest(method: $0.method, target: $0.target).path == path }
    }

    /// The requests no stub matched, with why (for a failing test's message).
    public var unmatchedRequests: [MockRequestRecord] { log.all().filter { $0.stub == nil } }

    /// The server's own journal, oldest first, with each request's headers and body.
    public var journal: [JournalEntry] { server.journalEntries.reversed() }

    /// Forgets the requests logged so far (between the steps of one test).
    public func resetRequests() {
        log.reset()
    }

    /// Stops the server now (in-flight answers finish); also happens on release.
    public func stop() {
        server.stop()
    }
}

/// The requests the server logged, appended from its worker threads and read from the test.
final class RequestLog: @unchecked Sendable {
    // `@unchecked Sendable` is sound: `records` is only read or written while holding `lock`.
    private let lock = NSLock()
    private var records: [MockRequestRecord] = []

    func append(_ record: MockRequestRecord) {
        lock.lock()
        defer { lock.unlock() }
        records.append(record)
    }

    func all() -> [MockRequestRecord] {
        lock.lock()
        defer { lock.unlock() }
        return records
    }

    func reset() {
        lock.lock()
        defer { lock.unlock() }
        records.removeAll()
    }
}
