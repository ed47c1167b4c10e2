/// The six kinds of JSON value.
public enum JSONKind: UInt8, Sendable, CustomStringConvertible {
    case object = 1
    case array = 2
    case string = 3
    case number = 4
    case bool = 5
    case null = 6

    /// The JSON Schema type name: `object`, `array`, `string`, `number`, `boolean`, `null`.
    public var description: String {
        switch self {
        case .object: "object"
        case .array: "array"
        case .string: "string"
        case .number: "number"
        case .bool: "boolean"
        case .null: "null"
        }
    }
}
