extension JSONNode {
    /// The first member of an object whose key is none of `allowed`, or nil (also for
    /// non-objects). Keys are compared as bytes, decoded only when they hold escapes:
    /// checking a contract's keys against a set made a string and hashed it for every key.
    func firstMember(withKeyNotIn allowed: [String]) -> JSONMember? {
        guard kind == .object else { return nil }
        let document = document
        let found: Int? = document.tape.withUnsafeBufferPointer { tape in
            document.text.withUnsafeBufferPointer { text in
                var child = index + 1
                let end = tape.childrenEnd(index)
                while child < end {
                    let entry = tape[child]
                    let isAllowed: Bool
                    if entry.flag {
                        let key = JSONNode(document: document, index: child).stringValue ?? ""
                        isAllowed = allowed.contains(key)
                    } else {
                        let body = UnsafeBufferPointer(rebasing: text[Int(entry.offset) + 1..<Int(entry.offset) + entry.payload - 1])
                        isAllowed = allowed.contains { name in
                            var name = name
                            return name.withUTF8 { $0.count == body.count && memoryEquals($0, body) }
                        }
                    }
                    if !isAllowed { return child }
                    child = tape.valueEnd(child + 1)
                }
                return nil
            }
        }
        guard let key = found else { return nil }
        let keyNode = JSONNode(document: document, index: key)
        return JSONMember(key: keyNode.stringValue ?? "", keyNode: keyNode, value: JSONNode(document: document, index: key + 1))
    }
}
