import EnvelopeMock

/// The mock server for an app's own test suite: serves a `Mocks/` folder (or mappings built in
/// code) on a free loopback port in the test process, and stops when released.
///
/// ```swift
/// let server = try InProcessMockServer(mocksDirectory: "Mocks")
/// let url = server.baseURL + "/COMM/A202100004"
/// ```
public final class InProcessMockServer: Sendable {
    private let server: MockServer

    /// Starts serving the mappings of a mocks folder (holding `mappings/` and `__files/`).
    public convenience init(mocksDirectory: String) throws {
        try self.init(mappings: MockMappings.load(directory: mocksDirectory))
    }

    /// Starts serving `mappings`.
    public init(mappings: MockMappings) throws {
        server = MockServer(mappings: mappings, host: "127.0.0.1", port: 0)
        try server.start()
    }

    deinit {
        server.stop()
    }

    /// `http://127.0.0.1:PORT`, without a trailing slash.
    public var baseURL: String { server.baseURL }

    /// The port the server listens on.
    public var port: UInt16 { server.port }

    /// Stops the server now (in-flight answers finish); also happens on release.
    public func stop() {
        server.stop()
    }
}
