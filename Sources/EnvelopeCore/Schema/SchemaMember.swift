/// A member of a schema object as the compiler walks it: the keyword its key names (read from
/// the key's bytes), the key, and the value. The key's text is decoded only when asked for:
/// for messages, pointers and keys that are not keywords.
struct SchemaMember {
    /// The keyword the key spells, or nil for any other key.
    let keyword: SchemaKeyword?
    /// The key, as a value on the tape.
    let keyNode: JSONNode
    /// The member's value.
    let value: JSONNode

    /// The decoded key.
    var key: String { keyword?.rawValue ?? keyNode.stringValue ?? "" }

    /// Where the key's opening quote is.
    var keyLocation: SourceLocation { keyNode.location }

    /// The members of `object` in document order (none for anything but an object).
    struct Sequence: Swift.Sequence, IteratorProtocol {
        var nodes: JSONNode.MemberNodes

        init(object: JSONNode) {
            nodes = JSONNode.MemberNodes(object: object)
        }

        mutating func next() -> SchemaMember? {
            guard let (key, value) = nodes.next() else { return nil }
            let document = nodes.document
            let entry = key.entry
            let keyword: SchemaKeyword?
            if entry.flag {
                // Escapes in the key: compare its decoded text.
                keyword = key.stringValue.flatMap(SchemaKeyword.init(rawValue:))
            } else {
                keyword = document.text.withUnsafeBufferPointer { text in
                    SchemaKeyword(bytes: UnsafeBufferPointer(rebasing: text[Int(entry.offset) + 1..<Int(entry.offset) + entry.payload - 1]))
                }
            }
            return SchemaMember(keyword: keyword, keyNode: key, value: value)
        }
    }
}
