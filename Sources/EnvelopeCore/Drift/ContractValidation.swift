/// Checks `response` against `contract`: status, headers and body, every finding collected.
///
/// `policy` holds the command line's severity settings; they override the contract's own.
/// `duration` is the seconds the fetch took, when there was one; `slowAfter` (seconds, from
/// `--slow`) overrides the contract's latency budget.
public func validate(_ response: ObservedResponse, against contract: Contract, source: String,
                     policy: SeverityPolicy = SeverityPolicy(), duration: Double? = nil, slowAfter: Double? = nil) -> ContractResult {
    let effective = contract.drift.overridden(by: policy)
    // An outage is not drift: one finding of its own, and neither headers nor body are judged.
    if let outage = serverError(response, expected: contract.response.status) {
        return ContractResult(contract: contract.name, file: contract.file, source: source, valid: false, findings: [outage],
                              duration: duration, contractLocation: contract.responseLocation, httpStatus: response.status)
    }
    var findings: [DriftFinding] = []
    var valid = true
    func add(_ finding: DriftFinding) {
        guard finding.severity != .ignore else { return }
        findings.append(finding)
    }

    if let expected = contract.response.status, let status = response.status, status != expected {
        valid = false
        add(DriftFinding(kind: .statusMismatch, pointer: "", severity: effective.severity(of: .statusMismatch),
                         expected: "status \(expected)", actual: statusText(response)))
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
    if let duration, let budget = slowAfter ?? contract.response.slow, duration > budget {
        add(DriftFinding(kind: .slowAnswer, pointer: "", severity: effective.severity(of: .slowAnswer),
                         expected: "an answer within \(durationText(budget))", actual: "an answer after \(durationText(duration))"))
    }
    return ContractResult(contract: contract.name, file: contract.file, source: source, valid: valid, findings: findings,
                          duration: duration, contractLocation: contract.responseLocation, httpStatus: response.status)
}

/// `status 302 (Location: https://example.com/login)`: a redirect says where it leads.
package func statusText(_ response: ObservedResponse) -> String {
    guard let status = response.status else { return "no status" }
    guard (300...399).contains(status), let location = response.header("Location") else { return "status \(status)" }
    return "status \(status) (Location: \(location))"
}

/// The `server-error` finding for an answer with a 5xx status the contract does not expect
/// (a contract may expect a 503, for an endpoint that is meant to be down).
package func serverError(_ response: ObservedResponse, expected: Int?) -> DriftFinding? {
    guard let status = response.status, (500...599).contains(status), status != expected else { return nil }
    let type = response.header("Content-Type").map { " (\($0.split(separator: ";").first.map(String.init) ?? $0))" } ?? ""
    return DriftFinding(kind: .serverError, pointer: "", severity: .breaking,
                        expected: expected.map { "status \($0)" } ?? "an answer, not a server error",
                        actual: "status \(status), \(bodyExcerpt(response.body))\(type)")
}

/// Seconds as people read an answer time: `0.4 ms`, `812 ms`, `1.25 s`.
package func durationText(_ seconds: Double) -> String {
    guard seconds.isFinite, seconds > 0 else { return "0 ms" }
    let millis = seconds * 1000
    if millis < 10 { return tenths(millis) + " ms" }
    if millis < 1000 { return "\(Int(millis.rounded())) ms" }
    let hundredths = Int((seconds * 100).rounded())
    let fraction = String(hundredths % 100)
    return "\(hundredths / 100)." + String(repeating: "0", count: 2 - fraction.count) + fraction + " s"
}

/// `value` with one decimal, without a locale.
private func tenths(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
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
