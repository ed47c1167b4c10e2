/// The requests a contract describes, as a proxy tells them apart: the method, the path with
/// `{name}` (or `${VAR}`) standing for one whole segment, and the query parameters the
/// contract names (each must be there; a `{name}` or `${VAR}` value takes any value).
public struct ContractRoute: Sendable {
    /// One `/`-separated piece of the path.
    enum Segment: Sendable, Equatable {
        /// Must be equal (after percent-decoding).
        case literal(String)
        /// Any non-empty segment.
        case variable
        /// Literal pieces with a variable between each two (`item-${ID}.json`).
        case pattern([String])
    }

    /// The method, as written.
    public let method: String
    /// The path shape people read: `/v1/menus/{id}` (a `${VAR}` reads `{VAR}`).
    public let shape: String
    let segments: [Segment]
    /// Query parameters: the name and the value it must have (nil: any value).
    let query: [(name: String, value: String?)]

    /// The route of `request`.
    public init(_ request: ContractRequest) {
        method = request.method
        var segments: [Segment] = []
        var shape = ""
        for piece in request.path.unicodeScalars.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let text = String(String.UnicodeScalarView(piece))
            let parsed = Self.segment(text)
            segments.append(parsed.segment)
            shape += "/" + parsed.shape
        }
        self.segments = segments
        self.shape = shape.isEmpty ? "/" : shape
        query = request.query.map { ($0.name, Self.isVariable($0.value) ? nil : $0.value) }
    }

    /// How many segments and query values must be equal: a more specific route wins.
    public var specificity: Int {
        segments.reduce(0) { $0 + ($1 == .variable ? 0 : 2) } + query.reduce(0) { $0 + ($1.value == nil ? 1 : 2) }
    }

    /// Whether a request with `method`, the decoded path segments `path` and the decoded
    /// query `queryParameters` is one this route describes.
    public func matches(method: String, path: [String], query queryParameters: [(name: String, value: String)]) -> Bool {
        guard method == self.method, path.count == segments.count else { return false }
        for (segment, piece) in zip(segments, path) {
            switch segment {
            case .literal(let literal): if piece != literal { return false }
            case .variable: if piece.isEmpty { return false }
            case .pattern(let pieces): if !Self.glob(pieces, matches: piece) { return false }
            }
        }
        for wanted in query {
            guard let value = queryParameters.first(where: { $0.name == wanted.name })?.value else { return false }
            if let expected = wanted.value, expected != value { return false }
        }
        return true
    }

    /// A segment and how it reads in a shape.
    private static func segment(_ text: String) -> (segment: Segment, shape: String) {
        if text.count >= 3, text.hasPrefix("{"), text.hasSuffix("}"), !text.dropFirst().contains("{") {
            return (.variable, text)
        }
        guard text.contains("${") else { return (.literal(text), text) }
        var pieces: [String] = []
        var shape = ""
        var rest = Substring(text)
        while let start = rest.range(of: "${"), let close = rest[start.upperBound...].firstIndex(of: "}") {
            pieces.append(String(rest[..<start.lowerBound]))
            shape += rest[..<start.lowerBound] + "{" + rest[start.upperBound..<close] + "}"
            rest = rest[rest.index(after: close)...]
        }
        pieces.append(String(rest))
        shape += rest
        if pieces.allSatisfy(\.isEmpty) { return (.variable, shape) }
        return (.pattern(pieces), shape)
    }

    /// Whether a query value stands for any value: `{name}` or one holding `${VAR}`.
    private static func isVariable(_ value: String) -> Bool {
        value.contains("${") || (value.count >= 3 && value.hasPrefix("{") && value.hasSuffix("}"))
    }

    /// Whether `text` is the pieces in order with at least one character for each variable
    /// between two of them.
    static func glob(_ pieces: [String], matches text: String) -> Bool {
        guard pieces.count > 1, let first = pieces.first, let last = pieces.last,
              text.count > first.count + last.count, text.hasPrefix(first), text.hasSuffix(last) else { return false }
        // What the variables and the middle pieces take.
        var rest = Substring(text).dropFirst(first.count).dropLast(last.count)
        for piece in pieces.dropFirst().dropLast() {
            guard rest.count > 1, let found = rest.dropFirst().range(of: piece) else { return false }
            rest = rest[found.upperBound...]
        }
        return !rest.isEmpty
    }
}
