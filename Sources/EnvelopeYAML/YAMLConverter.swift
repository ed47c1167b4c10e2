import EnvelopeCore

/// Writes a ``YAMLTree`` as JSON text, with a ``SourceMap`` from each value written back to
/// its place in the YAML text.
///
/// Here aliases are expanded (each counted against a budget, so that a few lines of nested
/// aliases cannot make a document of billions of values), merge keys `<<` are applied, keys
/// are checked for duplicates, and scalars are typed by the core schema.
struct YAMLConverter {
    /// One member of a mapping, merged ones included.
    struct Member {
        /// The key's scalar node (an alias's target when the key is an alias).
        var key: Int
        var keyLocation: SourceLocation
        var value: Int
        /// Where the merge key that brought it in is, for a merged member.
        var mergedAt: SourceLocation?
    }

    let tree: YAMLTree
    let maxDepth: Int
    let aliasLimit: Int
    private(set) var json: [UInt8] = []
    private(set) var sourceMap = SourceMap()
    /// Values written through aliases and merge keys so far.
    private var expanded = 0

    init(tree: YAMLTree, maxDepth: Int, aliasLimit: Int, capacity: Int) {
        self.tree = tree
        self.maxDepth = maxDepth
        self.aliasLimit = aliasLimit
        json.reserveCapacity(capacity)
        // One place per value and per key: no more than the tree's nodes.
        sourceMap.reserveCapacity(tree.nodes.count)
    }

    /// Writes the document.
    mutating func convert() throws(YAMLError) {
        try write(0, depth: 0, expandedAt: nil)
    }

    /// Writes node `index` (`expandedAt`: where the alias or merge key is that it is written
    /// through, if any).
    private mutating func write(_ index: Int, depth: Int, expandedAt: SourceLocation?) throws(YAMLError) {
        var expandedAt = expandedAt
        if tree.nodes[index].kind == .alias { expandedAt = expandedAt ?? tree.nodes[index].location }
        let index = tree.target(of: index)
        if let expandedAt { try spend(1, at: expandedAt) }
        let node = tree.nodes[index]
        sourceMap.append(jsonOffset: json.count, node.location)
        switch node.kind {
        case .scalar, .alias:
            try writeScalar(node)
        case .sequence:
            guard depth < maxDepth else { throw .nestingTooDeep(limit: maxDepth, at: node.location) }
            json.append(UInt8(ascii: "["))
            var child = index + 1
            while child < node.first {
                if child > index + 1 { json.append(UInt8(ascii: ",")) }
                try write(child, depth: depth + 1, expandedAt: expandedAt)
                child = tree.end(of: child)
            }
            json.append(UInt8(ascii: "]"))
        case .mapping:
            guard depth < maxDepth else { throw .nestingTooDeep(limit: maxDepth, at: node.location) }
            json.append(UInt8(ascii: "{"))
            for (position, member) in try members(of: index, depth: depth).enumerated() {
                if position > 0 { json.append(UInt8(ascii: ",")) }
                sourceMap.append(jsonOffset: json.count, member.keyLocation)
                writeString(tree.nodes[member.key])
                json.append(UInt8(ascii: ":"))
                try write(member.value, depth: depth + 1, expandedAt: expandedAt ?? member.mergedAt)
            }
            json.append(UInt8(ascii: "}"))
        }
    }

    /// Counts `count` more values written through aliases or merges; fails past the limit.
    private mutating func spend(_ count: Int, at: SourceLocation) throws(YAMLError) {
        expanded += count
        if expanded > aliasLimit { throw .aliasesTooLarge(limit: aliasLimit, at: at) }
    }

    // MARK: - Mappings

