/// How much a finding matters; `--fail-on` compares against it.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable, Codable {
    /// Not reported.
    case ignore
    /// Reported; fails the run only with `--fail-on warning`.
    case warning
    /// Reported; fails the run unless `--fail-on never`.
    case breaking

    private var rank: Int {
        switch self {
        case .ignore: 0
        case .warning: 1
        case .breaking: 2
        }
    }

    /// Orders severities from `ignore` to `breaking`.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }

    /// Parses a severity as written in contracts and on the command line (`error` is an alias
    /// of `breaking`).
    public init?(setting: String) {
        switch setting {
        case "breaking", "error": self = .breaking
        case "warning", "warn": self = .warning
        case "ignore", "off": self = .ignore
        default: return nil
        }
    }
}
