import EnvelopeCore

/// One entry of a stub's `bodyPatterns`.
public enum BodyMatcher: Sendable, CustomStringConvertible {
    /// `equalTo`, `contains`, `doesNotContain`, `matches`, `doesNotMatch`, `absent`, `and`, `or`
    /// on the body as UTF-8 text.
    case text(StringMatcher)
    /// `equalToJson`: the body is JSON equal to the value (numbers by value, key order ignored).
    case equalToJson(JSONValue, ignoreArrayOrder: Bool, ignoreExtraElements: Bool)
    /// `matchesJsonPath`: the body is JSON and the path selects something; with a matcher, one
    /// of the selected values (as text) must satisfy it.
    case matchesJsonPath(JSONPath, StringMatcher?)

    /// Whether `body` satisfies the pattern.
    public func matches(_ body: [UInt8]) -> Bool {
        switch self {
        case .text(let matcher):
            return matcher.matches(body.isEmpty ? nil : String(decoding: body, as: UTF8.self))
        case .equalToJson(let expected, let ignoreArrayOrder, let ignoreExtraElements):
            guard let actual = Self.json(body) else { return false }
            return expected.jsonMatches(actual, ignoreArrayOrder: ignoreArrayOrder, ignoreExtraElements: ignoreExtraElements)
        case .matchesJsonPath(let path, let matcher):
            guard let actual = Self.json(body) else { return false }
            let selected = path.select(in: actual)
            guard let matcher else { return !selected.isEmpty }
            return matcher.matchesAny(selected.map(\.textForMatching))
        }
    }

    /// The body as a JSON tree, or nil when it is not JSON.
    static func json(_ body: [UInt8]) -> JSONValue? {
        guard !body.isEmpty, let document = try? JSONDocument.parse(body) else { return nil }
        return document.root.value
    }

    public var description: String {
        switch self {
        case .text(let matcher): matcher.description
        case .equalToJson(let value, let ignoreArrayOrder, let ignoreExtraElements):
            "equalToJson " + value.serialized() + (ignoreArrayOrder ? " (ignoreArrayOrder)" : "")
                + (ignoreExtraElements ? " (ignoreExtraElements)" : "")
        case .matchesJsonPath(let path, let matcher):
            "matchesJsonPath \(quoted(path.text))" + (matcher.map { " " + $0.description } ?? "")
        }
    }
}
