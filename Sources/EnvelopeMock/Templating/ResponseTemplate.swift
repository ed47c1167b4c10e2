import EnvelopeCore

/// The templated parts of one stub's response (`"transformers": ["response-template"]` or
/// `--global-response-templating`), compiled when the mappings load. A stub without one
/// answers from its prepared bytes, as before; only a stub with one renders per request.
public struct ResponseTemplate: Sendable {
    /// The body's template; nil when the body has no tags (it is sent as prepared).
    var body: CompiledTemplate?
    /// By index into the response's headers: the value's template.
    var headers: [(index: Int, template: CompiledTemplate)]
    /// A `bodyFileName` with tags: the file is chosen per request, and its contents, compiled
    /// once per name, are a template too.
    var bodyFileName: CompiledTemplate?
    /// `transformerParameters`, seen as `parameters`.
    var parameters: TemplateValue

    /// Whether anything needs rendering (a templated stub whose texts have no tags answers
    /// from its prepared bytes).
    var isEmpty: Bool { body == nil && headers.isEmpty && bodyFileName == nil }
}
