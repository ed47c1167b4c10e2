/// A string format prints as the JSON Schema `format` value (`date-time`), not as its Swift
/// case name.
extension StringFormat: CustomStringConvertible {
    /// The `format` value, the same as `rawValue`.
    public var description: String { rawValue }
}
