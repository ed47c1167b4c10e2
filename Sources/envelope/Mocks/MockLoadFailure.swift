import EnvelopeMock

/// A mock file that does not load: exit 2, printed `file:line:column: error: message` like a
/// broken contract.
struct MockLoadFailure: PlacedError, ExitCodeProviding, CustomStringConvertible {
    /// The loader's error.
    var error: MockLoadError

    var exitCode: Int32 { 2 }

    var placedMessage: String {
        if let location = error.location { return "\(error.file):\(location): error: \(error.message)" }
        return "\(error.file): error: \(error.message)"
    }

    var description: String { placedMessage }
}
