/// One header field of a request the mock received or of an answer it sends. Names keep their spelling; compare them
/// case-insensitively (``hasName(_:)``).
public struct MockHeader: Hashable, Sendable, CustomStringConvertible {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// Whether this header is called `other`, ignoring ASCII case.
    public func hasName(_ other: String) -> Bool {
        asciiCaseInsensitiveEquals(name, other)
    }

    public var description: String { "\(name): \(value)" }
}
