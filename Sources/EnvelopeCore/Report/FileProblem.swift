/// A problem in a file the run reads rather than checks: a contract, a mock mapping or the
/// project file that does not load (an error, exit 2), or what `envelope lint` warns about
/// (a mapping no contract reaches, a contract with no mock).
public struct FileProblem: Sendable, Hashable, CustomStringConvertible {
    /// How bad it is.
    public enum Level: String, Sendable, Hashable {
        /// The file is broken: it does not load, or a reference leads nowhere (exit 2).
        case error
        /// Worth fixing, but nothing is broken: a mapping no contract reaches, a contract
        /// with no mock.
        case warning
    }

    /// How bad it is.
    public var level: Level
    /// The file, as the user would open it (`Contracts/name.json`).
    public var file: String
    /// Where in the file, when the problem has a place.
    public var location: SourceLocation?
    /// What is wrong and what to do.
    public var message: String

    /// Creates a problem.
    public init(level: Level, file: String, location: SourceLocation? = nil, message: String) {
        self.level = level
        self.file = file
        self.location = location
        self.message = message
    }

    /// `file:line:column: error: message`, the form compilers and editors use.
    public var description: String {
        let place = location.map { "\(file):\($0)" } ?? file
        return "\(place): \(level.rawValue): \(message)"
    }
}
