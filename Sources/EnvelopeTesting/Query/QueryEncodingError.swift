import EnvelopeCore
import Foundation

/// Why a value could not be written as query parameters.
public struct QueryEncodingError: Error, Sendable, CustomStringConvertible {
    /// The parameter it happened at.
    public var parameter: String
    /// What went wrong and what to do.
    public var message: String

    /// Creates an error.
    public init(parameter: String, message: String) {
        self.parameter = parameter
        self.message = message
    }

    /// `parameter: message`.
    public var description: String { "\(parameter): \(message)" }
}
