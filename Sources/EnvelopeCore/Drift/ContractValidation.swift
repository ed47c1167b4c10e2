/// Checks `response` against `contract`: status, headers and body, every finding collected.
///
/// `policy` holds the command line's severity settings; they override the contract's own.
public func validate(_ response: ObservedResponse, against contract: Contract, source: String,
                     policy: SeverityPolicy = SeverityPolicy(), duration: Double? = nil) -> ContractResult {
    let effective = contract.drift.overridden(by: policy)
    var findings: [DriftFinding] = []
    var valid = true
    func add(_ finding: DriftFinding) {
        guard finding.severity != .ignore else { return }
        findings.append(finding)
    }

    if let expected = contract.response.status, let status = response.status, status != expected {
        valid = false
        add(DriftFinding(kind: .statusMismatch, pointer: "", severity: effective.severity(of: .statusMismatch),
                         expected: "status \(expected)", actual: "status \(status)"))
    }
    for rule in contract.response.headers where response.status != nil {
        let value = response.header(rule.name)
        let satisfied: Bool
        switch rule.rule {
        case .equals(let wanted): satisfied = value == wanted
        case .pattern(let regex): satisfied = value.map(regex.matches) ?? false
        case .absent: satisfied = value == nil
        }
        if !satisfied {
            valid = false
            add(DriftFinding(kind: .headerMismatch, pointer: "", severity: effective.severity(of: .headerMismatch),
                             expected: rule.expected, actual: value.map { "\(rule.name): \($0)" } ?? "no \(rule.name) header"))
        }
    }

    if let body = contract.response.body {
        do {
            let document = try JSONDocument.parse(response.body)
            let outcome = SchemaValidator(schema: contract.schema).validate(document, against: body)
            if !outcome.isValid { valid = false }
            findings += DriftGrouper.findings(from: outcome, in: document, policy: effective)
        } catch {
            valid = false
            add(DriftFinding(kind: .notJSON, pointer: "", severity: effective.severity(of: .notJSON),
                             expected: "a JSON body", actual: "\(bodyExcerpt(response.body)) (\(error.message))",
                             locations: error.location.map { [$0] } ?? []))
        }
    }
    return ContractResult(contract: contract.name, file: contract.file, source: source, valid: valid, findings: findings,
                          duration: duration, contractLocation: contract.responseLocation)
}

/// The first line of a body, cut short, for a not-json finding (an HTML error page shows as
/// `<!DOCTYPE html>…`).
package func bodyExcerpt(_ body: SharedBytes) -> String {
    guard !body.isEmpty else { return "an empty body" }
    let prefix = String(decoding: body.copy(0..<min(body.count, 200)), as: UTF8.self)
    let line = prefix.split(whereSeparator: \.isNewline).first.map(String.init) ?? prefix
    let trimmed = line.count > 60 ? String(line.prefix(59)) + "…" : line
    return VALUEQuote.quoted(trimmed)
}

private typealias VALUEQuote = JSONValue
