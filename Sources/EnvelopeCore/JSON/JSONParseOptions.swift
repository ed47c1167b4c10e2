
/// Limits and rules for ``JSONDocument/parse(_:options:)``.
public struct JSONParseOptions: Sendable {
    /// The deepest nesting of arrays and objects accepted; deeper input is an error, never a
    /// stack overflow.
    public var maxDepth: Int
    /// What to do with duplicate keys.
    public var duplicateKeys: DuplicateKeyPolicy

    /// Creates options; the defaults suit HTTP response bodies.
    public init(maxDepth: Int = 512, duplicateKeys: DuplicateKeyPolicy = .keepLast) {
        self.maxDepth = maxDepth
        self.duplicateKeys = duplicateKeys
    }
}
