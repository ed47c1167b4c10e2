/// Compiles Handlebars text into a ``TemplateNode`` tree, once, when the mappings load.
///
/// The text is cut into text and tags first; `~` then trims the neighbouring text; last, the
/// tags nest into blocks. Block tags alone on their line keep the line's break and indent,
/// as in WireMock (Handlebars.java without `prettyPrint`), unlike Handlebars.js. Every helper name is checked against ``TemplateHelpers/known``: an unknown one is
/// an error, not text printed as WireMock prints it.
struct TemplateParser {
    private let bytes: [UInt8]

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// Whether `text` contains a tag at all: text without `{{` is sent as it is.
    static func hasTags(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == 0x7B, previous == 0x7B { return true }
            previous = byte
        }
        return false
    }

    func parse() throws(TemplateSyntaxError) -> [TemplateNode] {
        var tokens = try tokenize()
        Self.trimWhitespace(&tokens)
        var position = 0
        let nodes = try nest(tokens, &position, closing: nil)
        return nodes
    }

    // MARK: Tokens

    enum TagKind: Equatable {
        case output(escaped: Bool)
        case comment
        case open
        /// `{{^name}}`: an inverted section, read as `#unless`.
        case openInverse
        case close
        /// `{{else}}` or `{{^}}`; with an expression for `{{else if x}}`.
        case elseTag
    }

    struct Tag {
        var kind: TagKind
        /// The text between the delimiters (after `#`, `/`, `else`...).
        var content: ArraySlice<UInt8>
        var contentOffset: Int
        var offset: Int
        var stripBefore: Bool
        var stripAfter: Bool
    }

    enum Token {
        case text(String)
        case tag(Tag)
    }

    private func tokenize() throws(TemplateSyntaxError) -> [Token] {
        var tokens: [Token] = []
        var text: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x5C, index + 2 < bytes.count, bytes[index + 1] == 0x7B, bytes[index + 2] == 0x7B {
                // `\{{` is a literal `{{`.
                text.append(contentsOf: [0x7B, 0x7B])
                index += 3
                continue
            }
            guard bytes[index] == 0x7B, index + 1 < bytes.count, bytes[index + 1] == 0x7B else {
                text.append(bytes[index])
                index += 1
                continue
            }
            if !text.isEmpty { tokens.append(.text(String(decoding: text, as: UTF8.self))); text = [] }
            let (tag, end) = try readTag(at: index)
            tokens.append(.tag(tag))
            index = end
        }
        if !text.isEmpty { tokens.append(.text(String(decoding: text, as: UTF8.self))) }
        return tokens
    }

    /// Reads the tag whose `{{` is at `start`; returns it and the offset after its `}}`.
    private func readTag(at start: Int) throws(TemplateSyntaxError) -> (Tag, Int) {
        var index = start + 2
        var triple = false
        if index < bytes.count, bytes[index] == 0x7B { triple = true; index += 1 }
        var stripBefore = false
        if index < bytes.count, bytes[index] == 0x7E { stripBefore = true; index += 1 }
        if !triple, index < bytes.count, bytes[index] == 0x7B { triple = true; index += 1 }
        if !triple, index + 2 < bytes.count, bytes[index] == 0x21, bytes[index + 1] == 0x2D, bytes[index + 2] == 0x2D {
            // `{{!-- ... --}}` may contain `}}`.
            guard let close = find([0x2D, 0x2D, 0x7D, 0x7D], from: index + 3) ?? find([0x2D, 0x2D, 0x7E, 0x7D, 0x7D], from: index + 3) else {
                throw TemplateSyntaxError(offset: start, reason: "the comment '{{!--' is not closed; end it with '--}}'")
            }
            let stripAfter = bytes[close + 2] == 0x7E
            let tag = Tag(kind: .comment, content: bytes[index..<close], contentOffset: index, offset: start,
                          stripBefore: stripBefore, stripAfter: stripAfter)
            return (tag, close + (stripAfter ? 5 : 4))
        }
        let closer: [UInt8] = triple ? [0x7D, 0x7D, 0x7D] : [0x7D, 0x7D]
        guard let close = findCloser(closer, from: index) else {
            throw TemplateSyntaxError(offset: start, reason: "the tag '\(triple ? "{{{" : "{{")' is not closed; end it with '\(triple ? "}}}" : "}}")'")
        }
        var contentEnd = close
        var stripAfter = false
        if contentEnd > index, bytes[contentEnd - 1] == 0x7E { stripAfter = true; contentEnd -= 1 }
        let end = close + closer.count
        if !triple, end < bytes.count, bytes[end] == 0x7D {
            // Handlebars (WireMock's too) reads `}}}` as the end of a `{{{` tag and fails.
            throw TemplateSyntaxError(offset: close, reason: "'}}}' ends a '{{' tag; put a space before the last '}' (as in {\"a\": {{x}} })")
        }
        var kind: TagKind = .output(escaped: !triple)
        var contentStart = index
        if !triple, index < contentEnd {
            switch bytes[index] {
            case 0x21: kind = .comment; contentStart += 1
            case 0x23: kind = .open; contentStart += 1
            case 0x2F: kind = .close; contentStart += 1
            case 0x5E: kind = .openInverse; contentStart += 1
            case 0x26: kind = .output(escaped: false); contentStart += 1
            default: break
            }
        }
        var content = bytes[contentStart..<contentEnd]
        if kind == .openInverse, content.allSatisfy(Self.isSpace) { kind = .elseTag }
        if case .output = kind, triple == false {
            let trimmed = content.drop(while: Self.isSpace)
            if trimmed.starts(with: "else".utf8), trimmed.count == 4 || Self.isSpace(trimmed[trimmed.startIndex + 4]) {
                kind = .elseTag
                content = trimmed.dropFirst(4)
                contentStart = content.startIndex
            }
        }
        let tag = Tag(kind: kind, content: content, contentOffset: contentStart, offset: start, stripBefore: stripBefore, stripAfter: stripAfter)
        return (tag, end)
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// The closing delimiter, outside string literals.
    private func findCloser(_ closer: [UInt8], from start: Int) -> Int? {
        var index = start
        var quote: UInt8? = nil
        while index + closer.count <= bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == 0x22 || byte == 0x27 {
                quote = byte
            } else if bytes[index..<index + closer.count].elementsEqual(closer) {
                return index
            }
            index += 1
        }
        return quote == nil ? nil : find(closer, from: start)
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    // MARK: Whitespace

    /// Applies `~`: `{{~` takes the whitespace before the tag, `~}}` the whitespace after.
    static func trimWhitespace(_ tokens: inout [Token], standaloneLines: Bool = false) {
        // Every text's kept range (UTF-8 offsets), decided on the original texts.
        var texts: [[UInt8]] = tokens.map { if case .text(let text) = $0 { return Array(text.utf8) } else { return [] } }
        var lower = [Int](repeating: 0, count: tokens.count)
        var upper = texts.map(\.count)
        func isText(_ index: Int) -> Bool {
            guard index >= 0, index < tokens.count else { return false }
            if case .text = tokens[index] { return true }
            return false
        }
        for index in tokens.indices where standaloneLines {
            guard case .tag(let tag) = tokens[index] else { continue }
            if case .output = tag.kind { continue }
            let hasBefore = index > 0, hasAfter = index + 1 < tokens.count
            guard !hasBefore || isText(index - 1), !hasAfter || isText(index + 1) else { continue }
            var lineStart = 0
            if hasBefore {
                let before = texts[index - 1]
                if let newline = before.lastIndex(of: 0x0A) { lineStart = newline + 1 } else if index - 1 != 0 { continue }
                guard before[lineStart...].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { continue }
            }
            var lineEnd = 0
            if hasAfter {
                let after = texts[index + 1]
                if let newline = after.firstIndex(of: 0x0A) { lineEnd = newline + 1 } else if index + 2 != tokens.count { continue } else { lineEnd = after.count }
                guard after[..<lineEnd].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }) else { continue }
            }
            if hasBefore { upper[index - 1] = min(upper[index - 1], lineStart) }
            if hasAfter { lower[index + 1] = max(lower[index + 1], lineEnd) }
        }
        for index in tokens.indices {
            guard case .tag(let tag) = tokens[index] else { continue }
            if tag.stripBefore, isText(index - 1) {
                while upper[index - 1] > lower[index - 1], isSpace(texts[index - 1][upper[index - 1] - 1]) { upper[index - 1] -= 1 }
            }
            if tag.stripAfter, isText(index + 1) {
                while lower[index + 1] < upper[index + 1], isSpace(texts[index + 1][lower[index + 1]]) { lower[index + 1] += 1 }
            }
        }
        for index in tokens.indices where isText(index) {
            let range = lower[index] < upper[index] ? lower[index]..<upper[index] : 0..<0
            if range != 0..<texts[index].count { tokens[index] = .text(String(decoding: texts[index][range], as: UTF8.self)) }
        }
        texts.removeAll()
    }

    // MARK: Nesting

    private func nest(_ tokens: [Token], _ position: inout Int, closing: (name: String, offset: Int)?) throws(TemplateSyntaxError) -> [TemplateNode] {
        var nodes: [TemplateNode] = []
        while position < tokens.count {
            let token = tokens[position]
            position += 1
            switch token {
            case .text(let text):
                if !text.isEmpty { nodes.append(.text(text)) }
            case .tag(let tag):
                switch tag.kind {
                case .comment:
                    continue
                case .output(let escaped):
                    nodes.append(.output(try expression(of: tag), escaped: escaped))
                case .open, .openInverse:
                    nodes.append(.block(try block(tag, tokens, &position)))
                case .close:
                    let name = String(decoding: tag.content, as: UTF8.self).trimmingSpaces
                    guard let closing else {
                        throw TemplateSyntaxError(offset: tag.offset, reason: "'{{/\(name)}}' closes no block; remove it or add '{{#\(name) ...}}' before it")
                    }
                    guard name == closing.name else {
                        throw TemplateSyntaxError(offset: tag.offset,
                                                  reason: "'{{/\(name)}}' does not match '{{#\(closing.name)}}'; close it with '{{/\(closing.name)}}'")
                    }
                    position -= 1
                    return nodes
                case .elseTag:
                    guard closing != nil else {
                        throw TemplateSyntaxError(offset: tag.offset, reason: "'{{else}}' outside a block; use it between '{{#if ...}}' and '{{/if}}'")
                    }
                    position -= 1
                    return nodes
                }
            }
        }
        if let closing {
            throw TemplateSyntaxError(offset: closing.offset, reason: "'{{#\(closing.name)}}' is not closed; add '{{/\(closing.name)}}'")
        }
        return nodes
    }

    /// A block from its opening tag to its closing one, `{{else}}` and `{{else if}}` included.
    private func block(_ tag: Tag, _ tokens: [Token], _ position: inout Int) throws(TemplateSyntaxError) -> TemplateBlock {
        let opened = try blockCall(tag)
        var call = opened
        if tag.kind == .openInverse {
            // `{{^x}}...{{/x}}` renders when x is falsy.
            call = TemplateCall(name: "unless", params: [opened.params.isEmpty ? .path(TemplatePath(segments: [opened.name], parents: 0, isData: false,
                                                                                                isExplicitContext: false)) : .call(opened)],
                                hash: [], offset: opened.offset)
        }
        return try blockContents(call, tokens, &position, closingName: opened.name, openOffset: tag.offset)
    }

    /// What follows a block's opening tag (or an `{{else if ...}}`, `call` being its helper):
    /// the body, then `{{else}}` and its inverse, or an `{{else if ...}}` whose chain becomes
    /// one block in the inverse, all closed by the one `{{/closingName}}`.
    private func blockContents(_ call: TemplateCall, _ tokens: [Token], _ position: inout Int, closingName: String,
                               openOffset: Int) throws(TemplateSyntaxError) -> TemplateBlock {
        let body = try nest(tokens, &position, closing: (closingName, openOffset))
        guard position < tokens.count, case .tag(let next) = tokens[position] else {
            throw TemplateSyntaxError(offset: openOffset, reason: "'{{#\(closingName)}}' is not closed; add '{{/\(closingName)}}'")
        }
        position += 1
        var inverse: [TemplateNode] = []
        if next.kind == .elseTag {
            if next.content.contains(where: { !Self.isSpace($0) }) {
                var chained = next
                chained.kind = .open
                let inner = try blockContents(try blockCall(chained), tokens, &position, closingName: closingName, openOffset: openOffset)
                return TemplateBlock(call: call, body: body, inverse: [.block(inner)])
            }
            inverse = try nest(tokens, &position, closing: (closingName, openOffset))
            guard position < tokens.count, case .tag(let close) = tokens[position], close.kind == .close else {
                throw TemplateSyntaxError(offset: openOffset, reason: "'{{#\(closingName)}}' is not closed; add '{{/\(closingName)}}'")
            }
            position += 1
        }
        return TemplateBlock(call: call, body: body, inverse: inverse)
    }

    private func blockCall(_ tag: Tag) throws(TemplateSyntaxError) -> TemplateCall {
        var reader = TemplateExpressionReader(bytes: tag.content, base: tag.contentOffset)
        let call = try reader.readCall(tagOffset: tag.offset)
        guard TemplateHelpers.isBlockHelper(call.name) else {
            throw TemplateSyntaxError(offset: call.offset, reason: TemplateHelpers.unknownMessage(call.name, block: true))
        }
        return call
    }

    private func expression(of tag: Tag) throws(TemplateSyntaxError) -> TemplateExpression {
        var reader = TemplateExpressionReader(bytes: tag.content, base: tag.contentOffset)
        return try reader.readMustache(tagOffset: tag.offset)
    }
}

extension String {
    var trimmingSpaces: String {
        String(unicodeScalars.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }.reversed()
            .drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }.reversed().map(Character.init))
    }
}
