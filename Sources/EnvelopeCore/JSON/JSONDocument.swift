import Synchronization

/// A parsed JSON text: its bytes and the tape of its values.
///
/// Immutable once parsed, so it is safe to share across threads. Walk it through ``root``.
public final class JSONDocument: Sendable {
    /// The text as parsed, UTF-8, shared (not copied) with whoever handed it in.
    public let text: SharedBytes
    /// The tape, which this document owns. `nonisolated(unsafe)`: it is written only by the
    /// parser, before the document exists, and only read from then on; `deinit` frees it
    /// when no one can read it any more.
    @usableFromInline nonisolated(unsafe) let tape: UnsafeBufferPointer<JSONTapeEntry>

    /// Whether the text was parsed in two halves on two cores (tests look at it).
    let wasSplit: Bool
    /// For a document read from another text (YAML), where its values are in that text:
    /// locations come from it rather than from ``text``, which is then the JSON made from it.
    let sourceMap: SourceMap?
    /// Whether no object has two members with the same key (the parser refused duplicates, or
    /// the text was made so): a look-up by key then stops at the first it finds.
    let hasUniqueKeys: Bool

    /// The offsets at which the text's lines start, made on the first location asked of a
    /// large text: a reader that locates every value it keeps (a pact file's rules, bodies
    /// and interactions) would otherwise scan the text from its start for each one.
    private let lineStarts = Mutex<[Int]?>(nil)

    /// Texts below this size are scanned for each location: the table would cost more.
    static let lineTableThreshold = 64 * 1024

    private init(text: SharedBytes, tape: ParsedTape, sourceMap: SourceMap? = nil, hasUniqueKeys: Bool) {
        self.text = text
        self.tape = UnsafeBufferPointer(start: tape.entries, count: tape.count)
        wasSplit = tape.wasSplit
        self.sourceMap = sourceMap
        self.hasUniqueKeys = hasUniqueKeys
    }

    deinit {
        tape.baseAddress.map { UnsafeMutablePointer(mutating: $0).deallocate() }
    }

    /// The text as parsed, UTF-8 (a copy when the text is lent memory, such as a mapped file).
    public var bytes: [UInt8] { text.bytes }

    /// Parses a UTF-8 JSON text.
    public static func parse(_ bytes: [UInt8], options: JSONParseOptions = JSONParseOptions()) throws(JSONError) -> JSONDocument {
        try parse(SharedBytes(bytes), options: options)
    }

    /// Parses a UTF-8 JSON text without copying it; the document keeps `text` alive.
    public static func parse(_ text: SharedBytes, options: JSONParseOptions = JSONParseOptions()) throws(JSONError) -> JSONDocument {
        let tape = try text.withUnsafeBufferPointer { buffer throws(JSONError) in try JSONParser.parse(buffer, options: options) }
        return JSONDocument(text: text, tape: tape, hasUniqueKeys: options.duplicateKeys == .reject)
    }

    /// Parses `json`, the JSON text made from another text (a YAML file), whose values are at
    /// the places `sourceMap` gives: the document's locations are those places. The text
    /// writes each key of an object once.
    package static func parse(converted json: [UInt8], sourceMap: SourceMap, options: JSONParseOptions = JSONParseOptions()) throws(JSONError) -> JSONDocument {
        let text = SharedBytes(json)
        let tape = try text.withUnsafeBufferPointer { buffer throws(JSONError) in try JSONParser.parse(buffer, options: options) }
        return JSONDocument(text: text, tape: tape, sourceMap: sourceMap, hasUniqueKeys: true)
    }

    /// Parses a JSON text given as a string.
    public static func parse(_ text: String, options: JSONParseOptions = JSONParseOptions()) throws(JSONError) -> JSONDocument {
        try parse(Array(text.utf8), options: options)
    }

    /// The top-level value.
    public var root: JSONNode { JSONNode(document: self, index: 0) }

    /// How many values the document holds, keys included.
    public var valueCount: Int { tape.count - tape.count { $0.packed >> 29 == JSONTapeEntry.endKind } }

    /// The line and column of a byte offset.
    public func location(ofOffset offset: Int) -> SourceLocation {
        if let sourceMap { return sourceMap.location(ofOffset: offset) }
        return text.withUnsafeBufferPointer { bytes in
            guard bytes.count >= Self.lineTableThreshold else { return SourceLocation.locate(offset: offset, in: bytes) }
            let starts = lineStarts.withLock { table in
                if let table { return table }
                let made = Self.lineStarts(of: bytes)
                table = made
                return made
            }
            return SourceLocation.locate(offset: offset, in: bytes, lineStarts: starts)
        }
    }

    /// Where each line of `bytes` starts (the first at 0).
    private static func lineStarts(of bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var starts = [0]
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") { starts.append(index + 1) }
        return starts
    }

    /// The lines and columns of many byte offsets, in one pass.
    public func locations(ofOffsets offsets: [Int]) -> [SourceLocation] {
        if let sourceMap { return offsets.map { sourceMap.location(ofOffset: $0) } }
        return text.withUnsafeBufferPointer { SourceLocation.locate(offsets: offsets, in: $0) }
    }
}
