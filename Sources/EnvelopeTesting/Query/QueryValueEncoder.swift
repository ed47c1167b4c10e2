import EnvelopeCore
import Foundation

/// The `Encoder` behind ``QueryEncoder``: keyed at the root, one parameter below it.
struct QueryValueEncoder: Encoder {
    let sink: QueryEncodingSink
    /// The parameter being written, nil at the root.
    let name: String?
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(QueryKeyedEncodingContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        QueryUnkeyedEncodingContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        QuerySingleValueEncodingContainer(encoder: self)
    }

    /// Writes `value` as parameter `name`: scalars as text, anything else through its own
    /// `encode(to:)` (enums write their raw value through a single-value container).
    func write<T: Encodable>(_ value: T, as name: String) throws {
        if let text = Self.text(value) {
            sink.items.append(QueryItem(name: name, value: text))
            return
        }
        try value.encode(to: QueryValueEncoder(sink: sink, name: name))
    }

    /// The text of a scalar, or nil when `value` is not one.
    static func text<T>(_ value: T) -> String? {
        switch value {
        case let string as String: return string
        case let bool as Bool: return bool ? "true" : "false"
        case let url as URL: return url.absoluteString
        case let decimal as Decimal: return "\(decimal)"
        case let double as Double: return double.rounded() == double && abs(double) < 1e15 ? String(Int64(double)) : "\(double)"
        case let float as Float: return "\(float)"
        case let integer as any BinaryInteger: return "\(integer)"
        default: return nil
        }
    }

    func nestingError() -> QueryEncodingError {
        QueryEncodingError(parameter: name ?? "(query)", message: "a nested struct or dictionary cannot be written as flat query parameters; give the link model plain properties (strings, numbers, booleans, enums, arrays of them)")
    }
}
