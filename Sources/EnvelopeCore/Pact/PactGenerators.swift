/// The generators of a request or an answer, by category (as matching rules are).
public struct PactGenerators: Sendable {
    /// Body generators by path, in file order.
    public var body: [(path: PactPath, generator: PactGenerator)] = []
    /// Header generators by header name.
    public var header: [(name: String, generator: PactGenerator)] = []
    /// Query generators by parameter name.
    public var query: [(name: String, generator: PactGenerator)] = []
    /// The path's generator, if any.
    public var path: PactGenerator?
    /// The status's generator, if any.
    public var status: PactGenerator?

    /// No generators.
    public init() {}

    /// Whether there is none.
    public var isEmpty: Bool { body.isEmpty && header.isEmpty && query.isEmpty && path == nil && status == nil }
}

/// One generator (`{"type": "RandomInt", "min": 0, "max": 10}`): a value the provider (or the
/// mock) makes up instead of the example.
public struct PactGenerator: Sendable {
    /// `type`: `RandomInt`, `RandomDecimal`, `RandomHexadecimal`, `RandomString`, `Regex`,
    /// `Uuid`, `Date`, `Time`, `DateTime`, `RandomBoolean`, `ProviderState`, `MockServerURL`.
    public var type: String
    /// The generator's object, every attribute (`min`, `max`, `digits`, `size`, `regex`,
    /// `format`, `expression`, `dataType`).
    public var attributes: [JSONValue.Member]
    /// Where it is in the file.
    public var location: SourceLocation

    /// Creates a generator.
    public init(type: String, attributes: [JSONValue.Member], location: SourceLocation) {
        self.type = type
        self.attributes = attributes
        self.location = location
    }

    /// The attribute `name`, if present.
    public subscript(name: String) -> JSONValue? {
        attributes.last { $0.key == name }?.value
    }

    /// The attribute `name` as text (numbers as written).
    public func text(_ name: String) -> String? {
        switch self[name] {
        case .string(let text)?: text
        case .number(let text)?: text
        default: nil
        }
    }
}
