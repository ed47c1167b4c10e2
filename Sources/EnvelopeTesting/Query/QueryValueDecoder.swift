import EnvelopeCore
import Foundation

/// The `Decoder` behind ``QueryDecoder``: at the root, a keyed container over the parameters;
/// for one parameter, its value (single) or its values (unkeyed, from repeated names).
final class QueryValueDecoder: Decoder {
    /// One parameter: its model name, the name shown in problems, and its values.
    struct Parameter {
        var key: String
        var label: String
        var values: [String?]
    }

    let state: QueryDecodingState
    /// Nil at the root.
    let parameter: Parameter?
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(state: QueryDecodingState, parameter: Parameter?) {
        self.state = state
        self.parameter = parameter
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if let parameter {
            state.problems.append(.init(kind: .typeMismatch, parameter: parameter.label,
                                        expected: "nested keys, which a query string cannot hold", found: "a plain value"))
            throw AuditAbort(pointer: parameter.label)
        }
        return KeyedDecodingContainer(QueryKeyedContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let parameter else {
            state.problems.append(.init(kind: .typeMismatch, parameter: "(query)", expected: "a keyed type (a struct)", found: "the query parameters"))
            throw AuditAbort(pointer: "")
        }
        return QueryUnkeyedContainer(decoder: self, parameter: parameter)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        QuerySingleValueContainer(decoder: self)
    }

    /// Reads `text` as a `T` at `label`, recording what is wrong and standing in for it.
    func value<T: Decodable>(_ type: T.Type, text: String?, label: String, key: String) throws -> T {
        if let scalar = Self.scalar(T.self, from: text) {
            if let value = scalar.value { return value }
            let found = text.map { $0.isEmpty ? "an empty value" : JSONValue.quoted($0) } ?? "a bare name with no value"
            state.problems.append(.init(kind: .typeMismatch, parameter: label, expected: "\(scalar.json) (\(AuditScalar.swiftName(T.self)))", found: found))
            return try standIn(T.self, label: label)
        }
        let child = QueryValueDecoder(state: state, parameter: Parameter(key: key, label: label, values: [text]))
        do {
            return try T(from: child)
        } catch let abort as AuditAbort {
            throw abort
        } catch {
            let found = text.map { JSONValue.quoted($0) } ?? "a bare name"
            if T.self is any RawRepresentable.Type {
                let expected = AuditScalar.rawValues(of: T.self).map { "one of " + $0.joined(separator: ", ") } ?? "a known \(AuditScalar.swiftName(T.self)) value"
                state.problems.append(.init(kind: .enumViolation, parameter: label, expected: expected, found: found))
            } else {
                state.problems.append(.init(kind: .constraintViolation, parameter: label,
                                            expected: "a value \(AuditScalar.swiftName(T.self)).init(from:) accepts", found: "\(found) (\(DriftAudit.describe(error)))"))
            }
            return try standIn(T.self, label: label)
        }
    }

    /// A value to carry on with (the error is thrown at the end anyway).
    func standIn<T>(_ type: T.Type, label: String) throws -> T {
        if let value = AuditScalar.placeholder(T.self) ?? AuditScalar.firstCase(T.self) { return value }
        throw AuditAbort(pointer: label)
    }

    /// What `T` is in words, and `text` read as one (nil when it is not one); nil altogether
    /// when `T` is not a scalar.
    static func scalar<T>(_ type: T.Type, from text: String?) -> (json: String, value: T?)? {
        switch type {
        case is String.Type: return ("a string", (text ?? "") as? T)
        case is Bool.Type:
            guard let text else { return ("true or false", true as? T) }
            switch text.lowercased() {
            case "true", "1": return ("true or false", true as? T)
            case "false", "0": return ("true or false", false as? T)
            default: return ("true or false", nil)
            }
        case is Int.Type: return ("an integer", text.flatMap { Int($0) } as? T)
        case is Int8.Type: return ("an integer", text.flatMap { Int8($0) } as? T)
        case is Int16.Type: return ("an integer", text.flatMap { Int16($0) } as? T)
        case is Int32.Type: return ("an integer", text.flatMap { Int32($0) } as? T)
        case is Int64.Type: return ("an integer", text.flatMap { Int64($0) } as? T)
        case is UInt.Type: return ("an integer", text.flatMap { UInt($0) } as? T)
        case is UInt8.Type: return ("an integer", text.flatMap { UInt8($0) } as? T)
        case is UInt16.Type: return ("an integer", text.flatMap { UInt16($0) } as? T)
        case is UInt32.Type: return ("an integer", text.flatMap { UInt32($0) } as? T)
        case is UInt64.Type: return ("an integer", text.flatMap { UInt64($0) } as? T)
        case is Double.Type: return ("a number", text.flatMap { finite(Double($0)) } as? T)
        case is Float.Type: return ("a number", text.flatMap { finite(Double($0)).map { Float($0) } } as? T)
        case is Decimal.Type: return ("a number", text.flatMap { finite(Double($0)) != nil ? Decimal(string: $0) : nil } as? T)
        case is URL.Type: return ("a URL", text.flatMap { $0.isEmpty ? nil : URL(string: $0) } as? T)
        default: return nil
        }
    }

    /// Only finite numbers: `nan` and `inf` are words, not numbers, in a link.
    static func finite(_ value: Double?) -> Double? {
        guard let value, value.isFinite else { return nil }
        return value
    }
}

extension Array: QueryRepeatable {}
extension Set: QueryRepeatable {}
extension ContiguousArray: QueryRepeatable {}
