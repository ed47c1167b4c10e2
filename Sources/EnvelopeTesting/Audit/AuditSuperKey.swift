import EnvelopeCore

/// The key `superDecoder()` uses, as in `JSONDecoder`.
enum AuditSuperKey: String, CodingKey {
    case `super`
}
