/// A change kind prints as its stable id (`property-removed`), the name `envelope diff`
/// reports use, not as its Swift case name.
extension ChangeKind: CustomStringConvertible {
    /// The stable id, the same as `rawValue`.
    public var description: String { rawValue }
}
