/// Checks values against the schemas contracts will `$ref`, compiled the way `envelope check`
/// compiles a contract's body: from a `{"$ref": …}` read relative to the contracts folder,
/// so an example passes here exactly when its mock will pass `check`.
struct OpenAPIExampleValidator {
    private var compiler: SchemaCompiler
    private var roots: [String: Int] = [:]
    private var failures: [String: String] = [:]
    /// The root document's path from the contracts folder, which each contract names in its
    /// `"openapi"` member, as the contracts do; adopted before the first check.
    private var source: String?

    /// A validator that reads the files the `$ref`s reach with `read` (paths relative to the
    /// contracts folder), with the options a contract load has (its `refMap`, its readers).
    init(read: @escaping SchemaCompiler.Reader, options: ContractLoadOptions, source: String? = nil) {
        self.source = source
        makeCompiler = {
            var compiler = SchemaCompiler(read: read, mappings: options.mappings, fetch: nil, regexes: options.regexes, documentCache: options.documents)
            // As a contract's compiler: a `.yaml` document is read by the options' YAML reader.
            compiler.parseYAML = options.parseYAML
            return compiler
        }
        compiler = makeCompiler()
        sourcePath = source
    }

    /// A fresh compiler, for after a compile that failed: that one may hold half-compiled
    /// schemas, which a later `$ref` to them would take as compiled.
    private let makeCompiler: () -> SchemaCompiler
    /// ``source`` as given, adopted again by a fresh compiler.
    private let sourcePath: String?

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
        if let path = source {
            source = nil
            do {
                try compiler.adoptOpenAPISource(path, in: "__import.json", at: SourceLocation(line: 1, column: 1, offset: 0))
            } catch {
                failures[reference] = "\(error)"
                return .schemaDoesNotLoad("\(error)")
            }
        }
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
                compiler = makeCompiler()
                roots = [:]
                source = sourcePath
                return .schemaDoesNotLoad(text)
            }
            roots[reference] = root
        }
        guard let instance = try? JSONDocument.parse(value.serialized()) else { return .fails(["the value cannot be written as JSON"]) }
        let outcome = SchemaValidator(schema: compiler.schema).validate(instance, against: root)
        // A key the schema does not declare passes JSON Schema, but `check` would warn about
        // it in every run against the mock: such a value is no mock either.
        let failing = outcome.violations.filter { $0.isFailure || $0.kind == .unknownKey }
        guard !failing.isEmpty else { return .passes }
        return .fails(failing.prefix(5).map { violation in
            "\(violation.path.isEmpty ? "/" : violation.path.jsonPointer): expected \(violation.expected), found \(violation.actual)"
        })
    }
}
