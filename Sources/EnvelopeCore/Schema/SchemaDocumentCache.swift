import Foundation

/// Parsed schema documents by URI, shared by the contracts of one load (it belongs to their
/// ``ContractLoadOptions``, like ``SchemaRegexCache``; nothing keeps it after them).
///
/// One OpenAPI document referred to by fifty contracts is parsed once, not fifty times: each
/// contract compiles on its own, and without this each would parse the file again.
///
/// An entry is used only when the bytes just read are the bytes it was parsed from, so a
/// reader that gives another file for the same URI (the two sides of `envelope diff`) gets
/// that file's document. Comparing costs nothing when the reader hands out the same array
/// again (as the CLI's reader does for a file it has read: equal storage is equal bytes), and
/// a linear scan otherwise, still far less than parsing.
///
/// `@unchecked Sendable` is sound: `entries` is only read or written while holding `lock`,
/// and ``JSONDocument``s are immutable and `Sendable`.
final class SchemaDocumentCache: @unchecked Sendable {
    /// One parsed document with the bytes it came from.
    private struct Entry {
        var bytes: [UInt8]
        var document: JSONDocument
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var parses = 0

    /// The document of `bytes`, read for `uri`: the one parsed before from the same bytes,
    /// else `parse(bytes)`, kept for the next contract. Parsing happens outside the lock, so
    /// contracts compiling on other threads do not wait for it; two threads racing on the
    /// same new file both parse it, harmlessly.
    func document(for uri: String, bytes: [UInt8], parse: ([UInt8]) throws(JSONError) -> JSONDocument) throws(JSONError) -> JSONDocument {
        if let known = lock.withLock({ entries[uri] }), known.bytes == bytes { return known.document }
        let document = try parse(bytes)
        lock.withLock {
            entries[uri] = Entry(bytes: bytes, document: document)
            parses += 1
        }
        return document
    }

    /// How many documents were parsed rather than reused (what the tests count).
    var parseCount: Int { lock.withLock { parses } }
}
