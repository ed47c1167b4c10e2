/// An error that names its own place and prints as `file:line:column: error: message`, the
/// form editors and CI annotations understand, instead of behind an `error: ` prefix.
protocol PlacedError: Error {
    /// The whole line, place and `error:` included.
    var placedMessage: String { get }
}
