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
    /// How many values were seen at each place (one per array element below `*`).
    public private(set) var valueCounts: [String: Int] = [:]
    /// How many of the values at each place were objects: the denominator of a key's
    /// ``presence(at:)``.
    public private(set) var objectCounts: [String: Int] = [:]
    /// The distinct strings seen at each place, while there are at most
    /// ``enumValueLimit`` of them: a place with more is free text, not an enum, and is left
    /// out (see ``manyStrings``).
    public private(set) var strings: [String: Set<String>] = [:]
    /// Places that held more than ``enumValueLimit`` distinct strings.
    public private(set) var manyStrings: Set<String> = []
    /// How many strings were seen at each place, to tell a repeated category (`state` in
    /// every item) from values that are all different.
    public private(set) var stringCounts: [String: Int] = [:]

    /// The most distinct strings a place may hold and still be compared as an enum.
    public static let enumValueLimit = 12

    /// The shape of `node` and everything inside it.
    public init(_ node: JSONNode) {
        visit(node, pointer: "")
    }

    private mutating func visit(_ node: JSONNode, pointer: String) {
        places[pointer, default: []].insert(ShapeKinds(node.kind))
        valueCounts[pointer, default: 0] += 1
        switch node.kind {
        case .object:
            objectCounts[pointer, default: 0] += 1
            for member in node.members {
                visit(member.value, pointer: JSONPointer.appending(member.key, to: pointer))
            }
        case .array:
            let elements = node.elements
            if !elements.isEmpty { populatedArrays.insert(pointer) }
            for element in elements { visit(element, pointer: pointer + "/*") }
        case .string:
            stringCounts[pointer, default: 0] += 1
            guard !manyStrings.contains(pointer), let text = node.stringValue else { break }
            strings[pointer, default: []].insert(text)
            if let seen = strings[pointer], seen.count > Self.enumValueLimit {
                strings[pointer] = nil
                manyStrings.insert(pointer)
            }
        default:
            break
        }
    }

    /// How often the key at `pointer` turned up among the objects at its parent place, or nil
    /// for the root, an array element (`/items/*`) or a place whose parent was never an object.
    public func presence(at pointer: String) -> ShapePresence? {
        // By code point: a "/" followed by a combining mark is one Character.
        let scalars = pointer.unicodeScalars
        guard let slash = scalars.lastIndex(of: "/") else { return nil }
        let parent = Substring(scalars[..<slash])
        guard Substring(scalars[scalars.index(after: slash)...]) != "*",
              let objects = objectCounts[String(parent)], objects > 0 else { return nil }
        return ShapePresence(count: valueCounts[pointer] ?? 0, total: objects, inArrayElements: parent.hasSuffix("/*"))
    }
}
