extension FileProblem {
    /// `{"file", "line", "column", "message"}`, as in the `errors` of the check and diff reports; `line` and
    /// `column` only when the problem has a place.
    var jsonValue: JSONValue {
        var members = [JSONValue.Member(key: "file", value: .string(file))]
        if let location {
            members.append(JSONValue.Member(key: "line", value: .number(String(location.line))))
            members.append(JSONValue.Member(key: "column", value: .number(String(location.column))))
        }
        members.append(JSONValue.Member(key: "message", value: .string(message)))
        return .object(members)
    }
}
