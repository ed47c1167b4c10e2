/// An ordered map inside a template (request headers, query, a parsed JSON object). Lookup
/// may ignore ASCII case (headers); it may render as a fixed text (`request.path` renders as
/// the path, while `request.path.[0]` and `request.path.id` look inside).
struct TemplateMap: Sendable {
    var entries: [(key: String, value: TemplateValue)]
    var caseInsensitive: Bool
    /// What the map renders as, instead of Java's `{k=v, ...}`.
    var display: String?

    init(_ entries: [(String, TemplateValue)], caseInsensitive: Bool = false, display: String? = nil) {
        self.entries = entries.map { (key: $0.0, value: $0.1) }
        self.caseInsensitive = caseInsensitive
        self.display = display
    }

    subscript(name: String) -> TemplateValue? {
        if caseInsensitive { return entries.last { asciiCaseInsensitiveEquals($0.key, name) }?.value }
        return entries.last { $0.key == name }?.value
    }

    var rendered: String {
        display ?? "{" + entries.map { "\($0.key)=\($0.value.rendered)" }.joined(separator: ", ") + "}"
    }
}
