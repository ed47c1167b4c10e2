/// The severity of each drift kind: defaults, then a contract's `drift` settings, then the
/// command line's, each overriding the one before.
public struct SeverityPolicy: Sendable, Hashable {
    /// Explicit settings by kind.
    public var overrides: [DriftKind: Severity]

    /// Creates a policy with `overrides` over the defaults.
    public init(overrides: [DriftKind: Severity] = [:]) {
        self.overrides = overrides
    }

    /// The severity findings of `kind` get.
    public func severity(of kind: DriftKind) -> Severity {
        overrides[kind] ?? kind.defaultSeverity
    }

    /// This policy with `other`'s settings taking precedence.
    public func overridden(by other: SeverityPolicy) -> SeverityPolicy {
        SeverityPolicy(overrides: overrides.merging(other.overrides) { _, new in new })
    }
}
