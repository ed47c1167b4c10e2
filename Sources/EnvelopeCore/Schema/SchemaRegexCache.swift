import Foundation

/// Compiled `pattern`s by their text, shared by the contracts of one load (it belongs to
/// their ``ContractLoadOptions``; nothing keeps it after them).
///
/// Contracts repeat the same few expressions (every contract of a project tends to say
/// `"Content-Type": {"pattern": "^application/json"}`), and creating an NSRegularExpression
/// costs more than the rest of a small contract's header rules together.
///
/// `@unchecked Sendable` is sound: `entries` is only read or written while holding `lock`,
/// and the values handed out are ``SchemaRegex``es, which are themselves safe to share.
final class SchemaRegexCache: @unchecked Sendable {
    /// Patterns kept at most: contracts hold a handful of distinct ones, so the bound only
    /// stops a load of ever-new patterns from growing without end.
    static let capacity = 4096

    private let lock = NSLock()
    /// Pattern text → its compiled form, or nil when it does not compile (also remembered,
    /// so a broken pattern is not compiled again for every contract that repeats it).
    private var entries: [String: SchemaRegex?] = [:]

    /// How many distinct pattern texts are kept.
    var count: Int { lock.withLock { entries.count } }

    /// The compiled expression for `source`, or nil when it is not a valid expression:
    /// exactly what `SchemaRegex(source)` returns, compiled once per distinct text.
    func regex(_ source: String) -> SchemaRegex? {
        if let known = lock.withLock({ entries[source] }) { return known }
        // Compile outside the lock so that threads with different patterns do not wait on
        // each other; two threads racing on the same new text both compile it, harmlessly.
        let compiled = SchemaRegex(source)
        lock.withLock {
            if entries.count < Self.capacity { entries[source] = .some(compiled) }
        }
        return compiled
    }
}
