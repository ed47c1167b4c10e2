extension ResponseTemplate {
    /// `definition` with its templated parts rendered for `request`.
    func render(_ definition: ResponseDefinition, request: MockRequest, pathTemplate: PathTemplate?,
                context: TemplateRenderContext) -> ResponseDefinition {
        var definition = definition
        let root = TemplateRequestModel.root(for: request, pathTemplate: pathTemplate, parameters: parameters)
        var evaluator = TemplateEvaluator(root: root, environment: context.environment)
        for (index, template) in headers where definition.headers.indices.contains(index) {
            let value = template.render(&evaluator)
            // A rendered value may not break the head (a request value with a line break).
            definition.headers[index].value = MappingReader.isFieldText(value) ? value : String(value.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
        }
        if let bodyFileName {
            let name = bodyFileName.render(&evaluator)
            switch context.files.template(named: name, in: context.bodyFiles) {
            case .success(let file):
                definition.body = Array((file.template.map { $0.render(&evaluator) } ?? file.text).utf8)
            case .failure(let problem):
                definition.status = 500
                definition.headers = [MockHeader(name: "Content-Type", value: "text/plain; charset=utf-8")]
                definition.body = Array((problem.description + "\n").utf8)
            }
        } else if let body {
            definition.body = Array(body.render(&evaluator).utf8)
        }
        return definition
    }
}

/// What rendering needs besides the request: the environment templates may read, and the
/// body files for a templated `bodyFileName`.
struct TemplateRenderContext: Sendable {
    var environment: TemplateEnvironment
    var bodyFiles: BodyFiles
    var files: TemplateFiles
}
