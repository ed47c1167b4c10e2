/// Why a pact file cannot be read at all (exit 2): every case names the file and, where
/// there is one, the line:column. ``description`` is the one place these become text.
public enum PactReadError: Error, Sendable, CustomStringConvertible {
    /// The file is not JSON.
    case notJSON(file: String, at: SourceLocation?, reason: String)
    /// The file is JSON but not a pact (not an object, no `interactions` or `messages`).
    case notAPact(file: String, at: SourceLocation?, advice: String)

    /// The file the problem is in.
    public var file: String {
        switch self {
        case .notJSON(let file, _, _), .notAPact(let file, _, _): file
        }
    }

    /// `file:line:column: error: message`.
    public var description: String {
        switch self {
        case .notJSON(let file, let at, let reason):
            "\(file):\(at.map { "\($0):" } ?? "") error: not valid JSON: \(reason)"
        case .notAPact(let file, let at, let advice):
            "\(file):\(at.map { "\($0):" } ?? "") error: \(advice)"
        }
    }
}

/// A problem in one part of a pact file that the reader works around (a rule it does not
/// know, a path it cannot parse, an interaction without a request): collected, located.
public struct PactDiagnostic: Sendable, CustomStringConvertible {
    /// The file.
    public var file: String
    /// Where in it.
    public var location: SourceLocation
    /// The JSON Pointer of the place.
    public var pointer: String
    /// What was expected, what was found, what happens instead.
    public var message: String

    /// Creates a diagnostic.
    public init(file: String, location: SourceLocation, pointer: String, message: String) {
        self.file = file
        self.location = location
        self.pointer = pointer
        self.message = message
    }

    /// `file:line:column: warning: message`.
    public var description: String { "\(file):\(location): warning: \(message)" }
}
