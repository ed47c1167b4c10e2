/// Where the time of one request went: seconds from the start of the request until each phase
/// ended, as the HTTP client measured them (`dns <= connect <= tls <= firstByte <= total`).
///
/// Core's own copy of the client's timings, because Core does no I/O and depends on no client.
public struct RequestTimings: Sendable, Hashable {
    /// Until the host name was resolved (0 for a reused connection).
    public var dns: Double
    /// Until the TCP connection was established.
    public var connect: Double
    /// Until the TLS handshake finished; 0 for plain HTTP.
    public var tls: Double
    /// Until the first byte of the answer arrived.
    public var firstByte: Double
    /// Until the whole answer was in.
    public var total: Double

    /// Creates timings.
    public init(dns: Double = 0, connect: Double = 0, tls: Double = 0, firstByte: Double = 0, total: Double = 0) {
        self.dns = dns
        self.connect = connect
        self.tls = tls
        self.firstByte = firstByte
        self.total = total
    }
}
