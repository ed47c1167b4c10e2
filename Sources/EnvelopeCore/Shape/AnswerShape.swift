/// The structure of one HTTP answer: its status, its content type and the shape of its
/// body, for telling how one environment's answer differs from another's.
public struct AnswerShape: Sendable, Equatable {
    /// What the body was.
    public enum Body: Sendable, Equatable {
        /// A JSON document, with its shape.
        case json(JSONShape)
        /// No body at all.
        case empty
        /// Bytes that are not JSON; the text says what the parser found.
        case notJSON(String)
    }

    /// The HTTP status.
    public var status: Int
    /// The `Content-Type` header as sent, if there was one.
    public var contentType: String?
    /// The body's structure.
    public var body: Body

    /// Creates a shape from its parts.
    public init(status: Int, contentType: String?, body: Body) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }

    /// The shape of an answer with `body` (parsed here; bytes that are not JSON are
    /// ``Body/notJSON``).
    public init(status: Int, contentType: String?, body bytes: [UInt8]) {
        self.status = status
        self.contentType = contentType
        if bytes.isEmpty {
            body = .empty
            return
        }
        do {
            body = .json(JSONShape(try JSONDocument.parse(bytes).root))
        } catch {
            body = .notJSON(error.message + (error.location.map { " at \($0)" } ?? ""))
        }
    }

    /// How `new` differs from `self` (the baseline): status, content type, then the body,
    /// place by place with enum values compared (see ``JSONShape/differences(to:comparingValues:enumPlaces:)``).
    ///
    /// Bodies are compared only when the statuses are the same: an error page says nothing
    /// about the shape of the answer it replaced, so a changed status is reported alone (with
    /// the content type).
    public func differences(to new: AnswerShape, enumPlaces: Set<String> = []) -> [ShapeDifference] {
        var result: [ShapeDifference] = []
        if status != new.status {
            result.append(ShapeDifference(kind: .statusChanged, pointer: "", old: [], new: [],
                                          oldValue: String(status), newValue: String(new.status)))
        }
        if Self.normalized(contentType) != Self.normalized(new.contentType) {
            result.append(ShapeDifference(kind: .contentTypeChanged, pointer: "", old: [], new: [],
                                          oldValue: contentType ?? "no Content-Type", newValue: new.contentType ?? "no Content-Type"))
        }
        guard status == new.status else { return result }
        switch (body, new.body) {
        case (.json(let before), .json(let after)):
            result += before.differences(to: after, comparingValues: true, enumPlaces: enumPlaces)
        case (.json, .empty):
            result.append(ShapeDifference(kind: .bodyNotJSON, pointer: "", old: [], new: [], oldValue: "JSON", newValue: "an empty body"))
        case (.json, .notJSON(let problem)):
            result.append(ShapeDifference(kind: .bodyNotJSON, pointer: "", old: [], new: [], oldValue: "JSON", newValue: "not JSON (\(problem))"))
        default:
            // Without a JSON baseline there is no structure to lose.
            break
        }
        return result
    }

    /// A content type compared without case or spaces: `application/json; charset=UTF-8`
    /// and `application/json;charset=utf-8` are the same.
    static func normalized(_ contentType: String?) -> String? {
        contentType.map { $0.lowercased().split(separator: ";").map { $0.trimmingSpaces() }.joined(separator: ";") }
    }
}

extension Substring {
    /// The text without spaces and tabs at either end.
    fileprivate func trimmingSpaces() -> String {
        var text = self
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return String(text)
    }
}
