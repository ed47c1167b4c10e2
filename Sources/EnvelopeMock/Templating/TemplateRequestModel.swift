import Foundation

/// The `request` a template sees, built from the request for one templated answer, as
/// WireMock documents it: `url`, `path` (with `.[n]` and `urlPathTemplate` variables),
/// `pathSegments`, `query`, `method`, `scheme`, `host`, `port`, `baseUrl`, `headers`
/// (any case), `cookies`, `body`, `bodyAsBase64`, `id`.
enum TemplateRequestModel {
    /// The template's root: `request` and `parameters` (the stub's `transformerParameters`).
    static func root(for request: MockRequest, pathTemplate: PathTemplate?, parameters: TemplateValue, localPort: UInt16?) -> TemplateValue {
        .map(TemplateMap([("request", model(of: request, pathTemplate: pathTemplate, localPort: localPort)), ("parameters", parameters)]))
    }

    static func model(of request: MockRequest, pathTemplate: PathTemplate?, localPort: UInt16?) -> TemplateValue {
        let segments = PathTemplate.segments(of: request.path[...]).map { percentDecoded($0, plusIsSpace: false) }
        var pathEntries: [(String, TemplateValue)] = segments.enumerated().map { (String($0.offset), .string($0.element)) }
        if let pathTemplate, let values = pathTemplate.match(request.path[...]) {
            for name in pathTemplate.variables { if let value = values[name] { pathEntries.append((name, .string(value))) } }
        }
        let (host, port) = hostAndPort(request, localPort: localPort)
        let baseURL = "http://" + host + ((port == 80) ? "" : ":\(port)")
        let entries: [(String, TemplateValue)] = [
            ("id", .string(UUID().uuidString.lowercased())),
            ("url", .string(request.url)),
            ("path", .map(TemplateMap(pathEntries, display: request.path))),
            ("pathSegments", .list(segments.map(TemplateValue.string))),
            ("query", .map(TemplateMap(grouped(request.queryParameters.map { ($0.name, $0.value) })))),
            ("method", .string(request.method)),
            ("scheme", .string("http")),
            ("host", .string(host)),
            ("port", .int(port)),
            ("baseUrl", .string(baseURL)),
            // Sorted by name, as WireMock (Jetty) lists them.
            ("headers", .map(TemplateMap(grouped(request.headers.map { ($0.name, $0.value) }, caseInsensitive: true)
                .sorted { $0.0.lowercased() < $1.0.lowercased() }, caseInsensitive: true))),
            ("cookies", .map(TemplateMap(grouped(cookies(of: request))))),
            ("body", .string(String(decoding: request.body, as: UTF8.self))),
            ("bodyAsBase64", .string(Data(request.body).base64EncodedString())),
        ]
        return .map(TemplateMap(entries))
    }

    /// Values by name in first-seen order; a repeated name gathers its values (`.[n]`).
    private static func grouped(_ pairs: [(String, String)], caseInsensitive: Bool = false) -> [(String, TemplateValue)] {
        var names: [String] = []
        var values: [[String]] = []
        for (name, value) in pairs {
            if let index = names.firstIndex(where: { caseInsensitive ? asciiCaseInsensitiveEquals($0, name) : $0 == name }) {
                values[index].append(value)
            } else {
                names.append(name)
                values.append([value])
            }
        }
        return zip(names, values).map { ($0, .multi($1)) }
    }

    private static func cookies(of request: MockRequest) -> [(String, String)] {
        var pairs: [(String, String)] = []
        for header in request.headers where header.hasName("Cookie") {
            for piece in header.value.split(separator: ";") {
                let trimmed = piece.trimmingOWS()
                guard let equals = trimmed.firstIndex(of: "=") else { continue }
                pairs.append((String(trimmed[..<equals].trimmingOWS()), String(trimmed[trimmed.index(after: equals)...].trimmingOWS())))
            }
        }
        return pairs
    }

    /// The host and port the client addressed (`Host`), else the server's own.
    private static func hostAndPort(_ request: MockRequest, localPort: UInt16?) -> (String, Int) {
        let fallbackPort = Int(localPort ?? 80)
        guard let host = request.headerValue("Host"), !host.isEmpty else { return ("localhost", fallbackPort) }
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
            let name = String(host[...close])
            let rest = host[host.index(after: close)...]
            return (name, rest.hasPrefix(":") ? Int(rest.dropFirst()) ?? fallbackPort : 80)
        }
        if let colon = host.lastIndex(of: ":") {
            return (String(host[..<colon]), Int(host[host.index(after: colon)...]) ?? fallbackPort)
        }
        return (host, 80)
    }
}
