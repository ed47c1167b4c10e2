extension StubMapping {
    /// The answer to `request`: the templated parts rendered when the stub is a template,
    /// else the response as written (for `lint`, which checks a mock's answer to a contract's
    /// request against that contract).
    package func response(for request: MockRequest, bodyFiles: BodyFiles = .none) -> ResponseDefinition {
        guard let template = response.template else { return response }
        var pathTemplate: PathTemplate? = nil
        if case .urlPathTemplate(let path) = self.request.url { pathTemplate = path }
        let context = TemplateRenderContext(environment: TemplateEnvironment(hostname: "localhost"), bodyFiles: bodyFiles, files: TemplateFiles())
        return template.render(response, request: request, pathTemplate: pathTemplate, context: context)
    }
}
