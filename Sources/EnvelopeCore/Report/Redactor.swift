/// Hides secrets in everything a report or log shows: values that came from `${VAR}`, values
/// of sensitive request headers, and the values of sensitive headers named in findings.
///
/// Sensitive headers are `Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie` and
/// any header ending in `-Key`, `-Secret` or `-Token` (compared ignoring case).
public struct Redactor: Sendable, Hashable {
    /// What a hidden value is shown as.
    public static let mask = "***"
    /// The shortest value hidden wherever it appears in free text. Shorter values ("1", "en")
    /// would mask unrelated text all over a report and protect nothing; they are still hidden
    /// where Envelope knows a secret sits (URLs built from `${VAR}`, sensitive headers).
    public static let minimumLength = 4

    /// The secret values, longest first so a secret containing another is hidden whole.
    public private(set) var secrets: [String]

    /// Creates a redactor for `secrets` (duplicates and values shorter than
    /// ``minimumLength`` are dropped).
    public init(secrets: [String] = []) {
        self.secrets = Array(Set(secrets.filter { $0.count >= Self.minimumLength })).sorted { $0.count > $1.count || ($0.count == $1.count && $0 < $1) }
    }

    /// A redactor that also hides `more`.
    public func adding(_ more: [String]) -> Redactor {
        Redactor(secrets: secrets + more)
    }

    /// Whether a header of this name carries credentials and is always shown as `***`.
    public static func isSensitiveHeader(_ name: String) -> Bool {
        let lower = name.lowercased()
        if ["authorization", "proxy-authorization", "cookie", "set-cookie"].contains(lower) { return true }
        return lower.hasSuffix("-key") || lower.hasSuffix("-secret") || lower.hasSuffix("-token")
    }

    /// `text` with every secret replaced by `***`.
    public func redact(_ text: String) -> String {
        var text = text
        for secret in secrets where text.contains(secret) {
            text = text.replacing(secret, with: Self.mask)
        }
        return text
    }

    /// `Name: value` with the value hidden when the header is sensitive; other text is only
    /// stripped of known secrets.
    public func redactHeaderLine(_ line: String) -> String {
        if let colon = line.firstIndex(of: ":"), Self.isSensitiveHeader(String(line[..<colon])) {
            return String(line[..<colon]) + ": " + Self.mask
        }
        return redact(line)
    }

    /// The report with every shown string redacted: sources, findings' expected and actual
    /// text. Bodies kept for excerpts are redacted when rendered (see ``TextReporter``).
    public func redact(_ report: Report) -> Report {
        var report = report
        report.redactor = self
        guard !secrets.isEmpty || report.results.contains(where: { $0.findings.contains { $0.kind == .headerMismatch } }) else {
            return report
        }
        report.results = report.results.map { result in
            var result = result
            result.source = redact(result.source)
            result.findings = result.findings.map { finding in
                var finding = finding
                if finding.kind == .headerMismatch {
                    finding.expected = redactHeaderLine(finding.expected)
                    finding.actual = redactHeaderLine(finding.actual)
                } else {
                    finding.expected = redact(finding.expected)
                    finding.actual = redact(finding.actual)
                }
                return finding
            }
            return result
        }
        report.transfers = report.transfers.map { transfer in
            guard var transfer, let finalURL = transfer.finalURL else { return transfer }
            transfer.finalURL = redact(finalURL)
            return transfer
        }
        return report
    }
}