    /// The members of mapping `index`: its own, in order, with the members of the mappings
    /// its merge keys name put where the `<<` is, except keys it names itself or an earlier
    /// merge brought (so its own keys win, then earlier merged mappings over later ones).
    private mutating func members(of index: Int, depth: Int) throws(YAMLError) -> [Member] {
        var own: [Member] = []
        var merges: [(position: Int, value: Int, at: SourceLocation)] = []
        let end = tree.nodes[index].first
        var child = index + 1
        while child < end {
            let keyIndex = child
            let valueIndex = tree.end(of: keyIndex)
            child = tree.end(of: valueIndex)
            let key = tree.nodes[tree.target(of: keyIndex)]
            guard key.kind == .scalar else { throw .complexKey(found: key.noun, at: tree.nodes[keyIndex].location) }
            if tree.nodes[keyIndex].kind == .scalar && isMergeKey(key) {
                merges.append((own.count, valueIndex, key.location))
                continue
            }
            own.append(Member(key: tree.target(of: keyIndex), keyLocation: tree.nodes[keyIndex].location, value: valueIndex))
        }
        guard !merges.isEmpty else {
            try refuseDuplicateKeys(own)
            return own
        }
        var seen = try keyPlaces(own)
        guard depth < maxDepth else { throw .nestingTooDeep(limit: maxDepth, at: tree.nodes[index].location) }
        var result: [Member] = []
        var next = 0
        for merge in merges {
            result += own[next..<merge.position]
            next = merge.position
            for source in try mergedMappings(merge.value, at: merge.at) {
                // One for the mapping itself too: merging empty mappings must cost something,
                // or nested merges of them would take exponential time for nothing.
                try spend(1, at: merge.at)
                let merged = try members(of: source, depth: depth + 1)
                try spend(merged.count, at: merge.at)
                for var member in merged {
                    let text = tree.text(of: tree.nodes[member.key])
                    guard seen[text] == nil else { continue }
                    seen[text] = member.keyLocation
                    member.mergedAt = member.mergedAt ?? merge.at
                    result.append(member)
                }
            }
        }
        result += own[next...]
        return result
    }

    /// Refuses the second of two equal keys among `members`. Keys are equal as text (as
    /// Swift compares strings); a small mapping of ASCII keys, where that is equal bytes, is
    /// compared byte by byte, without making a string of every key.
    private func refuseDuplicateKeys(_ members: [Member]) throws(YAMLError) {
        let small = members.count <= 16 && members.allSatisfy { member in
            let key = tree.nodes[member.key]
            return tree.scalarBytes[key.first..<key.first + key.length].allSatisfy { $0 < 0x80 }
        }
        guard small else {
            _ = try keyPlaces(members)
            return
        }
        for later in members.indices {
            let key = tree.nodes[members[later].key]
            let bytes = tree.scalarBytes[key.first..<key.first + key.length]
            for earlier in 0..<later {
                let other = tree.nodes[members[earlier].key]
                guard other.length == key.length, tree.scalarBytes[other.first..<other.first + other.length].elementsEqual(bytes) else { continue }
                throw .duplicateKey(tree.text(of: key), at: members[later].keyLocation, first: members[earlier].keyLocation)
            }
        }
    }

    /// Where each key of `members` is, by its text; the second of two equal keys is refused.
    private func keyPlaces(_ members: [Member]) throws(YAMLError) -> [String: SourceLocation] {
        var seen: [String: SourceLocation] = [:]
        seen.reserveCapacity(members.count)
        for member in members {
            let text = tree.text(of: tree.nodes[member.key])
            if let first = seen[text] { throw .duplicateKey(text, at: member.keyLocation, first: first) }
            seen[text] = member.keyLocation
        }
        return seen
    }

    /// Whether a key is the merge key: `<<`, plain and untagged (a quoted `"<<"` is a key).
    private func isMergeKey(_ key: YAMLNode) -> Bool {
        key.isPlain && key.tag == .none && key.length == 2
            && tree.scalarBytes[key.first] == UInt8(ascii: "<") && tree.scalarBytes[key.first + 1] == UInt8(ascii: "<")
    }

