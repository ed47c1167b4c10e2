/// `envelope diff --fail-on`: which changes make the exit code 1.
public enum DiffFailLevel: String, Sendable, CaseIterable {
    /// Breaking changes (the default).
    case breaking
    /// Any change at all.
    case any
    /// Nothing: always exit 0 (unless a file is broken).
    case never
}
