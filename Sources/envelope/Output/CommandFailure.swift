import EnvelopeCore
import EnvelopeMock

/// An error that ends a command with a message and an exit code.
struct CommandFailure: Error, ExitCodeProviding, CustomStringConvertible {
    /// The text after `error: `.
    var description: String
    /// The process exit code.
    var exitCode: Int32

    /// A broken contract, mock or input file: exit 2.
    static func badInput(_ message: String) -> CommandFailure { CommandFailure(description: message, exitCode: 2) }
    /// A failure to reach a server or a port: exit 3.
    static func transport(_ message: String) -> CommandFailure { CommandFailure(description: message, exitCode: 3) }
}