    /// The mappings a merge key's value names: one mapping, or a sequence of them (either
    /// written out or through aliases).
    private func mergedMappings(_ value: Int, at: SourceLocation) throws(YAMLError) -> [Int] {
        let target = tree.target(of: value)
        let node = tree.nodes[target]
        switch node.kind {
        case .mapping:
            return [target]
        case .sequence:
            var mappings: [Int] = []
            var child = target + 1
            while child < node.first {
                let element = tree.target(of: child)
                guard tree.nodes[element].kind == .mapping else {
                    throw .invalidMerge(found: "a list holding \(tree.nodes[element].noun)", at: tree.nodes[child].location)
                }
                mappings.append(element)
                child = tree.end(of: child)
            }
            return mappings
        case .scalar, .alias:
            throw .invalidMerge(found: "a scalar", at: tree.nodes[value].location)
        }
    }

    // MARK: - Scalars

    /// Writes a scalar as the JSON value its tag, or for a plain untagged scalar its text, says.
    private mutating func writeScalar(_ node: YAMLNode) throws(YAMLError) {
        let value = try tree.withText(of: node) { text throws(YAMLError) -> YAMLScalar.Value in try Self.value(of: node, text: text) }
        switch value {
        case .null: json.append(contentsOf: "null".utf8)
        case .bool(let flag): json.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let text): json.append(contentsOf: text.utf8)
        case .string: writeString(node)
        case .notJSON: throw .notJSONNumber(text: tree.text(of: node), at: node.location)
        }
    }

    /// What a scalar is: by its tag, else (plain and untagged) by the core schema; a quoted or
    /// block scalar without a tag is a string.
    static func value(of node: YAMLNode, text: UnsafeBufferPointer<UInt8>) throws(YAMLError) -> YAMLScalar.Value {
        let mismatch = { () -> YAMLError in
            .tagMismatch(tag: node.tag.display, text: String(decoding: text, as: UTF8.self), at: node.location)
        }
        switch node.tag {
        case .none:
            return node.isPlain ? YAMLScalar.coreValue(of: text) : .string
        case .nonSpecific, .string:
            return .string
        case .null:
            guard YAMLScalar.isNull(text) else { throw mismatch() }
            return .null
        case .boolean:
            guard let flag = YAMLScalar.boolean(text) else { throw mismatch() }
            return .bool(flag)
        case .integer:
            guard let number = YAMLScalar.integer(text) else { throw mismatch() }
            return .number(number)
        case .float:
            if let number = YAMLScalar.integer(text) ?? YAMLScalar.float(text) { return .number(number) }
            if YAMLScalar.isInfinityOrNaN(text) { return .notJSON }
            throw mismatch()
        case .sequence, .mapping:
            throw mismatch()
        }
    }

    /// Writes a scalar's text as a JSON string literal.
    private mutating func writeString(_ node: YAMLNode) {
        json.append(UInt8(ascii: "\""))
        tree.scalarBytes.withUnsafeBufferPointer { bytes in
            let end = node.first + node.length
            // The bytes that need no escape go in runs, not one by one: most strings have none.
            var start = node.first
            for k in node.first..<end {
                let byte = bytes[k]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                json.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<k]))
                start = k + 1
                json.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\n"): json.append(UInt8(ascii: "n"))
                case UInt8(ascii: "\t"): json.append(UInt8(ascii: "t"))
                case UInt8(ascii: "\r"): json.append(UInt8(ascii: "r"))
                case 0..<0x20:
                    json.append(UInt8(ascii: "u"))
                    json.append(UInt8(ascii: "0"))
                    json.append(UInt8(ascii: "0"))
                    json.append(Self.hexDigits[Int(byte >> 4)])
                    json.append(Self.hexDigits[Int(byte & 0xF)])
                default: json.append(byte)
                }
            }
            json.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
        }
        json.append(UInt8(ascii: "\""))
    }

    /// The digits of `\u00XX` escapes.
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
