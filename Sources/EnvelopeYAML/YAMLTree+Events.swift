import CYAML
import EnvelopeCore

extension YAMLTree {
    /// Reads `bytes` (UTF-8, a byte order mark allowed) through libyaml's event parser into a
    /// tree, refusing what JSON cannot hold: a second document, undefined or recursive aliases,
    /// tags other than the core schema's, nesting deeper than `maxDepth`.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) throws(YAMLError) -> YAMLTree {
        if let failure = envelope_yaml_load() { throw .libraryUnavailable(reason: String(cString: failure)) }
        try refuseAmbiguousLineBreaks(bytes)
        // libyaml would skip the mark too, but count it as a column of the first line.
        let bomLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let text = UnsafeBufferPointer(rebasing: bytes[bomLength...])
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
        defer {
            parser.deallocate()
            event.deallocate()
        }
        guard envelope_yaml_parser_initialize(parser) == 1 else { throw .tooLarge(bytes: bytes.count) }
        defer { envelope_yaml_parser_delete(parser) }
        // libyaml keeps the pointer, not a copy: `bytes` outlives the parser. An empty text
        // still needs an address, which is never read.
        envelope_yaml_parser_set_input_string(parser, text.baseAddress ?? ("" as StaticString).utf8Start, text.count)
        // UTF-8 only: the byte offsets of locations are counted in UTF-8.
        envelope_yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        var builder = YAMLTreeBuilder(cursor: LocationCursor(bytes: bytes, start: bomLength), maxDepth: maxDepth)
        // Room up front, rather than growing and copying: the scalars' bytes are at most the
        // text's, and a node takes a dozen bytes of text or more.
        builder.tree.scalarBytes.reserveCapacity(bytes.count)
        builder.tree.nodes.reserveCapacity(bytes.count / 12 + 16)
        while true {
            guard envelope_yaml_parser_parse(parser, event) == 1 else { throw builder.failure(of: parser.pointee, in: bytes, bomLength: bomLength) }
            defer { envelope_yaml_event_delete(event) }
            if try builder.take(event.pointee) { break }
        }
        return builder.tree
    }
}

extension YAMLTree {
    /// Fails at the first NEL, LINE SEPARATOR or PARAGRAPH SEPARATOR written as is: libyaml
    /// breaks lines there (YAML 1.1), which would fold strings and shift line numbers where YAML
    /// 1.2 and editors see an ordinary character.
    static func refuseAmbiguousLineBreaks(_ bytes: UnsafeBufferPointer<UInt8>) throws(YAMLError) {
        var i = 0
        while i + 1 < bytes.count {
            let lead = bytes[i]
            if lead == 0xC2, bytes[i + 1] == 0x85 {
                throw .ambiguousLineBreak("U+0085 (NEXT LINE)", at: SourceLocation.locate(offset: i, in: bytes))
            }
            if lead == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 {
                let name = bytes[i + 2] == 0xA8 ? "U+2028 (LINE SEPARATOR)" : "U+2029 (PARAGRAPH SEPARATOR)"
                throw .ambiguousLineBreak(name, at: SourceLocation.locate(offset: i, in: bytes))
            }
            i += 1
        }
    }
}

/// Turns libyaml's marks (a character index, 0-based line and column) into locations with
/// UTF-8 byte offsets, walking forward through the text as the events arrive in order.
struct LocationCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    let start: Int
    private var character = 0
    private var byte: Int

    init(bytes: UnsafeBufferPointer<UInt8>, start: Int) {
        self.bytes = bytes
        self.start = start
        byte = start
    }

    mutating func location(of mark: yaml_mark_t) -> SourceLocation {
        let target = Int(mark.index)
        if target < character {
            character = 0
            byte = start
        }
        while character < target, byte < bytes.count {
            byte += 1
            while byte < bytes.count, bytes[byte] & 0xC0 == 0x80 { byte += 1 }
            character += 1
        }
        return SourceLocation(line: Int(mark.line) + 1, column: Int(mark.column) + 1, offset: byte)
    }
}

/// Builds a ``YAMLTree`` one libyaml event at a time.
struct YAMLTreeBuilder {
    var tree = YAMLTree()
    var cursor: LocationCursor
    let maxDepth: Int
    /// The open mappings and sequences, innermost last.
    private var open: [Int] = []
    private var anchors: [String: Int] = [:]
    private var documentStart: SourceLocation?

    init(cursor: LocationCursor, maxDepth: Int) {
        self.cursor = cursor
        self.maxDepth = maxDepth
    }

