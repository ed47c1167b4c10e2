/// `envelope diff`: what changed between two versions of one contract, for its consumers.
public enum ContractDiff {
    /// Every change from `old` to `new`: the request, the status, the header rules and the
    /// body schema (resolved; see ``ChangeKind`` for the classification).
    public static func compare(old: Contract, new: Contract) -> [SchemaChange] {
        var changes: [SchemaChange] = []
        let oldRequest = requestText(old.request), newRequest = requestText(new.request)
        if oldRequest != newRequest {
            changes.append(SchemaChange(kind: .requestChanged, pointer: "", old: oldRequest, new: newRequest))
        }
        if old.response.status != new.response.status {
            changes.append(SchemaChange(kind: .statusChanged, pointer: "", old: old.response.status.map { "status \($0)" } ?? "any status",
                                        new: new.response.status.map { "status \($0)" } ?? "any status"))
        }
        let oldHeaders = Dictionary(old.response.headers.map { ($0.name.lowercased(), $0.expected) }, uniquingKeysWith: { $1 })
        let newHeaders = Dictionary(new.response.headers.map { ($0.name.lowercased(), $0.expected) }, uniquingKeysWith: { $1 })
        for name in Set(oldHeaders.keys).union(newHeaders.keys).sorted() {
            switch (oldHeaders[name], newHeaders[name]) {
            case (let before?, nil): changes.append(SchemaChange(kind: .headerRuleRemoved, pointer: "", old: before, new: "no rule for \(name)"))
            case (nil, let after?): changes.append(SchemaChange(kind: .headerRuleAdded, pointer: "", old: "no rule for \(name)", new: after))
            case (let before?, let after?) where before != after:
                changes.append(SchemaChange(kind: .headerRuleRemoved, pointer: "", old: before, new: after))
            default: break
            }
        }
        switch (old.response.body, new.response.body) {
        case (let before?, let after?):
            var comparer = SchemaComparer(old: old.schema, new: new.schema)
            comparer.compareAll([ScopedSchema(index: before, scope: [])], [ScopedSchema(index: after, scope: [])], at: "")
            changes += comparer.changes
        case (.some, nil):
            changes.append(SchemaChange(kind: .constraintWidened, pointer: "", old: "a body schema", new: "no body schema"))
        case (nil, .some):
            changes.append(SchemaChange(kind: .constraintNarrowed, pointer: "", old: "no body schema", new: "a body schema"))
        case (nil, nil):
            break
        }
        return changes
    }

    private static func requestText(_ request: ContractRequest) -> String {
        "\(request.method) \(request.target)"
    }
}
