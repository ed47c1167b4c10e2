import EnvelopeCore

/// Writes JSON the way Jackson (WireMock's JSON library) does: compact without spaces, or
/// pretty with two-space indents and `"key" : value`, arrays of scalars on one line.
enum JacksonWriter {
    static func write(_ value: JSONValue, pretty: Bool) -> String {
        var out = ""
        write(value, pretty: pretty, indent: 0, into: &out)
        return out
    }

    private static func write(_ value: JSONValue, pretty: Bool, indent: Int, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let text): out += text
        case .string(let text): out += JSONValue.quoted(text)
        case .array(let items):
            if items.isEmpty { out += "[ ]"; if !pretty { out.removeLast(2); out += "]" }; return }
            out += pretty ? "[ " : "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += pretty ? ", " : "," }
                write(item, pretty: pretty, indent: indent, into: &out)
            }
            out += pretty ? " ]" : "]"
        case .object(let members):
            if members.isEmpty { out += pretty ? "{ }" : "{}"; return }
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                if pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
                out += JSONValue.quoted(member.key) + (pretty ? " : " : ":")
                write(member.value, pretty: pretty, indent: indent + 1, into: &out)
            }
            if pretty { out += "\n" + String(repeating: "  ", count: indent) }
            out += "}"
        }
    }
}
