/// Why a contract or one of the schemas it uses could not be loaded.
///
/// Every case names the file and, where there is one, the line:column, so an editor can jump
/// to it. ``description`` is the one place these become text.
public enum ContractError: Error, Sendable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(file: String, reason: String)
    /// The file is not valid JSON.
    case invalidJSON(file: String, JSONError)
    /// The file (a `.yaml` or `.yml` schema) is not YAML that reads as JSON.
    case invalidYAML(file: String, YAMLError)
    /// A contract field is missing, misspelt or of the wrong type.
    case invalidContract(file: String, at: SourceLocation, message: String)
    /// A schema keyword has a value the specification does not allow.
    case invalidSchema(file: String, at: SourceLocation, pointer: String, message: String)
    /// A keyword from another draft or dialect that means something else in 2020-12;
    /// refusing it beats silently checking less than the author meant.
    case unsupportedKeyword(file: String, at: SourceLocation, keyword: String, advice: String)
    /// An unknown keyword a letter or two away from a real one: a typo.
    case misspeltKeyword(file: String, at: SourceLocation, keyword: String, suggestion: String)
    /// A `$ref` that points at nothing.
    case unresolvedReference(file: String, at: SourceLocation, reference: String, reason: String)
    /// `$ref`s that lead back to themselves without ever looking at the data.
    case referenceCycle(file: String, at: SourceLocation, chain: [String])

    /// The file the problem is in.
    public var file: String {
        switch self {
        case .unreadable(let file, _), .invalidJSON(let file, _), .invalidYAML(let file, _), .invalidContract(let file, _, _),
             .invalidSchema(let file, _, _, _), .unsupportedKeyword(let file, _, _, _), .misspeltKeyword(let file, _, _, _),
             .unresolvedReference(let file, _, _, _), .referenceCycle(let file, _, _):
            return file
        }
    }

    /// The line and column of the problem, when known.
    public var location: SourceLocation? {
        switch self {
        case .unreadable: return nil
        case .invalidJSON(_, let error): return error.location
        case .invalidYAML(_, let error): return error.location
        case .invalidContract(_, let at, _), .invalidSchema(_, let at, _, _), .unsupportedKeyword(_, let at, _, _), .misspeltKeyword(_, let at, _, _),
             .unresolvedReference(_, let at, _, _), .referenceCycle(_, let at, _):
            return at
        }
    }

    /// What is wrong and what to do, without the place.
    public var message: String {
        switch self {
        case .unreadable(_, let reason):
            return "cannot read the file: \(reason)"
        case .invalidJSON(_, let error):
            return "not valid JSON: \(error.message)"
        case .invalidYAML(_, let error):
            return error.isInTheText ? "not valid YAML: \(error.message)" : "cannot read YAML: \(error.message)"
        case .invalidContract(_, _, let message):
            return message
        case .invalidSchema(_, _, let pointer, let message):
            return "invalid schema at \(pointer.isEmpty ? "the root" : pointer): \(message)"
        case .unsupportedKeyword(_, _, let keyword, let advice):
            return "schema keyword '\(keyword)' is not JSON Schema 2020-12: \(advice)"
        case .misspeltKeyword(_, _, let keyword, let suggestion):
            return "unknown schema keyword '\(keyword)'; did you mean '\(suggestion)'? (see docs/contracts.md for the keywords Envelope supports)"
        case .unresolvedReference(_, _, let reference, let reason):
            return "cannot resolve $ref '\(reference)': \(reason)"
        case .referenceCycle(_, _, let chain):
            return "$ref cycle that never reaches the data: \(chain.joined(separator: " -> "))"
        }
    }

    /// `file:line:column: error: message`.
    public var description: String {
        if let location { return "\(file):\(location): error: \(message)" }
        return "\(file): error: \(message)"
    }
}
