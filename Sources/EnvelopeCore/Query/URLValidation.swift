/// Checks a URL (a deep link) against a URL contract: scheme, host and path, then the query
/// parameters against the contract's query schema, every problem a drift finding.
///
/// Parameters are gathered into an object keyed by the contract's key strategy (`a1_b` is
/// `a1B` under `convertFromSnakeCase`), each value coerced to what the schema's property
/// allows (`"2"` becomes the number 2 where the schema says `integer`, `true`/`false` become
/// booleans, repeated names become an array where the schema says `array`), and validated as
/// any answer is. Findings point at `/query/NAME` with the name as the URL writes it, and at
/// `/scheme`, `/host` and `/path`; locations are line 1, the column of the parameter.
public func validate(url: String, against contract: Contract, policy: SeverityPolicy = SeverityPolicy()) -> ContractResult {
    let effective = contract.drift.overridden(by: policy)
    let rules = contract.url ?? URLContract()
    let parts = URLParts.parse(url, plusAsSpace: rules.plusAsSpace)
    var findings: [DriftFinding] = []
    var valid = true
    func fail(_ pointer: String, expected: String, actual: String) {
        valid = false
        let severity = effective.severity(of: .constraintViolation)
        guard severity != .ignore else { return }
        findings.append(DriftFinding(kind: .constraintViolation, pointer: pointer, severity: severity, expected: expected,
                                     actual: actual, keyword: "url"))
    }
    if let scheme = rules.scheme, parts.scheme?.lowercased() != scheme.lowercased() {
        fail("/scheme", expected: "scheme \(scheme)", actual: parts.scheme.map { "scheme \($0)" } ?? "no scheme")
    }
    if let host = rules.host, parts.host?.lowercased() != host.lowercased() {
        fail("/host", expected: "host \(host)", actual: parts.host.map { "host \($0)" } ?? "no host")
    }
    if let path = rules.path, parts.path != path, !(path.isEmpty && parts.path == "/"), !(path == "/" && parts.path.isEmpty) {
        fail("/path", expected: "path \(JSONValue.quoted(path))", actual: JSONValue.quoted(parts.path))
    }
    if let pattern = rules.pathPattern, !pattern.matches(parts.path) {
        fail("/path", expected: "a path matching /\(pattern.source)/", actual: JSONValue.quoted(parts.path))
    }

    if let query = rules.query {
        let coercion = QueryCoercion(schema: contract.schema, root: query)
        var order: [String] = []
        var values: [String: [QueryItem]] = [:]
        for item in parts.query {
            let key = rules.keyStrategy.modelName(for: item.name)
            if values[key] == nil { order.append(key) }
            values[key, default: []].append(item)
        }
        let object = JSONValue.object(order.map { key in
            JSONValue.Member(key: key, value: coercion.value(for: key, items: values[key] ?? []))
        })
        do {
            let document = try JSONDocument.parse(object.serialized())
            let outcome = SchemaValidator(schema: contract.schema).validate(document, against: query)
            if !outcome.isValid { valid = false }
            for var finding in DriftGrouper.findings(from: outcome, in: document, policy: effective) {
                var tokens = JSONPointer.tokens(finding.pointer) ?? []
                if let key = tokens.first {
                    let item = values[key]?.first
                    tokens[0] = item?.name ?? rules.keyStrategy.wireName(for: key)
                    finding.locations = item.map { [SourceLocation(line: 1, column: $0.position + 1, offset: $0.position)] } ?? []
                } else {
                    finding.locations = []
                }
                finding.pointer = "/query" + tokens.map { "/" + JSONPointer.escape($0) }.joined()
                findings.append(finding)
            }
        } catch {
            // The object is built from strings and serialized here, so it always parses; were
            // it ever not to, say so rather than pass the URL.
            valid = false
            findings.append(DriftFinding(kind: .notJSON, pointer: "/query", severity: .breaking, expected: "query parameters",
                                         actual: "an internal error: \(error.message)"))
        }
    }
    return ContractResult(contract: contract.name, file: contract.file, source: url, valid: valid, findings: findings,
                          contractLocation: contract.responseLocation)
}
