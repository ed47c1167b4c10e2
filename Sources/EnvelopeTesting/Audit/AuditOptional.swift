/// Lets the audit tell `T?` from `T` when a custom `init(from:)` asks for `decode(T?.self, ...)`.
protocol AuditOptional {
    /// The wrapped type.
    static var auditWrappedType: Any.Type { get }
}
