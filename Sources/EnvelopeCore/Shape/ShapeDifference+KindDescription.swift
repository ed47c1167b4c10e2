/// A shape difference's kind prints as its id (`key-added`), the name `record` and
/// `check --compare-mocks` print, not as its Swift case name.
extension ShapeDifference.Kind: CustomStringConvertible {
    /// The id, the same as `rawValue`.
    public var description: String { rawValue }
}
