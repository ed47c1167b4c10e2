/// A place in a source text: 1-based line and column, and the 0-based byte offset.
///
/// Columns count Unicode scalars, not bytes, so a column in a line of Korean text is the
/// column an editor shows.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The 1-based line number.
    public var line: Int
    /// The 1-based column, in Unicode scalars from the start of the line.
    public var column: Int
    /// The 0-based byte offset into the text.
    public var offset: Int

    /// Creates a location from its parts.
    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// `line:column`, the form editors and compilers use.
    public var description: String { "\(line):\(column)" }

    /// Orders locations by their byte offset.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool { lhs.offset < rhs.offset }

    /// Finds the line and column of `offset` in `bytes` by scanning from the start.
    ///
    /// Locations are needed only for reports and errors, so the parser never computes them on
    /// its hot path; use ``locate(offsets:in:)`` for many offsets at once.
    @inline(never)  // for reports and errors: kept out of the parser's and validator's loops
    public static func locate(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourceLocation {
        // One offset needs none of the sorting and arrays of the many-offset pass: every
        // contract loaded asks for one (its response's place, for reports).
        let target = min(max(offset, 0), bytes.count)
        guard let base = bytes.baseAddress else { return SourceLocation(line: 1, column: 1, offset: offset) }
        var line = 1
        var lineStart = 0
        for index in 0..<target where base[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return SourceLocation(line: line, column: column(in: bytes, from: lineStart, to: target), offset: offset)
    }

    /// The location of `offset` found in a table of where the lines start (a binary search).
    static func locate(offset: Int, in bytes: UnsafeBufferPointer<UInt8>, lineStarts: [Int]) -> SourceLocation {
        let target = min(max(offset, 0), bytes.count)
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= target { low = middle } else { high = middle - 1 }
        }
        return SourceLocation(line: low + 1, column: column(in: bytes, from: lineStarts[low], to: target), offset: offset)
    }

    /// The column of byte `target` on the line starting at `lineStart`: 1 + the characters
    /// (UTF-8 lead bytes) before it.
    @inline(__always)
    private static func column(in bytes: UnsafeBufferPointer<UInt8>, from lineStart: Int, to target: Int) -> Int {
        var column = 1
        for index in lineStart..<target where bytes[index] & 0xC0 != 0x80 { column += 1 }
        return column
    }

    /// Finds the locations of many offsets in one pass over `bytes`.
    public static func locate(offsets: [Int], in bytes: UnsafeBufferPointer<UInt8>) -> [SourceLocation] {
        let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        var result = [SourceLocation](repeating: SourceLocation(line: 1, column: 1, offset: 0), count: offsets.count)
        var line = 1
        var lineStart = 0
        var index = 0
        for position in order {
            let target = min(max(offsets[position], 0), bytes.count)
            while index < target {
                if bytes[index] == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = index + 1
                }
                index += 1
            }
            result[position] = SourceLocation(line: line, column: column(in: bytes, from: lineStart, to: target), offset: offsets[position])
        }
        return result
    }
}
