/// WireMock's five ways to match the URL.
public enum URLMatcher: Sendable, CustomStringConvertible {
    /// `url`: the path and query exactly as sent.
    case url(String)
    /// `urlPath`: the path exactly (the query is ignored).
    case urlPath(String)
    /// `urlPathPattern`: a regular expression that must match the whole path.
    case urlPathPattern(RegexPattern)
    /// `urlPattern`: a regular expression that must match the whole path and query.
    case urlPattern(RegexPattern)
    /// `urlPathTemplate`: a path with `{name}` segments (RFC 6570 level 1), checked further by
    /// `pathParameters`.
    case urlPathTemplate(PathTemplate)

    /// The JSON key this matcher was written with.
    public var key: String {
        switch self {
        case .url: "url"
        case .urlPath: "urlPath"
        case .urlPathPattern: "urlPathPattern"
        case .urlPattern: "urlPattern"
        case .urlPathTemplate: "urlPathTemplate"
        }
    }

    /// The exact path this matcher requires, if it requires one (used for indexing).
    var exactPath: String? {
        switch self {
        case .url(let url):
            // By code point, as the request's path is split (see MockRequest).
            let scalars = url.unicodeScalars
            if let question = scalars.firstIndex(of: "?") { return String(Substring(scalars[..<question])) }
            return url
        case .urlPath(let path): return path
        case .urlPathPattern, .urlPattern, .urlPathTemplate: return nil
        }
    }

    public var description: String {
        switch self {
        case .url(let value), .urlPath(let value): "\(key) \"\(value)\""
        case .urlPathPattern(let regex), .urlPattern(let regex): "\(key) \"\(regex.pattern)\""
        case .urlPathTemplate(let template): "\(key) \"\(template.text)\""
        }
    }
}
