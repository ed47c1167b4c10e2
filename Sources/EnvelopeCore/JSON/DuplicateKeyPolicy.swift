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
