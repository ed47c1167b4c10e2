/// A `urlPathTemplate` such as `/contacts/{contactId}/addresses/{addressId}`: literal segments
/// must be equal, each `{name}` takes one whole non-empty segment.
public struct PathTemplate: Sendable {
    /// One `/`-separated piece of the template.
    public enum Segment: Sendable, Equatable {
        case literal(String)
        case variable(String)
    }

    /// The template as written.
    public let text: String
    public let segments: [Segment]

    /// The variable names, in order.
    public var variables: [String] {
        segments.compactMap { if case .variable(let name) = $0 { name } else { nil } }
    }

    /// Parses a template; returns a reason when it is malformed.
    public static func parse(_ text: String) -> Result<PathTemplate, TemplateError> {
        guard text.unicodeScalars.first == "/" else { return .failure(TemplateError(reason: "does not start with '/'")) }
        var segments: [Segment] = []
        var seen: Set<String> = []
        for piece in Self.segments(of: Substring(text)) {
            let scalars = piece.unicodeScalars
            if scalars.first == "{" && scalars.last == "}" && scalars.count >= 3 {
                let name = String(Substring(scalars.dropFirst().dropLast()))
                guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }) else {
                    return .failure(TemplateError(reason: "variable {\(name)} may only use letters, digits, '_', '-' and '.'"))
                }
                guard seen.insert(name).inserted else {
                    return .failure(TemplateError(reason: "variable {\(name)} appears twice"))
                }
                segments.append(.variable(name))
            } else if scalars.contains("{") || scalars.contains("}") {
                return .failure(TemplateError(reason: "segment '\(piece)' mixes text and a variable; a variable must be a whole segment"))
            } else {
                segments.append(.literal(String(piece)))
            }
        }
        return .success(PathTemplate(text: text, segments: segments))
    }

    /// The variables' values (percent-decoded) when `path` fits the template, else nil.
    public func match(_ path: Substring) -> [String: String]? {
        guard path.unicodeScalars.first == "/" else { return nil }
        let pieces = Self.segments(of: path)
        guard pieces.count == segments.count else { return nil }
        var values: [String: String] = [:]
        for (segment, piece) in zip(segments, pieces) {
            switch segment {
            case .literal(let literal):
                guard piece == literal || percentDecoded(piece, plusIsSpace: false) == literal else { return nil }
            case .variable(let name):
                guard !piece.isEmpty else { return nil }
                values[name] = percentDecoded(piece, plusIsSpace: false)
            }
        }
        return values
    }

    /// The `/`-separated pieces after the leading `/`, split by code point: a '/' followed by
    /// a combining mark is one Character to Swift.
    static func segments(of path: Substring) -> [Substring] {
        path.unicodeScalars.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(Substring.init)
    }

    /// Why a template did not parse.
    public struct TemplateError: Error, Sendable {
        public var reason: String
    }
}
