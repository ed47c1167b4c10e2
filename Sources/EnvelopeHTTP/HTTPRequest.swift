/// Everything needed to send one HTTP request with `HTTPClient` or `HTTPMultiClient`.
public struct HTTPRequest: Hashable, Sendable {
    /// The request method, e.g. `GET`, `HEAD`, `POST`; sent exactly as written.
    public var method: String
    /// The absolute URL, `http://` or `https://` (other schemes are refused by the client).
    public var url: String
    /// Header fields in the order they are sent. A header with an empty value is sent empty;
    /// headers libcurl adds itself (`Host`, `Accept`, `User-Agent`) are replaced by a field of
    /// the same name here.
    public var headers: [HTTPHeader]
    /// The request body. `nil` sends no body; `[]` sends an empty body with `Content-Length: 0`.
    public var body: [UInt8]?
    /// Seconds allowed for name resolution plus connecting (TCP and TLS); `0` means no limit.
    public var connectTimeout: Double
    /// Seconds allowed for the whole request, connecting included; `0` means no limit.
    public var timeout: Double
    /// Whether to follow 3xx redirects; off by default so contracts see the redirect itself.
    public var followRedirects: Bool
    /// The most redirects followed when `followRedirects` is on.
    public var maxRedirects: Int
    /// Whether to verify the server's TLS certificate and host name. On by default; turning it
    /// off is for test servers with self-made certificates only.
    public var verifyTLS: Bool
    /// A PEM file of CA certificates to trust instead of the system's bundle, or `nil`.
    public var caCertificateFile: String?
    /// The most body bytes accepted (after decompression); a larger answer is cut off and the
    /// request fails with `filesize-exceeded`. `0` means no limit.
    public var maxBodyBytes: Int
    /// Whether to keep a transcript of the exchange (headers sent and received on every hop,
    /// libcurl's notes), for `--verbose`; off by default because it costs on every request.
    public var recordsTranscript: Bool = false
    /// Whether to send the request as a reverse proxy forwards one: only ``headers`` (no
    /// `Accept`, `User-Agent`, `Content-Type` or `Accept-Encoding` of libcurl's or Envelope's
    /// own), over HTTP/1.1, and the answer's body kept as sent, compressed or not (its
    /// `Content-Encoding` is not undone). Off by default.
    public var forwardsVerbatim: Bool = false
    /// Whether ``timeout`` bounds the time without a byte coming or going (whole seconds, at
    /// least 1) instead of the whole request: a streamed answer whose reading pauses while its
    /// receiver catches up (``HTTPStreamWindow``) may take any time, but a server that stops
    /// sending still fails with `operation-timedout`. Off by default.
    public var timeoutIsIdle: Bool = false

    /// The default body limit: 64 MiB, far above any JSON answer an app decodes in one go.
    public static let defaultMaxBodyBytes = 64 * 1024 * 1024

    /// Creates a request; the defaults suit a contract check against a nearby server.
    public init(
        method: String = "GET",
        url: String,
        headers: [HTTPHeader] = [],
        body: [UInt8]? = nil,
        connectTimeout: Double = 10,
        timeout: Double = 30,
        followRedirects: Bool = false,
        maxRedirects: Int = 10,
        verifyTLS: Bool = true,
        caCertificateFile: String? = nil,
        maxBodyBytes: Int = HTTPRequest.defaultMaxBodyBytes
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.connectTimeout = connectTimeout
        self.timeout = timeout
        self.followRedirects = followRedirects
        self.maxRedirects = maxRedirects
        self.verifyTLS = verifyTLS
        self.caCertificateFile = caCertificateFile
        self.maxBodyBytes = maxBodyBytes
    }
}
