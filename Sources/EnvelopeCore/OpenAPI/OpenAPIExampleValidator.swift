/// Checks values against the schemas contracts will `$ref`, compiled the way `envelope check`
/// compiles a contract's body: from a `{"$ref": …}` read relative to the contracts folder, by
/// a compiler of its own that adopts the contract's `"openapi"` document first, so an example
/// passes here exactly when its mock will pass `check`.
///
/// Each reference is compiled once, alone, as `check` compiles each contract alone: one
/// compiler growing with every schema of a large document would check its cycles and build
/// its validation tables over all of them again for each new reference. The parsed and
/// indexed documents are shared through the load options' document cache, as in `check`.
struct OpenAPIExampleValidator {
    /// A reference's compiled schema and its root, or why it does not load.
    private var compiled: [String: Result<(validator: SchemaValidator, root: Int), Failure>] = [:]
    private let makeCompiler: () -> SchemaCompiler
    /// The root document's path from the contracts folder, which each contract names in its
    /// `"openapi"` member, as the contracts do.
    private let source: String?

    /// Why a schema does not load, as text.
    private struct Failure: Error {
        let text: String
    }

    /// A validator that reads the files the `$ref`s reach with `read` (paths relative to the
    /// contracts folder), with the options a contract load has (its `refMap`, its readers).
    init(read: @escaping SchemaCompiler.Reader, options: ContractLoadOptions, source: String? = nil) {
        self.source = source
        makeCompiler = {
            var compiler = SchemaCompiler(read: read, mappings: options.mappings, fetch: nil, regexes: options.regexes,
                                          documentCache: options.documents, compiledCache: options.compiledSchemas)
            // As a contract's compiler: a `.yaml` document is read by the options' YAML reader.
            compiler.parseYAML = options.parseYAML
            return compiler
        }
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
        let result = compiled[reference] ?? compile(reference)
        compiled[reference] = result
        let validator: SchemaValidator, root: Int
        switch result {
        case .success(let made): (validator, root) = made
        case .failure(let failure): return .schemaDoesNotLoad(failure.text)
        }
        guard let instance = try? JSONDocument.parse(value.serialized()) else { return .fails(["the value cannot be written as JSON"]) }
        let outcome = validator.validate(instance, against: root)
        // A key the schema does not declare passes JSON Schema, but `check` would warn about
        // it in every run against the mock: such a value is no mock either.
        let failing = outcome.violations.filter { $0.isFailure || $0.kind == .unknownKey }
        guard !failing.isEmpty else { return .passes }
        return .fails(failing.prefix(5).map { violation in
            "\(violation.path.isEmpty ? "/" : violation.path.jsonPointer): expected \(violation.expected), found \(violation.actual)"
        })
    }

    /// The schema `reference` names, compiled as a contract's body is.
    private func compile(_ reference: String) -> Result<(validator: SchemaValidator, root: Int), Failure> {
        var compiler = makeCompiler()
        do {
            if let source {
                try compiler.adoptOpenAPISource(source, in: "__import.json", at: SourceLocation(line: 1, column: 1, offset: 0))
            }
            let wrapper = JSONValue.object([JSONValue.Member(key: "$ref", value: .string(reference))])
            let document = try JSONDocument.parse(wrapper.serialized())
            let root = try compiler.compile(document.root, file: "__import.json", pointer: "")
            return .success((SchemaValidator(schema: compiler.schema), root))
        } catch {
            return .failure(Failure(text: "\(error)"))
        }
    }
}
