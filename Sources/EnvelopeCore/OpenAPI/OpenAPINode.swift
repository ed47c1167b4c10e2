/// A value inside one file of an OpenAPI document, with where it is: the file (relative to
/// the root's folder) and the JSON Pointer in it.
public struct OpenAPINode {
    /// The value.
    public var node: JSONNode
    /// The file it is in.
    public var file: String
    /// Its JSON Pointer in that file.
    public var pointer: String

    /// Creates a located node.
    public init(node: JSONNode, file: String, pointer: String) {
        self.node = node
        self.file = file
        self.pointer = pointer
    }

    /// The member `key` of an object, located.
    public subscript(key: String) -> OpenAPINode? {
        node[key].map { OpenAPINode(node: $0, file: file, pointer: JSONPointer.appending(key, to: pointer)) }
    }

    /// The members of an object, located, in document order.
    public var members: [(key: String, value: OpenAPINode)] {
        node.members.map { ($0.key, OpenAPINode(node: $0.value, file: file, pointer: JSONPointer.appending($0.key, to: pointer))) }
    }

    /// The elements of an array, located.
    public var elements: [OpenAPINode] {
        node.elements.enumerated().map { OpenAPINode(node: $1, file: file, pointer: JSONPointer.appending(index: $0, to: pointer)) }
    }

    /// The `$ref` of a Reference Object (or of a schema), if this is one.
    public var reference: String? { node.kind == .object ? node["$ref"]?.stringValue : nil }

    /// `file#pointer`, how the import names a place to people and in contracts.
    public var place: String { file + "#" + Self.fragment(pointer) }

    /// A JSON Pointer written as a URI fragment: the characters a fragment may not hold
    /// (`{`, `}`, space, `%`, ...) percent-encoded.
    public static func fragment(_ pointer: String) -> String {
        var out = ""
        for byte in pointer.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if byte < 0x80, c.isLetter || c.isNumber || "/-._~!$&'()*+,;=:@".contains(c) {
                out.append(c)
            } else {
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
