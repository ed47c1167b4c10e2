/// Checks values against the schemas contracts will `$ref`, compiled the way `envelope check`
/// compiles a contract's body: from a `{"$ref": …}` read relative to the contracts folder,
/// so an example passes here exactly when its mock will pass `check`.
struct OpenAPIExampleValidator {
    private var compiler: SchemaCompiler
    private var roots: [String: Int] = [:]
    private var failures: [String: String] = [:]

    /// A validator that reads the files the `$ref`s reach with `read` (paths relative to the
    /// contracts folder).
    init(read: @escaping SchemaCompiler.Reader, mappings: [SchemaCompiler.ReferenceMapping]) {
        compiler = SchemaCompiler(read: read, mappings: mappings)
    }

    /// The findings of `value` against the schema `reference` names (a contract's `$ref`):
    /// empty when it passes; one line saying why when the schema does not compile.
    mutating func findings(of value: JSONValue, against reference: String) -> [String] {
        if let failure = failures[reference] { return [failure] }
        let root: Int
        if let known = roots[reference] {
            root = known
        } else {
            let wrapper = JSONValue.object([JSONValue.Member(key: "$ref", value: .string(reference))])
            do {
                let document = try JSONDocument.parse(wrapper.serialized())
                root = try compiler.compile(document.root, file: "__import-\(roots.count).json", pointer: "")
            } catch {
                let text = "its schema does not load: \(error)"
                failures[reference] = text
                return [text]
            }
            roots[reference] = root
        }
        guard let instance = try? JSONDocument.parse(value.serialized()) else { return ["the value cannot be written as JSON"] }
        let outcome = SchemaValidator(schema: compiler.schema).validate(instance, against: root)
        guard !outcome.isValid else { return [] }
        return outcome.violations.filter(\.isFailure).prefix(5).map { violation in
            "\(violation.path.isEmpty ? "/" : violation.path.jsonPointer): expected \(violation.expected), found \(violation.actual)"
        }
    }
}
