/// A parsed JSON text: its bytes and the tape of its values.
///
/// Immutable once parsed, so it is safe to share across threads. Walk it through ``root``.
public final class JSONDocument: Sendable {
    /// The text as parsed, UTF-8.
    public let bytes: [UInt8]
    @usableFromInline let tape: [JSONTapeEntry]

    private init(bytes: [UInt8], tape: [JSONTapeEntry]) {
        self.bytes = bytes
        self.tape = tape
    }

    /// Parses a UTF-8 JSON text.
    public static func parse(_ bytes: [UInt8], options: JSONParseOptions = JSONParseOptions()) throws(JSONError) -> JSONDocument {
        let result: Result<[JSONTapeEntry], JSONError> = bytes.withUnsafeBufferPointer { buffer in
            do throws(JSONError) {
                return .success(try JSONParser.parse(buffer, options: options))
            } catch {
                return .failure(error)
            }
        }
        return JSONDocument(bytes: bytes, tape: try result.get())
    }

    /// Parses a JSON text given as a string.
    public static func parse(_ text: String, options: JSONParseOptions = JSONParseOptions()) throws(JSONError) -> JSONDocument {
        try parse(Array(text.utf8), options: options)
    }

    /// The top-level value.
    public var root: JSONNode { JSONNode(document: self, index: 0) }

    /// How many values the document holds, keys included.
    public var valueCount: Int { tape.count }

    /// The line and column of a byte offset.
    public func location(ofOffset offset: Int) -> SourceLocation {
        bytes.withUnsafeBufferPointer { SourceLocation.locate(offset: offset, in: $0) }
    }

    /// The lines and columns of many byte offsets, in one pass.
    public func locations(ofOffsets offsets: [Int]) -> [SourceLocation] {
        bytes.withUnsafeBufferPointer { SourceLocation.locate(offsets: offsets, in: $0) }
    }
}
