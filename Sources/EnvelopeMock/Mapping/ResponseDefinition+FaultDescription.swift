/// A fault prints as WireMock's name for it (`CONNECTION_RESET_BY_PEER`), the value a
/// mapping's `fault` holds, not as its Swift case name.
extension ResponseDefinition.Fault: CustomStringConvertible {
    /// WireMock's name, the same as `rawValue`.
    public var description: String { rawValue }
}
