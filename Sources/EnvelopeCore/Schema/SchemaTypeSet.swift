/// A set of JSON Schema type names (`type: ["string", "null"]`).
public struct SchemaTypeSet: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The set's bits, one per type.
    public let rawValue: UInt8
    /// Creates a set from its bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `null`.
    public static let null = SchemaTypeSet(rawValue: 1 << 0)
    /// `boolean`.
    public static let boolean = SchemaTypeSet(rawValue: 1 << 1)
    /// `object`.
    public static let object = SchemaTypeSet(rawValue: 1 << 2)
    /// `array`.
    public static let array = SchemaTypeSet(rawValue: 1 << 3)
    /// `number`: any number, integers included.
    public static let number = SchemaTypeSet(rawValue: 1 << 4)
    /// `string`.
    public static let string = SchemaTypeSet(rawValue: 1 << 5)
    /// `integer`: a number with no fractional part.
    public static let integer = SchemaTypeSet(rawValue: 1 << 6)

    private static let names: [(String, SchemaTypeSet)] = [
        ("object", .object), ("array", .array), ("string", .string), ("number", .number),
        ("integer", .integer), ("boolean", .boolean), ("null", .null),
    ]

    /// The type named `name`, or nil for a name JSON Schema does not define.
    public init?(name: String) {
        // A switch, not a search of `names`: once for every schema of every contract loaded.
        switch name {
        case "object": self = .object
        case "array": self = .array
        case "string": self = .string
        case "number": self = .number
        case "integer": self = .integer
        case "boolean": self = .boolean
        case "null": self = .null
        default: return nil
        }
    }

    /// The names in the set, joined with " or ": `string or null`.
    public var description: String {
        Self.names.filter { contains($0.1) }.map(\.0).joined(separator: " or ")
    }

    /// Whether the set admits `node` (an integer-valued number is an `integer`).
    public func admits(_ node: JSONNode) -> Bool {
        switch node.kind {
        case .null: return contains(.null)
        case .bool: return contains(.boolean)
        case .object: return contains(.object)
        case .array: return contains(.array)
        case .string: return contains(.string)
        case .number:
            if contains(.number) { return true }
            return contains(.integer) && node.isInteger
        }
    }
}


extension SchemaTypeSet {
    /// Whether the set admits a value of `kind` (`isInteger` for numbers with no fraction).
    /// `isInteger` is asked only when it decides: for a number, by a set with `integer` and
    /// without `number` (telling `1.5` from `3.0` parses the number's text).
    @inline(__always)
    func admits(kind: JSONKind, isInteger: @autoclosure () -> Bool) -> Bool {
        switch kind {
        case .null: return contains(.null)
        case .bool: return contains(.boolean)
        case .object: return contains(.object)
        case .array: return contains(.array)
        case .string: return contains(.string)
        case .number: return contains(.number) || (contains(.integer) && isInteger())
        }
    }
}
