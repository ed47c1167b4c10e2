/// The host and port a request addressed, as WireMock (Jetty) reads them for `request.host`,
/// `request.port`, `request.baseUrl` and the journal's `absoluteUrl`.
extension MockRequest {
    /// The authority of an absolute-form target (`GET http://host:port/path`), else the `Host`
    /// header, else where the connection arrived (a request without `Host`, or with an empty
    /// one: HTTP/1.0 allows it), else `localhost`. A name without a port is port 80; so is one
    /// whose port is not a number.
    package var addressed: (host: String, port: Int) {
        if let authority = absoluteFormAuthority ?? headerValue("Host"), !authority.isEmpty {
            return Self.split(authority)
        }
        if let local = localAddress {
            return (local.host.contains(":") ? "[\(local.host)]" : local.host, Int(local.port))
        }
        return ("localhost", 80)
    }

    /// `http://host`, with `:port` unless it is 80.
    package var addressedBaseURL: String {
        let (host, port) = addressed
        return "http://" + host + (port == 80 ? "" : ":\(port)")
    }

    /// `host[:port]` of a target written as `http://host[:port]/...` (any case), or nil.
    private var absoluteFormAuthority: String? {
        guard let first = target.utf8.first, first != UInt8(ascii: "/"), let schemeEnd = target.range(of: "://") else { return nil }
        let scheme = target[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        let rest = target[schemeEnd.upperBound...]
        return String(rest[..<(rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex)])
    }

    /// `name:port`, `[v6]:port`, `[v6]` or `name` as a host and a port.
    private static func split(_ authority: some StringProtocol) -> (host: String, port: Int) {
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            let rest = authority[authority.index(after: close)...]
            return (String(authority[...close]), rest.hasPrefix(":") ? Int(rest.dropFirst()) ?? 80 : 80)
        }
        if let colon = authority.lastIndex(of: ":") {
            return (String(authority[..<colon]), Int(authority[authority.index(after: colon)...]) ?? 80)
        }
        return (String(authority), 80)
    }
}
