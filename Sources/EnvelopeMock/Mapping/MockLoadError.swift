import EnvelopeCore

/// Why the mocks could not be loaded. Every case names the file and, when it has one, the
/// line:column; ``description`` reads `file:line:column: what is wrong; what to do`.
public enum MockLoadError: Error, Sendable, CustomStringConvertible {
    /// The Mocks folder or its `mappings/` folder does not exist or cannot be listed.
    case directoryNotFound(path: String, reason: String)
    /// A mapping or body file could not be read.
    case unreadableFile(file: String, reason: String)
    /// A mapping file is not valid JSON (duplicate keys are rejected too).
    case invalidJSON(file: String, error: JSONError)
    /// A key Envelope does not support (or that does not exist in WireMock's format).
    case unsupportedKey(file: String, location: SourceLocation, key: String, context: String, supported: [String])
    /// A required key is missing.
    case missingKey(file: String, location: SourceLocation, key: String, context: String, hint: String)
    /// A value of the wrong JSON type.
    case wrongType(file: String, location: SourceLocation, key: String, expected: String, found: JSONKind)
    /// A value of the right type that is not allowed (out of range, unknown fault name...).
    case invalidValue(file: String, location: SourceLocation, key: String, message: String)
    /// Keys that exclude each other appear together.
    case conflictingKeys(file: String, location: SourceLocation, keys: [String], context: String)
    /// A `bodyFileName` that is absolute, contains `..`, or resolves (through a symlink) outside `__files/`.
    case bodyFileOutsideFilesFolder(file: String, location: SourceLocation, bodyFileName: String, reason: String)
    /// A `bodyFileName` that does not exist or cannot be read.
    case bodyFileNotFound(file: String, location: SourceLocation, bodyFileName: String, lookedAt: String)
    /// A regular expression that does not compile.
    case invalidRegex(file: String, location: SourceLocation, pattern: String, reason: String)
    /// A response template that does not compile (bad syntax, an unknown helper); the place
    /// is the template's own inside the file.
    case invalidTemplate(file: String, location: SourceLocation, message: String)

    /// The file (or folder) the problem is in.
    public var file: String {
        switch self {
        case .directoryNotFound(let path, _): path
        case .unreadableFile(let file, _), .invalidJSON(let file, _), .unsupportedKey(let file, _, _, _, _),
             .missingKey(let file, _, _, _, _), .wrongType(let file, _, _, _, _), .invalidValue(let file, _, _, _),
             .conflictingKeys(let file, _, _, _), .bodyFileOutsideFilesFolder(let file, _, _, _),
             .bodyFileNotFound(let file, _, _, _), .invalidRegex(let file, _, _, _), .invalidTemplate(let file, _, _):
            file
        }
    }

    /// Where in the file, when the problem has a place.
    public var location: SourceLocation? {
        switch self {
        case .directoryNotFound, .unreadableFile: nil
        case .invalidJSON(_, let error): error.location
        case .unsupportedKey(_, let location, _, _, _), .missingKey(_, let location, _, _, _),
             .wrongType(_, let location, _, _, _), .invalidValue(_, let location, _, _),
             .conflictingKeys(_, let location, _, _), .bodyFileOutsideFilesFolder(_, let location, _, _),
             .bodyFileNotFound(_, let location, _, _), .invalidRegex(_, let location, _, _), .invalidTemplate(_, let location, _):
            location
        }
    }

    /// What is wrong and what to do, without the `file:line:column` prefix.
    public var message: String {
        switch self {
        case .directoryNotFound(let path, let reason):
            return "cannot read the mocks folder (\(reason)); expected \(path) with mapping files *.json"
        case .unreadableFile(_, let reason):
            return "cannot read the file: \(reason)"
        case .invalidJSON(_, let error):
            var text = error.description
            if let location = error.location {
                let prefix = "\(location): "
                if text.hasPrefix(prefix) { text.removeFirst(prefix.count) }
            }
            return "not valid JSON: \(text)"
        case .unsupportedKey(_, _, let key, let context, let supported):
            return "unsupported key '\(key)' in \(context); expected one of \(supported.joined(separator: ", ")). "
                + "Remove it, or check its spelling against docs/mocks.md"
        case .missingKey(_, _, let key, let context, let hint):
            return "\(context) has no '\(key)'; \(hint)"
        case .wrongType(_, _, let key, let expected, let found):
            return "'\(key)' should be \(expected), found \(describe(found))"
        case .invalidValue(_, _, let key, let message):
            return "invalid '\(key)': \(message)"
        case .conflictingKeys(_, _, let keys, let context):
            return "\(context) has \(keys.map { "'\($0)'" }.joined(separator: " and ")); keep only one of them"
        case .bodyFileOutsideFilesFolder(_, _, let name, let reason):
            return "bodyFileName '\(name)' \(reason); body files must be inside the __files/ folder, named by a relative path without '..'"
        case .bodyFileNotFound(_, _, let name, let lookedAt):
            return "bodyFileName '\(name)' not found (looked for \(lookedAt)); add the file under __files/ or fix the name"
        case .invalidRegex(_, _, let pattern, let reason):
            return "regular expression \(quoted(pattern)) does not compile: \(reason)"
        case .invalidTemplate(_, _, let message):
            return "invalid response template: \(message)"
        }
    }

    public var description: String {
        if let location { return "\(file):\(location): \(message)" }
        return "\(file): \(message)"
    }
}

private func describe(_ kind: JSONKind) -> String {
    switch kind {
    case .object: "an object"
    case .array: "an array"
    case .string: "a string"
    case .number: "a number"
    case .bool: "a boolean"
    case .null: "null"
    }
}
