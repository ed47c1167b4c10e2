/// Reads the inside of one tag: `helper param key=value`, a path, a literal, a
/// subexpression `(helper ...)`.
struct TemplateExpressionReader {
    let bytes: ArraySlice<UInt8>
    /// The offset of `bytes.startIndex` in the template's text (slices keep their parent's
    /// indices, so `index` is already a template offset when `base` equals it).
    let base: Int
    private var index: Int

    init(bytes: ArraySlice<UInt8>, base: Int) {
        self.bytes = bytes
        self.base = base
        index = bytes.startIndex
    }

    private var offset: Int { base + (index - bytes.startIndex) }

    /// The expression of an output tag `{{...}}`.
    mutating func readMustache(tagOffset: Int) throws(TemplateSyntaxError) -> TemplateExpression {
        skipSpaces()
        guard index < bytes.endIndex else { throw TemplateSyntaxError(offset: tagOffset, reason: "the tag is empty; write a value such as {{request.path}}") }
        let startOffset = offset
        let head = try readOperand()
        let (params, hash) = try readArguments(until: nil)
        if case .path(let path) = head, isHelperName(path) {
            let name = path.segments[0]
            guard TemplateHelpers.isKnown(name) else {
                if params.isEmpty && hash.isEmpty { return head }
                throw TemplateSyntaxError(offset: startOffset, reason: TemplateHelpers.unknownMessage(name, block: false))
            }
            return .call(TemplateCall(name: name, params: params, hash: hash, offset: startOffset))
        }
        guard params.isEmpty, hash.isEmpty else {
            throw TemplateSyntaxError(offset: startOffset, reason: "only a helper takes arguments, and this is a value; call a helper such as {{jsonPath request.body '$.a'}}")
        }
        return head
    }

    /// The helper call of a block tag `{{#name ...}}`.
    mutating func readCall(tagOffset: Int) throws(TemplateSyntaxError) -> TemplateCall {
        skipSpaces()
        let startOffset = offset
        guard index < bytes.endIndex, case .path(let path) = try readOperand(), isHelperName(path) else {
            throw TemplateSyntaxError(offset: startOffset, reason: "a block starts with a helper name, such as {{#if ...}} or {{#each ...}}")
        }
        let (params, hash) = try readArguments(until: nil)
        return TemplateCall(name: path.segments[0], params: params, hash: hash, offset: startOffset)
    }

    private func isHelperName(_ path: TemplatePath) -> Bool {
        path.segments.count == 1 && path.parents == 0 && !path.isData && !path.isExplicitContext
    }

    private mutating func readArguments(until closer: UInt8?) throws(TemplateSyntaxError)
        -> ([TemplateExpression], [(key: String, value: TemplateExpression)]) {
        var params: [TemplateExpression] = []
        var hash: [(key: String, value: TemplateExpression)] = []
        while true {
            skipSpaces()
            guard index < bytes.endIndex else {
                if closer != nil { throw TemplateSyntaxError(offset: offset, reason: "the subexpression is not closed; add ')'") }
                return (params, hash)
            }
            if let closer, bytes[index] == closer { index += 1; return (params, hash) }
            if bytes[index] == 0x29 { throw TemplateSyntaxError(offset: offset, reason: "unexpected ')'") }
            if let key = peekHashKey() {
                index += key.utf8.count + 1
                skipSpaces()
                guard index < bytes.endIndex else { throw TemplateSyntaxError(offset: offset, reason: "'\(key)=' has no value") }
                hash.append((key, try readOperand()))
                continue
            }
            guard hash.isEmpty else {
                throw TemplateSyntaxError(offset: offset, reason: "positional arguments go before key=value ones")
            }
            params.append(try readOperand())
        }
    }

    /// `name=` at the current position, if that is what comes.
    private func peekHashKey() -> String? {
        var probe = index
        while probe < bytes.endIndex, Self.isIDByte(bytes[probe]) { probe += 1 }
        guard probe > index, probe < bytes.endIndex, bytes[probe] == 0x3D else { return nil }
        return String(decoding: bytes[index..<probe], as: UTF8.self)
    }

    private mutating func readOperand() throws(TemplateSyntaxError) -> TemplateExpression {
        let start = offset
        let byte = bytes[index]
        switch byte {
        case 0x28:
            index += 1
            skipSpaces()
            let nameOffset = offset
            guard index < bytes.endIndex, case .path(let path) = try readOperand(), isHelperName(path) else {
                throw TemplateSyntaxError(offset: nameOffset, reason: "a subexpression starts with a helper name, such as (upper request.path)")
            }
            guard TemplateHelpers.isKnown(path.segments[0]) else {
                throw TemplateSyntaxError(offset: nameOffset, reason: TemplateHelpers.unknownMessage(path.segments[0], block: false))
            }
            let (params, hash) = try readArguments(until: 0x29)
            return .call(TemplateCall(name: path.segments[0], params: params, hash: hash, offset: nameOffset))
        case 0x22, 0x27:
            return .literal(.string(try readString(quote: byte)))
        default:
            break
        }
        if byte == 0x2D || (0x30...0x39).contains(byte), let number = readNumber() { return .literal(number) }
        let path = try readPath(start: start)
        if path.segments.count == 1, path.parents == 0, !path.isData, !path.isExplicitContext {
            switch path.segments[0] {
            case "true": return .literal(.bool(true))
            case "false": return .literal(.bool(false))
            case "null", "undefined": return .literal(.null)
            default: break
            }
        }
        return .path(path)
    }

