extension JSONValue {
    /// The value as JSON text: compact, or pretty with two-space indentation.
    public func serialized(pretty: Bool = false) -> String {
        var out = ""
        write(into: &out, pretty: pretty, indent: 0)
        return out
    }

    private func write(into out: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .null: out.append("null")
        case .bool(let value): out.append(value ? "true" : "false")
        case .number(let text): out.append(text)
        case .string(let text): JSONString.encode(text, into: &out)
        case .array(let elements):
            guard !elements.isEmpty else { return out.append("[]") }
            // Short lists of scalars (indices, enum values) read better on one line.
            if pretty, elements.count <= 20, elements.allSatisfy({ $0.kind != .array && $0.kind != .object }) {
                out.append("[")
                for (position, element) in elements.enumerated() {
                    if position > 0 { out.append(", ") }
                    element.write(into: &out, pretty: false, indent: 0)
                }
                out.append("]")
                return
            }
            out.append("[")
            for (position, element) in elements.enumerated() {
                if position > 0 { out.append(",") }
                if pretty { newline(&out, indent + 1) }
                element.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { newline(&out, indent) }
            out.append("]")
        case .object(let members):
            guard !members.isEmpty else { return out.append("{}") }
            out.append("{")
            for (position, member) in members.enumerated() {
                if position > 0 { out.append(",") }
                if pretty { newline(&out, indent + 1) }
                JSONString.encode(member.key, into: &out)
                out.append(pretty ? ": " : ":")
                member.value.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { newline(&out, indent) }
            out.append("}")
        }
    }

    private func newline(_ out: inout String, _ indent: Int) {
        out.append("\n")
        out.append(String(repeating: "  ", count: indent))
    }

    /// Writes `string` as a JSON string literal (quotes included), for report writers.
    public static func quoted(_ string: String) -> String {
        var out = ""
        JSONString.encode(string, into: &out)
        return out
    }
}
