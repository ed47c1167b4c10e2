/// Why models could not be generated for a contract.
public struct CodegenError: Error, Sendable, CustomStringConvertible {
    /// The contract file.
    public var file: String
    /// What went wrong and what to do.
    public var message: String

    /// Creates an error.
    public init(file: String, message: String) {
        self.file = file
        self.message = message
    }

    /// `file: error: message`.
    public var description: String { "\(file): error: \(message)" }
}
