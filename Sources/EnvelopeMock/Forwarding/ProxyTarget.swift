/// Where a `proxyBaseUrl` stub (or `serve --proxy-all`) sends a request, and how it changes
/// the request on the way: WireMock's `proxyBaseUrl`, `additionalProxyRequestHeaders`,
/// `removeProxyRequestHeaders` and `proxyUrlPrefixToRemove`.
public struct ProxyTarget: Sendable, Hashable {
    /// The upstream's base URL (`http://localhost:9000`, maybe with a path); the request's own
    /// URL, less ``urlPrefixToRemove``, is appended to it.
    public var baseURL: String
    /// Headers set on the forwarded request, replacing any of the same name the client sent.
    public var additionalHeaders: [MockHeader]
    /// Header names (any case) the client sent that are not forwarded.
    public var removedHeaders: [String]
    /// A prefix cut from the request's path before it is appended to ``baseURL``.
    public var urlPrefixToRemove: String?
    /// The `proxyBaseUrl` stub that sent the request here (the journal names it once the
    /// answer is in); nil for `--proxy-all` and `envelope proxy`.
    package var stubIdentifier: String?

    /// A target; `baseURL` loses any trailing `/`.
    public init(baseURL: String, additionalHeaders: [MockHeader] = [], removedHeaders: [String] = [], urlPrefixToRemove: String? = nil) {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        self.baseURL = base
        self.additionalHeaders = additionalHeaders
        self.removedHeaders = removedHeaders
        self.urlPrefixToRemove = urlPrefixToRemove
    }

    /// The URL the request to `url` (path and query as sent) goes to.
    public func upstreamURL(for url: String) -> String {
        var path = Substring(url)
        if let prefix = urlPrefixToRemove, !prefix.isEmpty, path.hasPrefix(prefix) { path = path.dropFirst(prefix.count) }
        if !path.isEmpty, !path.hasPrefix("/"), !path.hasPrefix("?") { return baseURL + "/" + path }
        return baseURL + path
    }

    /// `headers` as the upstream gets them: the removed ones gone, the additional ones set.
    public func editedHeaders(_ headers: [MockHeader]) -> [MockHeader] {
        let dropped = Set((removedHeaders + additionalHeaders.map(\.name)).map { $0.lowercased() })
        return headers.filter { !dropped.contains($0.name.lowercased()) } + additionalHeaders
    }
}
