/// What a URL contract requires of a URL (a deep link such as `abc://host?a1_b=1&a2=2`).
///
/// ```json
/// { "contract": "deeplink-host",
///   "url": { "scheme": "abc", "host": "host", "keyStrategy": "convertFromSnakeCase",
///            "query": { "type": "object", "required": ["a1B"],
///                       "properties": { "a1B": { "type": "string" }, "a2": { "type": "integer" } } } } }
/// ```
public struct URLContract: Sendable {
    /// The scheme the URL must have (compared without case), if the contract names one.
    public var scheme: String?
    /// The host the URL must have (compared without case), if the contract names one.
    public var host: String?
    /// The path the URL must have (exactly), if the contract names one.
    public var path: String?
    /// A pattern the path must match, if the contract gives one.
    public var pathPattern: SchemaRegex?
    /// How parameter names map to the schema's property names.
    public var keyStrategy: QueryKeyStrategy
    /// Whether `+` in the query means a space (HTML form encoding).
    public var plusAsSpace: Bool
    /// The query schema's index in ``Contract/schema``: the parameters as an object, values
    /// coerced to the types the schema names.
    public var query: Int?

    /// Creates a URL contract.
    public init(scheme: String? = nil, host: String? = nil, path: String? = nil, pathPattern: SchemaRegex? = nil,
                keyStrategy: QueryKeyStrategy = .useDefaultKeys, plusAsSpace: Bool = false, query: Int? = nil) {
        self.scheme = scheme
        self.host = host
        self.path = path
        self.pathPattern = pathPattern
        self.keyStrategy = keyStrategy
        self.plusAsSpace = plusAsSpace
        self.query = query
    }
}
