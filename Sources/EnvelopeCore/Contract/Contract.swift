/// What an endpoint should answer: the request that asks, and the status, headers and body
/// schema of the answer.
public struct Contract: Sendable {
    /// The contract's name (`hanyang-menu`).
    public var name: String
    /// One line on what the endpoint is.
    public var summary: String?
    /// The contract file, relative to the contracts folder.
    public var file: String
    /// The request to send.
    public var request: ContractRequest
    /// What the answer must be.
    public var response: ResponseExpectation
    /// The contract's own severity settings (`"drift": {"unknown-key": "ignore"}`).
    public var drift: SeverityPolicy
    /// The compiled body schema and everything it refers to.
    public var schema: CompiledSchema
    /// Where `response` is written in the contract file, for annotations.
    public var responseLocation: SourceLocation
    /// For a contract that describes a URL (a deep link) rather than an HTTP exchange: its
    /// scheme, host, path and query schema. Nil for HTTP contracts.
    public var url: URLContract? = nil
}

/// The request a contract sends.
public struct ContractRequest: Sendable, Hashable {
    /// The HTTP method.
    public var method: String
    /// The path, starting with `/`.
    public var path: String
    /// Query parameters, in order.
    public var query: [(name: String, value: String)]
    /// Request headers, in order; values may hold `${VAR}`.
    public var headers: [(name: String, value: String)]
    /// A JSON request body, if any.
    public var body: JSONValue?

    /// Creates a request.
    public init(method: String = "GET", path: String, query: [(name: String, value: String)] = [], headers: [(name: String, value: String)] = [], body: JSONValue? = nil) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The path with its query string, percent-encoded.
    public var target: String {
        guard !query.isEmpty else { return path }
        return path + "?" + query.map { QueryEncoding.encode($0.name) + "=" + QueryEncoding.encode($0.value) }.joined(separator: "&")
    }

    public static func == (lhs: ContractRequest, rhs: ContractRequest) -> Bool {
        lhs.method == rhs.method && lhs.path == rhs.path && lhs.body == rhs.body
            && lhs.query.elementsEqual(rhs.query, by: ==) && lhs.headers.elementsEqual(rhs.headers, by: ==)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(path)
    }
}

/// Percent-encoding of query components (RFC 3986 unreserved characters pass through).
public enum QueryEncoding {
    /// Percent-encodes everything but `A-Z a-z 0-9 - . _ ~`.
    public static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }
}

/// What a contract requires of the answer.
public struct ResponseExpectation: Sendable {
    /// The status code, if the contract names one.
    public var status: Int?
    /// Header rules, in order.
    public var headers: [HeaderExpectation]
    /// The body schema's index in ``Contract/schema``, if the contract has one.
    public var body: Int?
}

/// One rule for a response header.
public struct HeaderExpectation: Sendable {
    /// How the header's value is judged.
    public enum Rule: Sendable {
        /// Exactly this value.
        case equals(String)
        /// A value the expression matches.
        case pattern(SchemaRegex)
        /// No such header.
        case absent
    }

    /// The header name (matched ignoring case).
    public var name: String
    /// The rule.
    public var rule: Rule

    /// The rule in words, for reports.
    public var expected: String {
        switch rule {
        case .equals(let value): "\(name): \(value)"
        case .pattern(let regex): "\(name) matching /\(regex.source)/"
        case .absent: "no \(name) header"
        }
    }
}
