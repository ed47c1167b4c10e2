/// The byte-level JSON parser: RFC 8259 text in, a flat tape out.
///
/// It never recurses (nesting depth is a counter, so deep input is an error, not a stack
/// overflow), validates UTF-8 and escapes as it scans, and keeps numbers as their text so
/// integers beyond 64 bits stay exact.
struct JSONParser {
    private let base: UnsafePointer<UInt8>
    private let count: Int
    private let options: JSONParseOptions
    private var tape: UnsafeMutablePointer<JSONTapeEntry>
    private var tapeCount = 0
    private var stack: [Int] = []
    /// How many members or elements the innermost open container has so far, and the same
    /// for each container around it (saved when a container opens inside it).
    private var children = 0
    private var enclosingChildren: [Int] = []
    /// The most containers open at once.
    private var deepest = 0
    /// Parsing the second half of a document for the lead parser: values of an array from
    /// ``ParseShare/start`` up to the `]` that closes it.
    private var share: ParseShare?
    /// Where that `]` is, once found.
    private var shareEnd = -1
    /// The lead parser's other half: where it starts (or -1) and what it found.
    private var splice: ParseShare?
    private var spliceAt = -1
    /// Whether the other half's values were copied in (rather than parsed here after all).
    private var spliced = false

    private init(base: UnsafePointer<UInt8>, count: Int, options: JSONParseOptions, tape: UnsafeMutablePointer<JSONTapeEntry>) {
        self.base = base
        self.count = count
        self.options = options
        self.tape = tape
        stack.reserveCapacity(min(options.maxDepth, 64))
        enclosingChildren.reserveCapacity(min(options.maxDepth, 64))
    }

