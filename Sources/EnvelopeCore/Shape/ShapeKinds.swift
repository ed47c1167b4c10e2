/// The JSON types seen at one place of a document, for structural comparison.
///
/// Integers and other numbers are one kind here: an answer whose `price` is `12` in one
/// recording and `12.5` in the next has not changed shape, and telling them apart would make
/// every numeric field a false alarm.
public struct ShapeKinds: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt8
    /// Creates a set from its bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let object = ShapeKinds(rawValue: 1 << 0)
    public static let array = ShapeKinds(rawValue: 1 << 1)
    public static let string = ShapeKinds(rawValue: 1 << 2)
    public static let number = ShapeKinds(rawValue: 1 << 3)
    public static let boolean = ShapeKinds(rawValue: 1 << 4)
    public static let null = ShapeKinds(rawValue: 1 << 5)

    /// The kind of one value.
    public init(_ kind: JSONKind) {
        switch kind {
        case .object: self = .object
        case .array: self = .array
        case .string: self = .string
        case .number: self = .number
        case .bool: self = .boolean
        case .null: self = .null
        }
    }

    /// The names, joined with " or ": `string or null`.
    public var description: String {
        let names: [(String, ShapeKinds)] = [("object", .object), ("array", .array), ("string", .string),
                                             ("number", .number), ("boolean", .boolean), ("null", .null)]
        let text = names.filter { contains($0.1) }.map(\.0).joined(separator: " or ")
        return text.isEmpty ? "nothing" : text
    }
}
