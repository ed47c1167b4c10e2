import Foundation

/// Parsed and indexed schema documents by URI, shared by the contracts of one load (it belongs
/// to their ``ContractLoadOptions``, like ``SchemaRegexCache``; nothing keeps it after them).
///
/// One OpenAPI document referred to by fifty contracts is parsed once, not fifty times: each
/// contract compiles on its own, and without this each would parse the file again. What the
/// compiler learns of a document as a whole is kept with it too (whether its text could name a
/// resource or an anchor, a scan of every byte; the absolute URI each `$ref` written in it
/// resolves to), so each contract's compiler only looks it up.
///
/// An entry is used only when the bytes just read are the bytes it was parsed from, so a
/// reader that gives another file for the same URI (the two sides of `envelope diff`) gets
/// that file's document. Comparing costs nothing when the reader hands out the same array
/// again (as the CLI's reader does for a file it has read: equal storage is equal bytes), and
/// a linear scan otherwise, still far less than parsing.
///
/// `@unchecked Sendable` is sound: `slots`, `parses` and `resolutions` are only read or
/// written while holding `lock`, each slot's document while holding the slot's, and
/// ``JSONDocument``s are immutable and `Sendable`.
final class SchemaDocumentCache: @unchecked Sendable {
    /// The document of one URI, parsed under its own lock: contracts compiling on other
    /// threads wait for the one parsing it (and then take its document) rather than parse
    /// it again, while documents of other URIs are parsed at the same time.
    private final class Slot: @unchecked Sendable {
        let lock = NSLock()
        /// The document with the bytes it came from; only touched while holding `lock`.
        var parsed: Entry?
    }

    /// A parsed document and what is known of it as a whole.
    struct Entry {
        /// The bytes it was parsed from.
        let bytes: [UInt8]
        /// The document parsed from them.
        let document: JSONDocument
        /// ``SchemaCompiler/mayIdentify(_:)`` of its text.
        let mayIdentify: Bool
    }

    private let lock = NSLock()
    private var slots: [String: Slot] = [:]
    private var parses = 0
    /// Absolute URIs of references, by base URI and then by the reference as written.
    private var resolutions: [String: [String: String]] = [:]

    /// The document of `bytes`, read for `uri`: the one parsed before from the same bytes,
    /// else `parse(bytes)`, indexed and kept for the next contract.
    func document(for uri: String, bytes: [UInt8], parse: ([UInt8]) throws(ContractError) -> JSONDocument) throws(ContractError) -> Entry {
        let slot = lock.withLock {
            if let known = slots[uri] { return known }
            let made = Slot()
            slots[uri] = made
            return made
        }
        slot.lock.lock()
        defer { slot.lock.unlock() }
        if let parsed = slot.parsed, parsed.bytes == bytes { return parsed }
        let document = try parse(bytes)
        let entry = Entry(bytes: bytes, document: document, mayIdentify: SchemaCompiler.mayIdentify(document.text))
        slot.parsed = entry
        lock.withLock { parses += 1 }
        return entry
    }

    /// ``SchemaCompiler/resolve(_:against:)`` of `reference`, resolved once per load.
    ///
    /// A reference that starts with a path (or a scheme) resolves the same against every file
    /// of a folder (RFC 3986, 5.2.3: the base's last segment is dropped), so it is kept by the
    /// base's folder: the contracts of a folder, each its own base, share their answers.
    func resolved(_ reference: String, against base: String) -> String {
        let first = reference.utf8.first
        let key = first == nil || first == UInt8(ascii: "#") || first == UInt8(ascii: "?") ? base : Self.folder(of: base)
        if let known = lock.withLock({ resolutions[key]?[reference] }) { return known }
        let absolute = SchemaCompiler.resolve(reference, against: base)
        lock.withLock { resolutions[key, default: [:]][reference] = absolute }
        return absolute
    }

    /// `uri` up to and with its last `/` (before any query or fragment), or all of it.
    static func folder(of uri: String) -> String {
        let path = uri.utf8.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        guard let slash = path.lastIndex(of: UInt8(ascii: "/")) else { return uri }
        return String(uri[...slash])
    }

    /// How many documents were parsed rather than reused (what the tests count).
    var parseCount: Int { lock.withLock { parses } }
}
