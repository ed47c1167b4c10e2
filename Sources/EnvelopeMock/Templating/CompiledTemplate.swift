/// One template text compiled: its tree, checked when the mappings load.
public struct CompiledTemplate: Sendable {
    let nodes: [TemplateNode]

    /// Compiles `text`; a syntax error or an unknown helper fails with the place in the text.
    public init(_ text: String) throws(TemplateSyntaxError) {
        nodes = try TemplateParser(text).parse()
        try TemplateChecks.check(nodes)
    }

    func render(_ evaluator: inout TemplateEvaluator) -> String {
        evaluator.render(nodes)
    }
}

/// Checks that need the whole tree: expressions written literally (a `jsonPath` path, a
/// truncation) must be valid when the mappings load, not when a request comes.
enum TemplateChecks {
    static func check(_ nodes: [TemplateNode]) throws(TemplateSyntaxError) {
        for node in nodes {
            switch node {
            case .text: continue
            case .output(let expression, _): try check(expression)
            case .block(let block):
                try check(block.call)
                try check(block.body)
                try check(block.inverse)
            }
        }
    }

    static func check(_ expression: TemplateExpression) throws(TemplateSyntaxError) {
        if case .call(let call) = expression { try check(call) }
    }

    static func check(_ call: TemplateCall) throws(TemplateSyntaxError) {
        for param in call.params { try check(param) }
        for entry in call.hash { try check(entry.value) }
        switch call.name {
        case "jsonPath":
            if call.params.count > 1, case .literal(.string(let text)) = call.params[1] {
                do throws(JSONPath.SyntaxError) {
                    _ = try TemplateCache.shared.jsonPath(text)
                } catch {
                    throw TemplateSyntaxError(offset: call.offset, reason: "'\(text)' is not a supported JSONPath: \(error.description); see docs/mocks.md for the subset")
                }
            }
        case "regexExtract", "matches":
            if call.params.count > 1, case .literal(.string(let text)) = call.params[1], TemplateCache.shared.regex(text) == nil {
                throw TemplateSyntaxError(offset: call.offset, reason: "the regular expression '\(text)' does not compile")
            }
        case "truncateDate":
            if call.params.count > 1, case .literal(.string(let text)) = call.params[1], !TemplateDates.truncations.contains(text) {
                throw TemplateSyntaxError(offset: call.offset, reason: "'\(text)' is not a truncation; use one of " + TemplateDates.truncations.joined(separator: ", "))
            }
        default:
            break
        }
    }
}
