/// A drift kind prints as its stable id (`optional-never-present`), the name reports and
/// contracts' `drift` settings use, not as its Swift case name.
extension DriftKind: CustomStringConvertible {
    /// The stable id, the same as `rawValue`.
    public var description: String { rawValue }
}