    private mutating func readString(quote: UInt8) throws(TemplateSyntaxError) -> String {
        let start = offset
        index += 1
        var text: [UInt8] = []
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == 0x5C, index + 1 < bytes.endIndex, bytes[index + 1] == quote {
                text.append(quote)
                index += 2
                continue
            }
            if byte == quote {
                index += 1
                return String(decoding: text, as: UTF8.self)
            }
            text.append(byte)
            index += 1
        }
        throw TemplateSyntaxError(offset: start, reason: "the string is not closed; end it with \(quote == 0x22 ? "\"" : "'")")
    }

    private mutating func readNumber() -> TemplateValue? {
        var probe = index
        if bytes[probe] == 0x2D { probe += 1 }
        let digitsStart = probe
        while probe < bytes.endIndex, (0x30...0x39).contains(bytes[probe]) { probe += 1 }
        guard probe > digitsStart else { return nil }
        var isDecimal = false
        if probe + 1 < bytes.endIndex, bytes[probe] == 0x2E, (0x30...0x39).contains(bytes[probe + 1]) {
            isDecimal = true
            probe += 1
            while probe < bytes.endIndex, (0x30...0x39).contains(bytes[probe]) { probe += 1 }
        }
        guard probe == bytes.endIndex || Self.isDelimiter(bytes[probe]) else { return nil }
        let text = String(decoding: bytes[index..<probe], as: UTF8.self)
        index = probe
        if isDecimal { return Double(text).map(TemplateValue.double) }
        return Int(text).map(TemplateValue.int) ?? Double(text).map(TemplateValue.double)
    }

    private mutating func readPath(start: Int) throws(TemplateSyntaxError) -> TemplatePath {
        var path = TemplatePath(segments: [], parents: 0, isData: false, isExplicitContext: false)
        if bytes[index] == 0x40 { path.isData = true; index += 1 }
        while bytes[index...].starts(with: "../".utf8) { path.parents += 1; index += 3 }
        var expectSegment = true
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == 0x5B {
                guard let close = bytes[index...].firstIndex(of: 0x5D) else {
                    throw TemplateSyntaxError(offset: offset, reason: "'[' is not closed; write a segment as [name]")
                }
                path.segments.append(String(decoding: bytes[(index + 1)..<close], as: UTF8.self))
                index = close + 1
                expectSegment = false
                continue
            }
            if byte == 0x2E || byte == 0x2F {
                if path.segments.isEmpty, !path.isExplicitContext, byte == 0x2E {
                    // `.` alone, or `./x`, is the current context.
                    path.isExplicitContext = true
                }
                index += 1
                expectSegment = true
                continue
            }
            guard Self.isIDByte(byte), expectSegment else { break }
            var end = index
            while end < bytes.endIndex, Self.isIDByte(bytes[end]) { end += 1 }
            let name = String(decoding: bytes[index..<end], as: UTF8.self)
            index = end
            if path.segments.isEmpty, name == "this", !path.isData { path.isExplicitContext = true } else { path.segments.append(name) }
            expectSegment = false
        }
        if path.segments.isEmpty, !path.isExplicitContext {
            let found = index < bytes.endIndex ? String(decoding: bytes[index...index], as: UTF8.self) : "the end"
            throw TemplateSyntaxError(offset: start, reason: "expected a value (a path, a 'string', a number, or (helper ...)), found '\(found)'")
        }
        if index < bytes.endIndex, !Self.isDelimiter(bytes[index]) {
            throw TemplateSyntaxError(offset: offset, reason: "unexpected '\(String(decoding: bytes[index...index], as: UTF8.self))' in the path")
        }
        return path
    }

    private mutating func skipSpaces() {
        while index < bytes.endIndex, TemplateParser.isSpace(bytes[index]) { index += 1 }
    }

    /// Bytes Handlebars allows in a name: everything but spaces and its punctuation.
    static func isIDByte(_ byte: UInt8) -> Bool {
        if byte >= 0x80 { return true }
        if TemplateParser.isSpace(byte) { return false }
        switch byte {
        case 0x21, 0x22, 0x23, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x2E, 0x2F, 0x3B, 0x3C, 0x3D, 0x3E, 0x40, 0x5B, 0x5C,
             0x5D, 0x5E, 0x60, 0x7B, 0x7C, 0x7D, 0x7E:
            return false
        default:
            return byte > 0x20
        }
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        TemplateParser.isSpace(byte) || byte == 0x29 || byte == 0x28
    }
}
