import EnvelopeCore
import Foundation

/// The leaf types a JSON decoder reads straight from a JSON scalar (rather than through the
/// type's own `init(from:)`), with the stand-in value the audit uses when one is wrong.
enum AuditScalar {
    /// What `T` looks like in JSON, and the value of `node` as a `T` (nil when it is not one);
    /// nil altogether when `T` is not a scalar type.
    static func read<T>(_ type: T.Type, from node: JSONNode) -> (json: String, value: T?)? {
        switch type {
        case is String.Type: return ("string", node.stringValue as? T)
        case is Bool.Type: return ("boolean", node.boolValue as? T)
        case is Int.Type: return ("integer", integer(Int.self, node) as? T)
        case is Int8.Type: return ("integer", integer(Int8.self, node) as? T)
        case is Int16.Type: return ("integer", integer(Int16.self, node) as? T)
        case is Int32.Type: return ("integer", integer(Int32.self, node) as? T)
        case is Int64.Type: return ("integer", integer(Int64.self, node) as? T)
        case is UInt.Type: return ("integer", integer(UInt.self, node) as? T)
        case is UInt8.Type: return ("integer", integer(UInt8.self, node) as? T)
        case is UInt16.Type: return ("integer", integer(UInt16.self, node) as? T)
        case is UInt32.Type: return ("integer", integer(UInt32.self, node) as? T)
        case is UInt64.Type: return ("integer", integer(UInt64.self, node) as? T)
        case is Double.Type: return ("number", node.doubleValue as? T)
        case is Float.Type: return ("number", node.doubleValue.map { Float($0) } as? T)
        // JSONDecoder reads these four from scalars too, not through their own Codable.
        case is Decimal.Type: return ("number", node.numberText.flatMap { Decimal(string: $0) } as? T)
        case is URL.Type: return ("string", node.stringValue.flatMap { URL(string: $0) } as? T)
        case is Data.Type: return ("string", node.stringValue.flatMap { Data(base64Encoded: $0) } as? T)
        default: return nil
        }
    }

    /// A value to stand in for a scalar that is missing or wrong, so decoding can go on.
    static func placeholder<T>(_ type: T.Type) -> T? {
        switch type {
        case is String.Type: return "" as? T
        case is Bool.Type: return false as? T
        case is Int.Type: return Int(0) as? T
        case is Int8.Type: return Int8(0) as? T
        case is Int16.Type: return Int16(0) as? T
        case is Int32.Type: return Int32(0) as? T
        case is Int64.Type: return Int64(0) as? T
        case is UInt.Type: return UInt(0) as? T
        case is UInt8.Type: return UInt8(0) as? T
        case is UInt16.Type: return UInt16(0) as? T
        case is UInt32.Type: return UInt32(0) as? T
        case is UInt64.Type: return UInt64(0) as? T
        case is Double.Type: return Double(0) as? T
        case is Float.Type: return Float(0) as? T
        case is Decimal.Type: return Decimal(0) as? T
        case is URL.Type: return URL(string: "about:blank") as? T
        case is Data.Type: return Data() as? T
        default: return nil
        }
    }

    /// An integer of type `I` when the number is integral and fits (JSONDecoder accepts `2.0`
    /// for an `Int`, so the audit does too).
    static func integer<I: FixedWidthInteger>(_ type: I.Type, _ node: JSONNode) -> I? {
        guard let text = node.numberText else { return nil }
        if let exact = I(text) { return exact }
        guard let double = Double(text), double.rounded() == double else { return nil }
        return I(exactly: double)
    }

    /// `String?` for `Optional<String>`, else the type's own name.
    static func swiftName(_ type: Any.Type) -> String {
        if let optional = type as? any AuditOptional.Type { return swiftName(optional.auditWrappedType) + "?" }
        return String(describing: type)
    }

    /// The raw values of a `CaseIterable & RawRepresentable` type, for "expected one of".
    static func rawValues(of type: Any.Type) -> [String]? {
        guard let cases = type as? any CaseIterable.Type else { return nil }
        return rawValues(cases)
    }

    private static func rawValues<C: CaseIterable>(_ type: C.Type) -> [String]? {
        var values: [String] = []
        for value in C.allCases {
            guard let raw = value as? any RawRepresentable else { return nil }
            values.append("\(raw.rawValue)")
        }
        return values
    }

    /// The first case of a `CaseIterable` type, as a stand-in.
    static func firstCase<T>(_ type: T.Type) -> T? {
        guard let cases = type as? any CaseIterable.Type else { return nil }
        return firstCase(cases) as? T
    }

    private static func firstCase<C: CaseIterable>(_ type: C.Type) -> Any? {
        C.allCases.first
    }
}