    /// Parses `bytes` into a newly allocated tape, which the caller owns and deallocates.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, options: JSONParseOptions) throws(JSONError) -> ParsedTape {
        guard bytes.count < Int(UInt32.max) else { throw .documentTooLarge(bytes: bytes.count) }
        guard let base = bytes.baseAddress, bytes.count > 0 else {
            throw .unexpectedEnd(expected: "a JSON value", at: SourceLocation(line: 1, column: 1, offset: 0))
        }
        // Every entry on the tape starts at its own byte (a value's first byte, or a closing
        // bracket), so n bytes make at most n entries — also for invalid input such as n
        // unclosed brackets, which is parsed up to its end before the error shows. Reserving
        // that bound up front means the tape never moves; pages that are never written are
        // never made resident.
        let capacity = bytes.count + 2
        let tapeBase = UnsafeMutablePointer<JSONTapeEntry>.allocate(capacity: capacity)
        // A large document is parsed in two halves at once: the second from an array element
        // near the middle, on another core, spliced in when this parser gets there.
        let share = ParseShare.start(base: base, count: bytes.count, options: options)
        defer { share?.finish() }
        var parser = JSONParser(base: base, count: bytes.count, options: options, tape: tapeBase)
        parser.splice = share
        parser.spliceAt = share?.start ?? -1
        do throws(JSONError) {
            try parser.run()
        } catch {
            // The share reads the lead's tape while it runs: it must have finished first.
            share?.finish()
            tapeBase.deallocate()
            throw error
        }
        return ParsedTape(entries: tapeBase, count: parser.tapeCount, wasSplit: parser.spliced)
    }

    /// Parses a share's half (see ``ParseShare``): the entries written, the index of the `]`
    /// that ends it, the deepest nesting and how many elements it holds; nil when it fails.
    static func parseShare(_ share: ParseShare, base: UnsafePointer<UInt8>, count: Int, options: JSONParseOptions,
                           tape: UnsafeMutablePointer<JSONTapeEntry>) -> (entryCount: Int, end: Int, deepest: Int, children: Int)? {
        var parser = JSONParser(base: base, count: count, options: options, tape: tape)
        parser.share = share
        do throws(JSONError) {
            try parser.run()
        } catch {
            return nil
        }
        // Stopped at the `]` with only the array that stands for the lead's open: its count.
        return (parser.tapeCount, parser.shareEnd, parser.deepest, parser.children)
    }

    // MARK: - Structure

    private mutating func run() throws(JSONError) {
        var i: Int
        if let share {
            // The values of an array that the lead parser has open: an array entry stands
            // for it, so the loop below reads the rest as array elements.
            i = share.start
            try open(.array, at: i)
        } else {
            i = skipWhitespace(skipByteOrderMark(0))
            guard i < count else { throw .unexpectedEnd(expected: "a JSON value", at: location(i)) }
        }
        parsing: while true {
            // Parse one value starting at i (whitespace already skipped).
            if i == spliceAt, let top = stack.last, tape[top].kind == .array, let end = spliceShare() {
                // The other half parsed from here to the `]` that closes this array.
                i = end
            } else {
                let byte = base[i]
                switch byte {
                case UInt8(ascii: "{"):
                    try open(.object, at: i)
                    i = skipWhitespace(i + 1)
                    guard i < count else { throw .unexpectedEnd(expected: "a string key or '}'", at: location(i)) }
                    if base[i] == UInt8(ascii: "}") {
                        try close(at: i)
                        i += 1
                    } else {
                        i = try parseKey(at: i, expected: "a string key or '}'")
                        continue parsing
                    }
                case UInt8(ascii: "["):
                    try open(.array, at: i)
                    i = skipWhitespace(i + 1)
                    guard i < count else { throw .unexpectedEnd(expected: "a value or ']'", at: location(i)) }
                    if base[i] == UInt8(ascii: "]") {
                        try close(at: i)
                        i += 1
                    } else {
                        continue parsing
                    }
                case UInt8(ascii: "\""):
                    i = try parseString(at: i)
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    i = try parseNumber(at: i)
                case UInt8(ascii: "t"):
                    i = try parseLiteral("true", kind: .bool, flag: true, at: i)
                case UInt8(ascii: "f"):
                    i = try parseLiteral("false", kind: .bool, flag: false, at: i)
                case UInt8(ascii: "n"):
                    i = try parseLiteral("null", kind: .null, flag: false, at: i)
                default:
                    throw .unexpectedCharacter(found: describe(at: i), expected: "a JSON value", at: location(i))
                }
            }
            // A value ended at i: continue the enclosing container, or finish.
            while true {
                i = skipWhitespace(i)
                guard let top = stack.last else {
                    guard i == count else {
                        throw .unexpectedCharacter(found: describe(at: i), expected: "the end of the input", at: location(i))
                    }
                    return
                }
                // One more member or element of the container this value is in.
                children &+= 1
                let isObject = tape[top].kind == .object
                guard i < count else {
                    throw .unexpectedEnd(expected: isObject ? "',' or '}'" : "',' or ']'", at: location(i))
                }
                let c = base[i]
                if c == UInt8(ascii: ",") {
                    i = skipWhitespace(i + 1)
                    guard i < count else { throw .unexpectedEnd(expected: isObject ? "a string key" : "a value", at: location(i)) }
                    if isObject { i = try parseKey(at: i, expected: "a string key") }
                    continue parsing
                }
                if c == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    if share != nil && stack.count == 1 {
                        // The end of the lead parser's array: this half is done.
                        shareEnd = i
                        return
                    }
                    try close(at: i)
                    i += 1
                    continue
                }
                throw .unexpectedCharacter(found: describe(at: i), expected: isObject ? "',' or '}'" : "',' or ']'", at: location(i))
            }
        }
    }

    /// Parses `"key"` `:` and the whitespace after it; returns the index of the value.
    private mutating func parseKey(at start: Int, expected: String) throws(JSONError) -> Int {
        guard base[start] == UInt8(ascii: "\"") else {
            throw .unexpectedCharacter(found: describe(at: start), expected: expected, at: location(start))
        }
        var i = skipWhitespace(try parseString(at: start))
        guard i < count else { throw .unexpectedEnd(expected: "':'", at: location(i)) }
        guard base[i] == UInt8(ascii: ":") else {
            throw .unexpectedCharacter(found: describe(at: i), expected: "':' after the key", at: location(i))
        }
        i = skipWhitespace(i + 1)
        guard i < count else { throw .unexpectedEnd(expected: "a value", at: location(i)) }
        return i
    }

    private mutating func open(_ kind: JSONKind, at i: Int) throws(JSONError) {
        guard stack.count < options.maxDepth else { throw .nestingTooDeep(limit: options.maxDepth, at: location(i)) }
        if let share, share.isCancelled { throw .unexpectedEnd(expected: "nothing (cancelled)", at: location(i)) }
        stack.append(tapeCount)
        enclosingChildren.append(children)
        children = 0
        deepest = max(deepest, stack.count)
        append(JSONTapeEntry(kind: kind, offset: i, payload: 0, flag: false))
    }

    /// Takes the other half's values onto this tape, once it is done; returns the index of
    /// the `]` after them, or nil (and parses on alone) when the other half failed or would
    /// nest deeper than allowed from here — parsing it here then finds the same error.
    private mutating func spliceShare() -> Int? {
        spliceAt = -1
        guard let splice, let segment = splice.result(), stack.count - 1 + segment.deepest <= options.maxDepth else { return nil }
        ParseShare.copy(segment.entries, count: segment.count, to: tape + tapeCount, inTwoAbove: options.parallelCopyThreshold)
        tapeCount += segment.count
        // The other half's elements are this array's too; the caller counts one value on
        // return, as after any value.
        children += segment.children - 1
        spliced = true
        return segment.end
    }

    private mutating func close(at i: Int) throws(JSONError) {
        let index = stack.removeLast()
        let offset = Int(tape[index].offset)
        // Counted as the values ended, one add each, rather than by walking the siblings
        // through the tape again.
        let members = children
        children = enclosingChildren.removeLast()
        let isObject = tape[index].kind == .object
        let span = tapeCount - index
        guard span <= JSONTapeEntry.maxPayload else {
            throw .unexpectedCharacter(found: "more than \(JSONTapeEntry.maxPayload) values", expected: "fewer values in one container", at: location(offset))
        }
        tape[index].packed |= UInt32(span)
        append(JSONTapeEntry(endAt: i, count: members))
        if isObject, options.duplicateKeys == .reject { try rejectDuplicateKeys(object: index) }
    }

    /// Fails at the first key of object `index` that an earlier key of it already named.
    /// Keys are compared as code points, escapes decoded: two keys that only look alike
    /// (a precomposed "é" and "e" with a combining accent) are different keys. Objects as
    /// people write them are small, so their keys are compared pairwise in place; larger ones
    /// go through a set.
    private func rejectDuplicateKeys(object index: Int) throws(JSONError) {
        let written = UnsafeBufferPointer(start: tape, count: tapeCount)
        let end = written.childrenEnd(index)
        func body(_ key: Int) -> UnsafeBufferPointer<UInt8> {
            let entry = tape[key]
            return UnsafeBufferPointer(start: base + Int(entry.offset) + 1, count: entry.payload - 2)
        }
        func duplicate(_ key: Int, first: Int) -> JSONError {
            let entry = tape[key]
            let text = JSONString.decode(UnsafeBufferPointer(start: base + Int(entry.offset), count: entry.payload), hasEscapes: entry.flag)
            return .duplicateKey(text, at: location(Int(entry.offset)), first: location(Int(tape[first].offset)))
        }
        if written.childCount(index) <= 32 {
            var key = index + 1
            while key < end {
                var earlier = index + 1
                while earlier < key {
                    let same = tape[key].flag || tape[earlier].flag
                        ? JSONString.unescape(body(key)) == JSONString.unescape(body(earlier))
                        : memoryEquals(body(key), body(earlier))
                    if same { throw duplicate(key, first: earlier) }
                    earlier = written.valueEnd(earlier + 1)
                }
                key = written.valueEnd(key + 1)
            }
            return
        }
        var seen: [[UInt8]: Int] = [:]
        var key = index + 1
        while key < end {
            let bytes = tape[key].flag ? JSONString.unescape(body(key)) : Array(body(key))
            if let first = seen[bytes] { throw duplicate(key, first: first) }
            seen[bytes] = key
            key = written.valueEnd(key + 1)
        }
    }

    @inline(__always)
    private mutating func append(_ entry: JSONTapeEntry) {
        tape[tapeCount] = entry
        tapeCount += 1
    }

    // MARK: - Scalars

    @inline(__always)
    private func skipWhitespace(_ start: Int) -> Int {
        var i = start
        while i < count {
            let c = base[i]
            guard c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { break }
            i += 1
            // Pretty-printed answers indent with runs of spaces: skip them eight at a time.
            while i + 8 <= count {
                let spaces = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) ^ 0x2020_2020_2020_2020
                if spaces != 0 {
                    // Little-endian: the lowest non-zero byte is the first that is not a space.
                    i += spaces.littleEndian.trailingZeroBitCount >> 3
                    break
                }
                i += 8
            }
        }
        return i
    }

    private func skipByteOrderMark(_ i: Int) -> Int {
        // RFC 8259 §8.1 lets a parser ignore a UTF-8 byte order mark; editors on Windows add one.
        if count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { return 3 }
        return i
    }

    private mutating func parseLiteral(_ word: StaticString, kind: JSONKind, flag: Bool, at start: Int) throws(JSONError) -> Int {
        let length = word.utf8CodeUnitCount
        let letters = word.utf8Start
        for k in 0..<length {
            guard start + k < count else { throw .unexpectedEnd(expected: "'\(word)'", at: location(start + k)) }
            guard base[start + k] == letters[k] else {
                throw .unexpectedCharacter(found: describe(at: start), expected: "a JSON value (did you mean '\(word)'?)", at: location(start))
            }
        }
        append(JSONTapeEntry(kind: kind, offset: start, payload: 0, flag: flag))
        return start + length
    }

    private mutating func parseNumber(at start: Int) throws(JSONError) -> Int {
        var i = start
        if base[i] == UInt8(ascii: "-") { i += 1 }
        guard i < count, isDigit(base[i]) else {
            throw .invalidNumber("expected a digit after '-'", at: location(i))
        }
        if base[i] == UInt8(ascii: "0") {
            i += 1
            if i < count, isDigit(base[i]) { throw .invalidNumber("leading zeros are not allowed", at: location(start)) }
        } else {
            while i < count, isDigit(base[i]) { i += 1 }
        }
        var isInteger = true
        if i < count, base[i] == UInt8(ascii: ".") {
            isInteger = false
            i += 1
            guard i < count, isDigit(base[i]) else { throw .invalidNumber("expected a digit after '.'", at: location(i)) }
            while i < count, isDigit(base[i]) { i += 1 }
        }
        if i < count, base[i] == UInt8(ascii: "e") || base[i] == UInt8(ascii: "E") {
            isInteger = false
            i += 1
            if i < count, base[i] == UInt8(ascii: "+") || base[i] == UInt8(ascii: "-") { i += 1 }
            guard i < count, isDigit(base[i]) else { throw .invalidNumber("expected a digit in the exponent", at: location(i)) }
            while i < count, isDigit(base[i]) { i += 1 }
        }
        guard i - start <= JSONTapeEntry.maxPayload else { throw .invalidNumber("longer than \(JSONTapeEntry.maxPayload) characters", at: location(start)) }
        append(JSONTapeEntry(kind: .number, offset: start, payload: i - start, flag: isInteger))
        return i
    }

    @inline(__always)
    private func isDigit(_ c: UInt8) -> Bool { c &- UInt8(ascii: "0") < 10 }

    /// Scans a string from its opening quote; appends it and returns the index after the
    /// closing quote.
    private mutating func parseString(at start: Int) throws(JSONError) -> Int {
        var i = start + 1
        var hasEscapes = false
        while true {
            // Eight bytes at a time while none is a quote, backslash, control or non-ASCII byte;
            // then straight to the first byte that is.
            while i + 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                let attention = JSONParser.attentionMask(word)
                if attention != 0 {
                    i += attention.trailingZeroBitCount >> 3
                    break
                }
                i += 8
            }
            guard i < count else { throw unterminatedString(start: start, end: i) }
            let c = base[i]
            if c == UInt8(ascii: "\"") { break }
            if c == UInt8(ascii: "\\") {
                hasEscapes = true
                i = try scanEscape(at: i)
                continue
            }
            if c < 0x20 { throw controlCharacter(c, at: i) }
            if c < 0x80 {
                i += 1
                continue
            }
            i = try scanUTF8(at: i)
        }
        guard i + 1 - start <= JSONTapeEntry.maxPayload else { throw stringTooLong(start: start) }
        append(JSONTapeEntry(kind: .string, offset: start, payload: i + 1 - start, flag: hasEscapes))
        return i + 1
    }

    /// A mask whose lowest set bit lies in the first byte of `word` (read little-endian) that
    /// is `"`, `\`, below 0x20 or at or above 0x80; zero when there is none (see ``ByteWord``
    /// for why the lowest bit is exact).
    @inline(__always)
    private static func attentionMask(_ word: UInt64) -> UInt64 {
        let hasControl = (word &- ByteWord.ones &* 0x20) & ~word
        return (ByteWord.marks(of: UInt8(ascii: "\""), in: word) | ByteWord.marks(of: UInt8(ascii: "\\"), in: word)
            | hasControl | word) & ByteWord.highs
    }

    private func scanEscape(at i: Int) throws(JSONError) -> Int {
        guard i + 1 < count else { throw .unexpectedEnd(expected: "an escape character after '\\'", at: location(i + 1)) }
        switch base[i + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
             UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return i + 2
        case UInt8(ascii: "u"):
            let unit = try hex4(at: i + 2, escapeStart: i)
            if unit >= 0xDC00 && unit <= 0xDFFF {
                throw .loneSurrogate(text(i, 6), at: location(i))
            }
            if unit >= 0xD800 && unit <= 0xDBFF {
                // A high surrogate must be followed at once by an escaped low surrogate.
                guard i + 7 < count, base[i + 6] == UInt8(ascii: "\\"), base[i + 7] == UInt8(ascii: "u") else {
                    throw .loneSurrogate(text(i, 6), at: location(i))
                }
                let low = try hex4(at: i + 8, escapeStart: i + 6)
                guard low >= 0xDC00 && low <= 0xDFFF else { throw .loneSurrogate(text(i, 6), at: location(i)) }
                return i + 12
            }
            return i + 6
        default:
            throw .invalidEscape(text(i, 2), at: location(i))
        }
    }

    private func hex4(at start: Int, escapeStart: Int) throws(JSONError) -> UInt32 {
        guard start + 4 <= count else { throw .unexpectedEnd(expected: "four hex digits after '\\u'", at: location(min(start, count))) }
        var value: UInt32 = 0
        for k in 0..<4 {
            let c = base[start + k]
            let digit: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw .invalidEscape(text(escapeStart, start + k + 1 - escapeStart), at: location(escapeStart))
            }
            value = value << 4 | digit
        }
        return value
    }

    /// Validates one multi-byte UTF-8 sequence (RFC 3629: no overlongs, no surrogates, at most
    /// U+10FFFF); returns the index after it.
    // Inlined: as a call, each code point outside ASCII copied the whole parser first (a
    // Korean label is a call per syllable).
    @inline(__always)
    private func scanUTF8(at i: Int) throws(JSONError) -> Int {
        let lead = base[i]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw invalidUTF8(at: i)
        }
        guard i + length <= count else { throw invalidUTF8(at: i) }
        let second = base[i + 1]
        guard second >= low && second <= high else { throw invalidUTF8(at: i) }
        for k in 2..<max(2, length) where base[i + k] & 0xC0 != 0x80 {
            throw invalidUTF8(at: i)
        }
        return i + length
    }

    // MARK: - Errors

    // The errors of the string scan, made out of line: built in place, their text and
    // location took the registers and stack of the scan, which runs for every key and string.
    @inline(never)
    private func unterminatedString(start: Int, end: Int) -> JSONError {
        .unexpectedEnd(expected: "'\"' to close the string that starts at \(location(start))", at: location(end))
    }

    @inline(never)
    private func controlCharacter(_ byte: UInt8, at i: Int) -> JSONError {
        .controlCharacterInString(byte, at: location(i))
    }

    @inline(never)
    private func stringTooLong(start: Int) -> JSONError {
        .unexpectedCharacter(found: "a string of more than \(JSONTapeEntry.maxPayload) bytes", expected: "a shorter string", at: location(start))
    }

    @inline(never)
    private func invalidUTF8(at i: Int) -> JSONError {
        .invalidUTF8(at: location(i))
    }

    private func location(_ offset: Int) -> SourceLocation {
        SourceLocation.locate(offset: offset, in: UnsafeBufferPointer(start: base, count: count))
    }

    private func text(_ start: Int, _ length: Int) -> String {
        let end = min(start + length, count)
        return String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
    }

    /// Describes the byte at `i` for an error message: `'x'`, `byte 0xFF`, or the end.
    private func describe(at i: Int) -> String {
        guard i < count else { return "the end of the input" }
        let c = base[i]
        if c >= 0x21 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
        if c == 0 { return "a NUL byte" }
        if c >= 0x80 {
            // Show the whole character when it is valid UTF-8 (a stray Korean word, say).
            if let end = try? scanUTF8(at: i) { return "'\(text(i, end - i))'" }
        }
        let hex = String(c, radix: 16, uppercase: true)
        return "byte 0x\(hex.count == 1 ? "0" : "")\(hex)"
    }
}
