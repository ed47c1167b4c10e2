/// A few lines of a response body around a place, numbered, with a caret under the column:
/// what the text report shows under a breaking finding so the reader sees the offending part
/// of the answer without opening it.
///
/// ```
///    33 |       "MENU_NM": "공지",
///  > 34 |       "MENU_ID2": null,
///       |                   ^ expected string, found null
///    35 |       "SORT": 3
/// ```
public struct BodyExcerpt: Sendable {
    /// One quoted line of the body, as shown: tabs as spaces, a long line cut to a window with
    /// `…` where text was left out. The HTML report marks ``column`` in it; the text report
    /// puts a caret under it.
    public struct Line: Sendable, Hashable {
        /// The line's number in the body (1-based).
        public var number: Int
        /// The line as shown.
        public var text: String
        /// On the line with the place only: the place's column in ``text`` (1-based, in
        /// characters, after the cut); may be one past the end for a place at the line's end.
        public var column: Int?
    }

    /// Lines shown before and after the one with the place.
    public var context: Int
    /// The most characters of one line shown; longer lines (minified JSON is one long line)
    /// are cut to a window around the column, with `…` where text was left out.
    public var width: Int

    /// Creates an excerpt maker.
    public init(context: Int = 1, width: Int = 100) {
        self.context = context
        self.width = width
    }

    /// The excerpt lines (without trailing newlines) for `location` in `body`, with `note`
    /// after the caret; empty when the location is not in the body.
    public func lines(of body: [UInt8], at location: SourceLocation, note: String) -> [String] {
        let quoted = quotedLines(of: body, at: location)
        let numberWidth = String(quoted.last?.number ?? 0).count
        var out: [String] = []
        for line in quoted {
            let marker = line.column == nil ? " " : ">"
            let label = String(repeating: " ", count: numberWidth - String(line.number).count) + String(line.number)
            out.append("\(marker) \(label) | \(line.text)".trimmingTrailingSpaces())
            if let column = line.column {
                let prefix = Array(line.text.unicodeScalars.prefix(max(0, column - 1)))
                let offset = prefix.reduce(0) { $0 + Self.displayWidth($1) }
                out.append("  " + String(repeating: " ", count: numberWidth) + " | " + String(repeating: " ", count: offset) + "^ " + note)
            }
        }
        return out
    }

    /// The lines around `location` in `body`, the place's line with its column; empty when
    /// the location is not in the body.
    public func quotedLines(of body: [UInt8], at location: SourceLocation) -> [Line] {
        let text = String(decoding: body, as: UTF8.self)
        let allLines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard location.line >= 1, location.line <= allLines.count else { return [] }
        let first = max(1, location.line - context)
        let last = min(allLines.count, location.line + context)
        var out: [Line] = []
        for number in first...last {
            var line = Array(String(allLines[number - 1]).unicodeScalars)
            if line.last == "\r" { line.removeLast() }
            // Keep the column's neighbourhood of a long line.
            let column = number == location.line ? max(1, location.column) : 1
            var start = 0
            if line.count > width {
                start = number == location.line ? max(0, min(column - 1 - width / 2, line.count - width)) : 0
            }
            let end = min(line.count, start + width)
            var shown = String(String.UnicodeScalarView(line[start..<end].map { $0 == "\t" ? " " : $0 }))
            if start > 0 { shown = "…" + shown }
            if end < line.count { shown += "…" }
            let shownColumn = column - start + (start > 0 ? 1 : 0)
            out.append(Line(number: number, text: shown, column: number == location.line ? shownColumn : nil))
        }
        return out
    }

    /// Terminal columns a character takes: 2 for East Asian wide characters (Hangul, CJK,
    /// full-width forms), so the caret lands under the right place in Korean text.
    static func displayWidth(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
