/// Facts about the EnvelopeHTTP library that callers may show or send.
///
/// Named `EnvelopeHTTPInfo` rather than `EnvelopeHTTP` so that it never shadows the module
/// name (a type named like its module makes `EnvelopeHTTP.HTTPClient` ambiguous).
public enum EnvelopeHTTPInfo {
    /// The Envelope version this client reports; bump it with each release.
    public static let version = "0.1.0"

    /// The User-Agent sent with every request unless the request sets its own.
    public static let userAgent = "envelope/\(version)"
}
