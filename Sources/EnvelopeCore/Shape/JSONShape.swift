/// The structure of a JSON document without its values: which places exist (object keys,
/// with `*` for array elements) and which JSON types each held.
///
/// `record` uses it to say how a new answer differs from the recorded one, and
/// `check --compare-mocks` to say where a mock no longer looks like the live answer.
public struct JSONShape: Sendable, Equatable {
    /// The kinds seen at each place, by JSON Pointer (`""` is the root, `/items/*/id` the
    /// `id` of every element of `items`).
    public private(set) var places: [String: ShapeKinds] = [:]
    /// Array places where at least one element was seen; below an array that was always
    /// empty nothing is known, so nothing is compared.
    public private(set) var populatedArrays: Set<String> = []

    /// The shape of `node` and everything inside it.
    public init(_ node: JSONNode) {
        visit(node, pointer: "")
    }

    private mutating func visit(_ node: JSONNode, pointer: String) {
        places[pointer, default: []].insert(ShapeKinds(node.kind))
        switch node.kind {
        case .object:
            for member in node.members {
                visit(member.value, pointer: JSONPointer.appending(member.key, to: pointer))
            }
        case .array:
            let elements = node.elements
            if !elements.isEmpty { populatedArrays.insert(pointer) }
            for element in elements { visit(element, pointer: pointer + "/*") }
        default:
            break
        }
    }
}
