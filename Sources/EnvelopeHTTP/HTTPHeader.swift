/// One HTTP header field, kept as written: names are not case-folded and order is preserved,
/// because contracts and reports should show what was actually sent or received.
public struct HTTPHeader: Hashable, Sendable {
    /// The field name as written, e.g. `Content-Type`.
    public var name: String
    /// The field value with surrounding whitespace removed.
    public var value: String

    /// Creates a header field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
