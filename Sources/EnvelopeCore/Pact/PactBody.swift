import Foundation

/// A request or answer body of a pact: V2/V3 write the value itself, V4 an object of
/// `content`, `contentType` and `encoded`.
public struct PactBody: Sendable {
    /// The content: a JSON value for JSON bodies, a string for text (or base64) bodies.
    public var content: JSONValue
    /// V4's `contentType`, else the `Content-Type` header, if any.
    public var contentType: String?
    /// V4's `encoded` when it names an encoding (`base64`, `json`); nil for `false` or absent.
    public var encoded: String?
    /// Where the content is in the file.
    public var location: SourceLocation

    /// Creates a body.
    public init(content: JSONValue, contentType: String? = nil, encoded: String? = nil, location: SourceLocation) {
        self.content = content
        self.contentType = contentType
        self.encoded = encoded
        self.location = location
    }

    /// Whether the body is JSON: its content type says so (`application/json`, `+json`), or,
    /// with none, the content is an object or an array.
    public var isJSON: Bool {
        if let type = contentType?.lowercased() {
            let media = type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? type
            return media == "application/json" || media.hasSuffix("+json") || media.hasSuffix("/json")
        }
        switch content {
        case .object, .array: return true
        default: return false
        }
    }

    /// The content as JSON, when ``isJSON``: a V4 `encoded: "json"` string parsed, else the value.
    public var json: JSONValue? {
        guard isJSON else { return nil }
        if encoded == "json", case .string(let text) = content {
            return (try? JSONDocument.parse(text))?.root.value
        }
        if encoded != nil { return nil }
        return content
    }
}
