import EnvelopeCore

/// A contract codegen cannot model prints as its own `file: error: message` line (no second
/// `error: ` in front) and ends the run with exit 2, as a broken input file does.
extension CodegenError: PlacedError, ExitCodeProviding {
    var placedMessage: String { description }
    var exitCode: Int32 { 2 }
}
