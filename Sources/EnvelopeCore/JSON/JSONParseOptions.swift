
/// Limits and rules for ``JSONDocument/parse(_:options:)``.
public struct JSONParseOptions: Sendable {
    /// The deepest nesting of arrays and objects accepted; deeper input is an error, never a
    /// stack overflow.
    public var maxDepth: Int
    /// What to do with duplicate keys.
    public var duplicateKeys: DuplicateKeyPolicy
    /// Documents at least this large are parsed in two halves on two cores (tests and the
    /// fuzzer lower it to split small documents too).
    var splitThreshold = ParseShare.threshold
    /// Whether the first half waits for a second half that has not started yet (tests and the
    /// fuzzer, so that the halves are always joined); otherwise it parses on alone.
    var waitsForShare = false
    /// Second halves of at least this many entries are copied in by two cores (tests lower it
    /// to copy small ones that way too).
    var parallelCopyThreshold = ParseShare.parallelCopyThreshold

    /// Creates options; the defaults suit HTTP response bodies.
    public init(maxDepth: Int = 512, duplicateKeys: DuplicateKeyPolicy = .keepLast) {
        self.maxDepth = maxDepth
        self.duplicateKeys = duplicateKeys
    }
}
