/// Where the values of a document converted from another text (YAML) are in that text.
///
/// A YAML file is read into JSON text and parsed like any other, so the tape, look-ups and
/// schemas work unchanged; the offsets on the tape then point into that JSON text, and this
/// map turns each one back into the YAML file's line:column. Entries are added in the order
/// the JSON text is written, so their offsets ascend.
package struct SourceMap: Sendable {
    /// One value's place: its offset in the JSON text, and its line, column and byte offset
    /// in the source text (UInt32s: a document is under 4 GiB).
    struct Entry: Sendable {
        var jsonOffset: UInt32
        var line: UInt32
        var column: UInt32
        var offset: UInt32
    }

    private var entries: [Entry] = []

    /// An empty map.
    package init() {}

    /// How many values it places.
    package var count: Int { entries.count }

    /// Makes room for `count` places.
    package mutating func reserveCapacity(_ count: Int) {
        entries.reserveCapacity(count)
    }

    /// Records that the value written at `jsonOffset` (at or after the last one recorded) is
    /// at `location` in the source text.
    package mutating func append(jsonOffset: Int, _ location: SourceLocation) {
        entries.append(Entry(jsonOffset: UInt32(truncatingIfNeeded: jsonOffset), line: UInt32(truncatingIfNeeded: location.line),
                             column: UInt32(truncatingIfNeeded: location.column), offset: UInt32(truncatingIfNeeded: location.offset)))
    }

    /// The source place of the value at `jsonOffset`: of the last value recorded at or before
    /// it (a closing bracket, which has no entry, gets the place of the value before it).
    package func location(ofOffset jsonOffset: Int) -> SourceLocation {
        var low = 0
        var high = entries.count
        // The first entry past the offset; the one before it is the answer.
        while low < high {
            let middle = (low + high) / 2
            if Int(entries[middle].jsonOffset) <= jsonOffset { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return SourceLocation(line: 1, column: 1, offset: 0) }
        let entry = entries[low - 1]
        return SourceLocation(line: Int(entry.line), column: Int(entry.column), offset: Int(entry.offset))
    }
}
