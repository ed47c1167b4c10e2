/// The `--fail-on` threshold.
public enum FailLevel: String, Sendable, CaseIterable {
    /// Fail on breaking findings (the default).
    case breaking
    /// Fail on warnings too.
    case warning
    /// Never fail for drift (transport errors still exit 3).
    case never

    /// Whether a finding of `severity` fails the run.
    public func fails(_ severity: Severity) -> Bool {
        switch self {
        case .breaking: severity == .breaking
        case .warning: severity >= .warning
        case .never: false
        }
    }
}
