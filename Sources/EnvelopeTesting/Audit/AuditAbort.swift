/// Thrown when the audit cannot make a value of some type for a place that drifted (an enum
/// with no known case to stand in, a custom `init(from:)` that refuses the stand-in). The
/// problem is already recorded; decoding resumes at the nearest optional, or stops there.
struct AuditAbort: Error {
    /// Where the value could not be made.
    var pointer: String
}

/// The coding key of an array element, for `codingPath`.
struct AuditIndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { intValue.map(String.init) ?? "" }

    init(intValue: Int) {
        self.intValue = intValue
    }

    init?(stringValue: String) {
        guard let value = Int(stringValue) else { return nil }
        intValue = value
    }
}

/// Lets the audit tell `T?` from `T` when a custom `init(from:)` asks for `decode(T?.self, ...)`.
protocol AuditOptional {
    /// The wrapped type.
    static var auditWrappedType: Any.Type { get }
}

extension Optional: AuditOptional {
    static var auditWrappedType: Any.Type { Wrapped.self }
}
