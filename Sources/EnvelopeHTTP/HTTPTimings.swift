/// Where the time of one request went, as libcurl measures it.
///
/// Each value is seconds from the start of the request until that phase ended, so they grow
/// in order (`dns <= connect <= tls <= firstByte <= total`); subtract neighbours for the length
/// of a phase. A phase that did not happen (TLS on plain HTTP, DNS for a reused connection)
/// reads 0.
public struct HTTPTimings: Hashable, Sendable {
    /// Until the host name was resolved.
    public var dns: Double
    /// Until the TCP connection was established.
    public var connect: Double
    /// Until the TLS handshake finished; 0 for plain HTTP.
    public var tls: Double
    /// Until the first response byte arrived (time to first byte).
    public var firstByte: Double
    /// Until the whole response was received.
    public var total: Double

    /// Creates timings from seconds measured since the start of the request.
    public init(dns: Double = 0, connect: Double = 0, tls: Double = 0, firstByte: Double = 0, total: Double = 0) {
        self.dns = dns
        self.connect = connect
        self.tls = tls
        self.firstByte = firstByte
        self.total = total
    }
}
