/// One piece of a compiled template.
indirect enum TemplateNode: Sendable {
    /// Text copied as it is.
    case text(String)
    /// `{{expression}}` (HTML-escaped) or `{{{expression}}}` / `{{&expression}}` (as it is).
    case output(TemplateExpression, escaped: Bool)
    /// `{{#name ...}}body{{else}}inverse{{/name}}`.
    case block(TemplateBlock)
}

/// A block: its helper, arguments, and the two bodies.
struct TemplateBlock: Sendable {
    var call: TemplateCall
    var body: [TemplateNode]
    /// After `{{else}}` (an `{{else if ...}}` chain nests here as one block).
    var inverse: [TemplateNode]
}

/// What a mustache evaluates: a path into the context, a literal, or a helper call.
indirect enum TemplateExpression: Sendable {
    case path(TemplatePath)
    case literal(TemplateValue)
    case call(TemplateCall)
}

/// A helper called with positional and `key=value` arguments.
struct TemplateCall: Sendable {
    var name: String
    var params: [TemplateExpression]
    var hash: [(key: String, value: TemplateExpression)]
    /// The helper's name's place in the template text (UTF-8 bytes), for errors.
    var offset: Int

    func hashValue(_ key: String) -> TemplateExpression? {
        hash.last { $0.key == key }?.value
    }
}

/// `a.b.[0]`, `this.x`, `../x`, `@index`.
struct TemplatePath: Sendable {
    var segments: [String]
    /// How many `../` lead the path.
    var parents: Int
    /// `@name`: a data variable of `#each` (`@index`, `@key`, `@first`, `@last`).
    var isData: Bool
    /// Starts with `this` or `.` (no fallback to parent contexts or helpers).
    var isExplicitContext: Bool
}