    /// Takes one event; true at the end of the stream.
    mutating func take(_ event: yaml_event_t) throws(YAMLError) -> Bool {
        switch event.type {
        case YAML_STREAM_END_EVENT:
            guard documentStart != nil else { throw .empty(at: cursor.location(of: event.start_mark)) }
            return true
        case YAML_DOCUMENT_START_EVENT:
            let at = cursor.location(of: event.start_mark)
            if let first = documentStart { throw .multipleDocuments(at: at, first: first) }
            documentStart = at
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let at = cursor.location(of: event.start_mark)
            let tag = try self.tag(scalar.tag, at: at)
            let first = tree.scalarBytes.count
            if let value = scalar.value, scalar.length > 0 {
                tree.scalarBytes.append(contentsOf: UnsafeBufferPointer(start: value, count: Int(scalar.length)))
            }
            add(YAMLNode(kind: .scalar, tag: tag, isPlain: scalar.style == YAML_PLAIN_SCALAR_STYLE, location: at,
                         first: first, length: Int(scalar.length)), anchor: scalar.anchor)
        case YAML_SEQUENCE_START_EVENT:
            try openContainer(.sequence, tag: event.data.sequence_start.tag, anchor: event.data.sequence_start.anchor, at: event.start_mark)
        case YAML_MAPPING_START_EVENT:
            try openContainer(.mapping, tag: event.data.mapping_start.tag, anchor: event.data.mapping_start.anchor, at: event.start_mark)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            if let index = open.popLast() { tree.nodes[index].first = tree.nodes.count }
        case YAML_ALIAS_EVENT:
            let at = cursor.location(of: event.start_mark)
            let name = event.data.alias.anchor.map { String(cString: $0) } ?? ""
            guard let target = anchors[name] else { throw .undefinedAlias(name, at: at) }
            // Still open: the alias is inside its own anchor's node.
            if tree.nodes[target].isContainer && tree.nodes[target].first < 0 { throw .recursiveAlias(name, at: at) }
            add(YAMLNode(kind: .alias, tag: .none, isPlain: false, location: at, first: target, length: 0), anchor: nil)
        default:
            break
        }
        return false
    }

    private mutating func openContainer(_ kind: YAMLNode.Kind, tag: UnsafeMutablePointer<yaml_char_t>?,
                                        anchor: UnsafeMutablePointer<yaml_char_t>?, at mark: yaml_mark_t) throws(YAMLError) {
        let at = cursor.location(of: mark)
        guard open.count < maxDepth else { throw .nestingTooDeep(limit: maxDepth, at: at) }
        let tag = try self.tag(tag, at: at)
        let fits = tag == .none || tag == .nonSpecific || tag == (kind == .mapping ? .mapping : .sequence)
        guard fits else { throw .tagMismatch(tag: tag.display, text: kind == .mapping ? "a mapping" : "a sequence", at: at) }
        open.append(tree.nodes.count)
        add(YAMLNode(kind: kind, tag: tag, isPlain: false, location: at, first: -1, length: 0), anchor: anchor)
    }

    private mutating func add(_ node: YAMLNode, anchor: UnsafeMutablePointer<yaml_char_t>?) {
        // A later anchor of the same name hides the earlier one from then on.
        if let anchor { anchors[String(cString: anchor)] = tree.nodes.count }
        tree.nodes.append(node)
    }

    private func tag(_ pointer: UnsafeMutablePointer<yaml_char_t>?, at: SourceLocation) throws(YAMLError) -> YAMLTag {
        let text = pointer.map { String(cString: $0) }
        guard let tag = YAMLTag(libyamlTag: text) else { throw .unsupportedTag(YAMLTag.display(text ?? ""), at: at) }
        return tag
    }

    /// The error libyaml stopped with.
    func failure(of parser: yaml_parser_t, in bytes: UnsafeBufferPointer<UInt8>, bomLength: Int) -> YAMLError {
        let problem = parser.problem.map { String(cString: $0) } ?? "libyaml could not read the text"
        var cursor = self.cursor
        switch parser.error {
        case YAML_READER_ERROR:
            // The reader reports a byte offset, not a mark.
            let offset = bomLength + Int(parser.problem_offset)
            return .invalidText(problem: problem, at: SourceLocation.locate(offset: offset, in: bytes))
        case YAML_MEMORY_ERROR:
            return .tooLarge(bytes: bytes.count)
        default:
            let context = parser.context.map { String(cString: $0) }
            let contextAt = context == nil ? nil : cursor.location(of: parser.context_mark)
            return .syntax(problem: problem, context: context, contextAt: contextAt, at: cursor.location(of: parser.problem_mark))
        }
    }
}
