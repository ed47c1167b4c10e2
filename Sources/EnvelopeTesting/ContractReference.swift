import EnvelopeCore
import Foundation

/// A contract for the conformance helpers: a file to load, or a contract already loaded.
public enum ContractReference: Sendable, ExpressibleByStringLiteral {
    /// The contract file at this path (its `$ref`s resolve from its folder).
    case file(String)
    /// A loaded contract (from ``ContractLoader`` or `Contract.derived(from:)`).
    case loaded(Contract)

    /// A path written as a string literal.
    public init(stringLiteral path: String) {
        self = .file(path)
    }
}
