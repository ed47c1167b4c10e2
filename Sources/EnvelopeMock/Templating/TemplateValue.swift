import EnvelopeCore
import Foundation

/// A value inside a response template: what a path, a literal or a helper gives. The cases
/// follow the Java objects WireMock's Handlebars sees, so that each renders as WireMock
/// renders it (`[a, b]` for a list, `{k=v}` for a map, `3.0` for a double).
indirect enum TemplateValue: Sendable {
    case null
    case string(String)
    case int(Int)
    case double(Double)
    /// A JSON number kept as written (a value of `parseJson`).
    case number(String)
    case bool(Bool)
    case list([TemplateValue])
    /// A request value that may be sent several times (a query parameter, a header): one
    /// value renders as itself, several as a list (WireMock 3's `ListOrSingle`).
    case multi([String])
    case map(TemplateMap)
    /// An object or array selected by `jsonPath`: renders as JSON.
    case json(JSONValue)
    case date(Date)
    /// The template's `request`, whose fields are made when read.
    case request(TemplateRequestSource)

    /// Handlebars' truthiness: null, false, "", 0 and empty lists are false.
    var isTruthy: Bool {
        switch self {
        case .null: false
        case .string(let text): !text.isEmpty
        case .int(let value): value != 0
        case .double(let value): value != 0
        case .number(let text): Double(text).map { $0 != 0 } ?? true
        case .bool(let value): value
        case .list(let items): !items.isEmpty
        case .multi(let items): !items.isEmpty
        case .map, .request: true
        case .json(let value):
            switch value {
            case .array(let items): !items.isEmpty
            case .null: false
            default: true
            }
        case .date: true
        }
    }

    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The value as text, as Java's `toString()` gives it.
    var rendered: String {
        switch self {
        case .null: return ""
        case .string(let text): return text
        case .int(let value): return String(value)
        case .double(let value): return Self.javaDouble(value)
        case .number(let text): return text
        case .bool(let value): return value ? "true" : "false"
        case .list(let items): return "[" + items.map(\.rendered).joined(separator: ", ") + "]"
        case .multi(let items): return items.count == 1 ? items[0] : "[" + items.joined(separator: ", ") + "]"
        case .map(let map): return map.rendered
        case .json(let value): return JacksonWriter.write(value, pretty: value.kind == .object)
        case .date(let date): return TemplateDates.iso(date)
        case .request(let source): return TemplateRequestModel.map(of: source).rendered
        }
    }

    /// Java's `Double.toString`: a whole number keeps `.0`, large and small ones use `E`.
    static func javaDouble(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value > 0 ? "Infinity" : "-Infinity") }
        let magnitude = abs(value)
        if magnitude >= 1e-3, magnitude < 1e7 {
            if value == value.rounded(), magnitude < 1e15 { return String(Int(value)) + ".0" }
            return "\(value)"
        }
        if value == 0 { return value.sign == .minus ? "-0.0" : "0.0" }
        // Swift writes 1e+20; Java writes 1.0E20.
        var text = "\(value)"
        if let e = text.firstIndex(of: "e") {
            var mantissa = String(text[..<e])
            var exponent = String(text[text.index(after: e)...])
            if !mantissa.contains(".") { mantissa += ".0" }
            if exponent.hasPrefix("+") { exponent.removeFirst() }
            text = mantissa + "E" + exponent
        }
        return text
    }

    /// The value as a number, when it is one or is text that reads as one.
    var doubleValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        case .number(let text): Double(text)
        case .string(let text): Double(text.trimmingCharacters(in: .whitespaces))
        case .multi(let items) where items.count == 1: Double(items[0])
        case .bool(let value): value ? 1 : 0
        case .json(.number(let text)): Double(text)
        default: nil
        }
    }

    /// The value as a whole number, when it is one.
    var intValue: Int? {
        switch self {
        case .int(let value): return value
        case .string(let text): return Int(text.trimmingCharacters(in: .whitespaces)) ?? doubleValue.flatMap { $0 == $0.rounded() ? Int(exactly: $0) : nil }
        default:
            guard let double = doubleValue, double == double.rounded() else { return nil }
            return Int(exactly: double)
        }
    }

    /// The elements when the value is a list of some kind (a single value is a list of one
    /// for `multi`).
    var elements: [TemplateValue]? {
        switch self {
        case .list(let items): items
        case .multi(let items): items.map(TemplateValue.string)
        case .json(.array(let items)): items.map(TemplateValue.init(json:))
        default: nil
        }
    }

    /// A JSON value as the template sees it: objects become maps, arrays lists.
    init(json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        // Jackson reads whole numbers as integers and keeps decimals as written (BigDecimal).
        case .number(let text): self = Int(text).map(TemplateValue.int) ?? .number(text)
        case .string(let text): self = .string(text)
        case .array(let items): self = .list(items.map(TemplateValue.init(json:)))
        case .object(let members): self = .map(TemplateMap(members.map { ($0.key, TemplateValue(json: $0.value)) }))
        }
    }

    /// The value as JSON (for `toJson`, and `jsonPath` over a value that is not text).
    var jsonValue: JSONValue {
        switch self {
        case .null: return .null
        case .string(let text): return .string(text)
        case .int(let value): return .number(String(value))
        case .double(let value): return .number(Self.javaDouble(value))
        case .number(let text): return .number(text)
        case .bool(let value): return .bool(value)
        case .list(let items): return .array(items.map(\.jsonValue))
        case .multi(let items): return items.count == 1 ? .string(items[0]) : .array(items.map(JSONValue.string))
        case .map(let map): return .object(map.entries.map { JSONValue.Member(key: $0.key, value: $0.value.jsonValue) })
        case .json(let value): return value
        case .date(let date): return .string(TemplateDates.iso(date))
        case .request(let source): return TemplateValue.map(TemplateRequestModel.map(of: source)).jsonValue
        }
    }

    /// One step down: a member of a map or a JSON object, an element of a list by index.
    func child(_ name: String) -> TemplateValue? {
        switch self {
        case .map(let map):
            return map[name]
        case .request(let source):
            return TemplateRequestModel.field(name, of: source)
        case .list, .multi:
            guard let index = Int(name), let items = elements, items.indices.contains(index) else {
                if name == "length" || name == "size" { return elements.map { .int($0.count) } }
                return nil
            }
            return items[index]
        case .json(let json):
            switch json {
            case .object(let members): return members.last { $0.key == name }.map { TemplateValue(jsonChild: $0.value) }
            case .array(let items):
                guard let index = Int(name), items.indices.contains(index) else { return nil }
                return TemplateValue(jsonChild: items[index])
            default: return nil
            }
        default:
            return nil
        }
    }

    /// A value inside a `json` value: containers stay JSON (they render as JSON).
    init(jsonChild value: JSONValue) {
        switch value {
        case .object, .array: self = .json(value)
        default: self.init(json: value)
        }
    }
}
