/// Pretty JSON for files people review: two-space indentation like
/// ``JSONValue/serialized(pretty:)``, but a small object or array of scalars that fits on
/// one line is written on one line (`{ "type": "string" }`), so an inferred schema reads as a
/// list of fields rather than a column of braces.
public enum SchemaPrinter {
    /// The widest one-line object, in characters.
    public static let inlineWidth = 72

    /// `value` as pretty JSON text, without a trailing newline.
    public static func print(_ value: JSONValue) -> String {
        var out = ""
        write(value, into: &out, indent: 0)
        return out
    }

    private static func write(_ value: JSONValue, into out: inout String, indent: Int) {
        if let line = inline(value) {
            out += line
            return
        }
        switch value {
        case .object(let members):
            out += "{"
            for (position, member) in members.enumerated() {
                out += position == 0 ? "\n" : ",\n"
                out += String(repeating: "  ", count: indent + 1) + JSONValue.quoted(member.key) + ": "
                write(member.value, into: &out, indent: indent + 1)
            }
            out += "\n" + String(repeating: "  ", count: indent) + "}"
        case .array(let elements):
            out += "["
            for (position, element) in elements.enumerated() {
                out += position == 0 ? "\n" : ",\n"
                out += String(repeating: "  ", count: indent + 1)
                write(element, into: &out, indent: indent + 1)
            }
            out += "\n" + String(repeating: "  ", count: indent) + "]"
        default:
            out += value.serialized()
        }
    }

    /// The one-line form of scalars, of arrays of scalars, and of objects whose values are
    /// those, when it fits in ``inlineWidth``; nil otherwise.
    private static func inline(_ value: JSONValue) -> String? {
        switch value {
        case .object(let members):
            if members.isEmpty { return "{}" }
            var parts: [String] = []
            for member in members {
                guard let text = inlineLeaf(member.value) else { return nil }
                parts.append(JSONValue.quoted(member.key) + ": " + text)
            }
            let line = "{ " + parts.joined(separator: ", ") + " }"
            return line.count <= inlineWidth ? line : nil
        default:
            return inlineLeaf(value)
        }
    }

    private static func inlineLeaf(_ value: JSONValue) -> String? {
        switch value {
        case .object(let members): return members.isEmpty ? "{}" : nil
        case .array(let elements):
            guard elements.allSatisfy({ $0.kind != .object && $0.kind != .array }) else { return nil }
            let line = "[" + elements.map { $0.serialized() }.joined(separator: ", ") + "]"
            return line.count <= inlineWidth ? line : nil
        default: return value.serialized()
        }
    }
}
