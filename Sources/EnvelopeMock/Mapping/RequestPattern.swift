/// The request side of a stub. Every part that is set must match.
public struct RequestPattern: Sendable {
    /// The method to match exactly; nil for `ANY`.
    public var method: String?
    /// How the URL must look; nil matches every URL.
    public var url: URLMatcher?
    /// `pathParameters`: the variables of a `urlPathTemplate`, by name.
    public var pathParameters: [NamedMatcher]
    public var queryParameters: [NamedMatcher]
    public var headers: [NamedMatcher]
    /// `cookies`: values of the `Cookie` header's pairs, by name.
    public var cookies: [NamedMatcher]
    /// `bodyPatterns`: every one must match the request body.
    public var bodyPatterns: [BodyMatcher]

    public init(method: String? = nil, url: URLMatcher? = nil, pathParameters: [NamedMatcher] = [],
                queryParameters: [NamedMatcher] = [], headers: [NamedMatcher] = [], cookies: [NamedMatcher] = [],
                bodyPatterns: [BodyMatcher] = []) {
        self.method = method
        self.url = url
        self.pathParameters = pathParameters
        self.queryParameters = queryParameters
        self.headers = headers
        self.cookies = cookies
        self.bodyPatterns = bodyPatterns
    }
}
