/// One `name=value` pair of a query string, percent-decoded.
public struct QueryItem: Sendable, Hashable {
    /// The name, percent-decoded.
    public var name: String
    /// The value, percent-decoded; nil for a bare `name` with no `=`.
    public var value: String?
    /// Where the pair starts in the URL (0-based, in Unicode scalars), for reports.
    public var position: Int

    /// Creates an item.
    public init(name: String, value: String?, position: Int = 0) {
        self.name = name
        self.value = value
        self.position = position
    }
}
