/// What the parser does when an object names the same key twice.
///
/// RFC 8259 leaves duplicate keys to the implementation. Envelope keeps every member on the
/// tape and, for look-ups, the last one wins (as in JavaScript's `JSON.parse` and Foundation's
/// decoders, so a report agrees with what an app would have decoded). Files that people write,
/// such as contracts and mappings, are parsed with `.reject`, because a duplicate key there is
/// always a mistake.
public enum DuplicateKeyPolicy: Sendable {
    /// Keep all members; look-ups see the last one.
    case keepLast
    /// Fail with ``JSONError/duplicateKey(_:at:first:)``.
    case reject
}

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
