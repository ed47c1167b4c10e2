/// Checks values against the schemas contracts will `$ref`, compiled the way `envelope check`
/// compiles a contract's body: from a `{"$ref": …}` read relative to the contracts folder,
/// so an example passes here exactly when its mock will pass `check`.
struct OpenAPIExampleValidator {
    private var compiler: SchemaCompiler
    private var roots: [String: Int] = [:]
    private var failures: [String: String] = [:]

    /// A validator that reads the files the `$ref`s reach with `read` (paths relative to the
    /// contracts folder), with the options a contract load has (its `refMap`, its readers).
    init(read: @escaping SchemaCompiler.Reader, options: ContractLoadOptions) {
        compiler = SchemaCompiler(read: read, mappings: options.mappings, fetch: nil, regexes: options.regexes, documentCache: options.documents)
        // As a contract's compiler: a `.yaml` document is read by the options' YAML reader.
        compiler.parseYAML = options.parseYAML
    }

    /// What checking a value found.
    enum Outcome: Equatable {
        /// It passes.
        case passes
        /// It fails, one finding a line (at most five).
        case fails([String])
        /// The schema does not load, and why.
        case schemaDoesNotLoad(String)
    }

    /// `value` against the schema `reference` names (a contract's `$ref`).
    mutating func check(_ value: JSONValue, against reference: String) -> Outcome {
        if let failure = failures[reference] { return .schemaDoesNotLoad(failure) }
        let root: Int
        if let known = roots[reference] {
            root = known
        } else {
            let wrapper = JSONValue.object([JSONValue.Member(key: "$ref", value: .string(reference))])
            do {
                let document = try JSONDocument.parse(wrapper.serialized())
                root = try compiler.compile(document.root, file: "__import-\(roots.count).json", pointer: "")
            } catch {
                let text = "\(error)"
                failures[reference] = text
                return .schemaDoesNotLoad(text)
            }
            roots[reference] = root
        }
        guard let instance = try? JSONDocument.parse(value.serialized()) else { return .fails(["the value cannot be written as JSON"]) }
        let outcome = SchemaValidator(schema: compiler.schema).validate(instance, against: root)
        guard !outcome.isValid else { return .passes }
        return .fails(outcome.violations.filter(\.isFailure).prefix(5).map { violation in
            "\(violation.path.isEmpty ? "/" : violation.path.jsonPointer): expected \(violation.expected), found \(violation.actual)"
        })
    }
}
