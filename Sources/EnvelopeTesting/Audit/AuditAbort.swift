/// Thrown when the audit cannot make a value of some type for a place that drifted (an enum
/// with no known case to stand in, a custom `init(from:)` that refuses the stand-in). The
/// problem is already recorded; decoding resumes at the nearest optional, or stops there.
struct AuditAbort: Error {
    /// Where the value could not be made.
    var pointer: String
}

extension Optional: AuditOptional {
    static var auditWrappedType: Any.Type { Wrapped.self }
}
