/// The request of a pact interaction.
public struct PactRequest: Sendable {
    /// The method, upper case.
    public var method: String
    /// The path as written (starts with `/`).
    public var path: String
    /// Query parameters in order, a name repeated for each of its values, decoded.
    public var query: [(name: String, value: String)]
    /// Headers in order; a V4 list of values is joined with `, `.
    public var headers: [(name: String, value: String)]
    /// The body, if the request has one.
    public var body: PactBody?
    /// Matching rules of all categories.
    public var matchingRules: PactMatchingRules
    /// Generators of all categories.
    public var generators: PactGenerators

    /// Creates a request from its parts.
    public init(method: String = "GET", path: String = "/", query: [(name: String, value: String)] = [],
                headers: [(name: String, value: String)] = [], body: PactBody? = nil,
                matchingRules: PactMatchingRules = PactMatchingRules(), generators: PactGenerators = PactGenerators()) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.matchingRules = matchingRules
        self.generators = generators
    }
}

/// The expected answer of a pact interaction.
public struct PactResponse: Sendable {
    /// The status (200 when the file leaves it out, as Pact does).
    public var status: Int
    /// Headers in order; a V4 list of values is joined with `, `.
    public var headers: [(name: String, value: String)]
    /// The body, if the answer has one.
    public var body: PactBody?
    /// Matching rules of all categories (`status` for `statusCode`).
    public var matchingRules: PactMatchingRules
    /// Generators of all categories.
    public var generators: PactGenerators

    /// Creates an answer from its parts.
    public init(status: Int = 200, headers: [(name: String, value: String)] = [], body: PactBody? = nil,
                matchingRules: PactMatchingRules = PactMatchingRules(), generators: PactGenerators = PactGenerators()) {
        self.status = status
        self.headers = headers
        self.body = body
        self.matchingRules = matchingRules
        self.generators = generators
    }

    /// The value of the header `name` (compared without case), if present.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

extension PactRequest {
    /// The value of the header `name` (compared without case), if present.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
