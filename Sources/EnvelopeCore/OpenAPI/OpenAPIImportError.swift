/// Why an OpenAPI document cannot be imported at all (exit 2): every case names the file and,
/// where there is one, the line:column. ``description`` is the one place these become text.
public enum OpenAPIImportError: Error, Sendable, CustomStringConvertible {
    /// A file of the document could not be read or parsed.
    case unreadable(file: String, at: SourceLocation?, reason: String)
    /// The root is not an OpenAPI 3.0 or 3.1 document (Swagger 2.0, another version, not an
    /// object); the advice says what to do.
    case notOpenAPI(file: String, at: SourceLocation?, advice: String)
    /// A `$ref` the import must follow leads nowhere.
    case unresolvedReference(file: String, at: SourceLocation, reference: String, reason: String)

    /// The file the problem is in.
    public var file: String {
        switch self {
        case .unreadable(let file, _, _), .notOpenAPI(let file, _, _), .unresolvedReference(let file, _, _, _): file
        }
    }

    /// Where in ``file``, when known.
    public var location: SourceLocation? {
        switch self {
        case .unreadable(_, let at, _), .notOpenAPI(_, let at, _): at
        case .unresolvedReference(_, let at, _, _): at
        }
    }

    /// What is wrong, without the place.
    public var message: String {
        switch self {
        case .unreadable(_, _, let reason): reason
        case .notOpenAPI(_, _, let advice): advice
        case .unresolvedReference(_, _, let reference, let reason): "cannot resolve $ref '\(reference)': \(reason)"
        }
    }

    /// `file:line:column: error: message`.
    public var description: String {
        "\(file):\(location.map { "\($0):" } ?? "") error: \(message)"
    }
}
