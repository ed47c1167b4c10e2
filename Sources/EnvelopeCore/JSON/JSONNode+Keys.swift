extension JSONNode {
    /// Calls `body` with each key of an object, in document order, until it returns false:
    /// the key's tape index and its bytes, decoded only when it holds escapes. Keys are code
    /// points, not compared by canonical equivalence: "é" and "e" + U+0301 are two keys.
    @inline(__always)
    func forEachKey(_ body: (Int, UnsafeBufferPointer<UInt8>) -> Bool) {
        let document = document
        // The document owns its tape: it must outlive every read of it below.
        withExtendedLifetime(document) {
            let tape = document.tape
            document.text.withUnsafeBufferPointer { text in
                var child = index + 1
                let end = tape.childrenEnd(index)
                while child < end {
                    let entry = tape[child]
                    let proceed: Bool
                    if entry.flag {
                        var decoded = JSONNode(document: document, index: child).stringValue ?? ""
                        proceed = decoded.withUTF8 { body(child, $0) }
                    } else {
                        proceed = body(child, UnsafeBufferPointer(rebasing: text[Int(entry.offset) + 1..<Int(entry.offset) + entry.payload - 1]))
                    }
                    if !proceed { return }
                    child = tape.valueEnd(child + 1)
                }
            }
        }
    }

    /// The first member of an object whose key is none of `allowed`, or nil (also for
    /// non-objects). Keys are compared as bytes: checking a contract's keys against a set
    /// made a string and hashed it for every key.
    func firstMember(withKeyNotIn allowed: [String]) -> JSONMember? {
        guard kind == .object else { return nil }
        var found: Int?
        forEachKey { child, bytes in
            let isAllowed = allowed.contains { name in
                var name = name
                return name.withUTF8 { $0.count == bytes.count && memoryEquals($0, bytes) }
            }
            if !isAllowed { found = child }
            return isAllowed
        }
        guard let key = found else { return nil }
        let keyNode = JSONNode(document: document, index: key)
        return JSONMember(key: keyNode.stringValue ?? "", keyNode: keyNode, value: JSONNode(document: document, index: key + 1))
    }
}

extension JSONNode {
    /// The members of an object, in document order, made one at a time as they are iterated
    /// (``members`` makes them all into an array first, an allocation and a copy per object:
    /// compiling a contract's schemas walked a dozen objects that way).
    var memberSequence: MemberSequence { MemberSequence(object: self) }

    /// See ``memberSequence``; empty for anything but an object.
    struct MemberSequence: Sequence, IteratorProtocol {
        var nodes: MemberNodes

        init(object: JSONNode) {
            nodes = MemberNodes(object: object)
        }

        mutating func next() -> JSONMember? {
            nodes.next().map { JSONMember(key: $0.key.stringValue ?? "", keyNode: $0.key, value: $0.value) }
        }
    }

    /// The key and value nodes of an object's members, in document order (none for anything
    /// but an object), for walks that decide for themselves what to decode.
    struct MemberNodes: Sequence, IteratorProtocol {
        let document: JSONDocument
        var child: Int
        let end: Int

        init(object: JSONNode) {
            document = object.document
            if object.kind == .object {
                child = object.index + 1
                end = object.document.tape.childrenEnd(object.index)
            } else {
                child = 0
                end = 0
            }
        }

        mutating func next() -> (key: JSONNode, value: JSONNode)? {
            guard child < end else { return nil }
            let key = JSONNode(document: document, index: child)
            let value = JSONNode(document: document, index: child + 1)
            child = value.endIndex
            return (key, value)
        }
    }
}
