extension ContractLoader {
    /// Loads the URL form of a contract: `contract`, `summary`, `drift`, and `url` with
    /// `scheme`, `host`, `path` (or `pathPattern`), `keyStrategy`, `plusAsSpace` and `query`
    /// (a JSON Schema for the parameters as an object).
    static func loadURLContract(_ root: JSONNode, document: JSONDocument, reader: FieldReader, read: @escaping SchemaCompiler.Reader,
                                options: ContractLoadOptions) throws(ContractError) -> Contract {
        let file = reader.file
        try reader.expectObject(root, "a URL contract", allowed: ["contract", "summary", "url", "drift", "assertFormats", "$schema", "$comment"])
        let name = try reader.string(root, "contract")
        let summary = try reader.optionalString(root, "summary")
        let urlNode = try reader.required(root, "url")
        try reader.expectObject(urlNode, "url", allowed: ["scheme", "host", "path", "pathPattern", "keyStrategy", "plusAsSpace", "query"])
        var url = URLContract()
        url.scheme = try reader.optionalString(urlNode, "scheme")
        url.host = try reader.optionalString(urlNode, "host")
        url.path = try reader.optionalString(urlNode, "path")
        if let pattern = urlNode["pathPattern"] {
            guard let text = pattern.stringValue, let regex = reader.regexes.regex(text) else {
                throw .invalidContract(file: file, at: pattern.location, message: "'url.pathPattern' must be a valid regular expression, found \(pattern.rawText)")
            }
            url.pathPattern = regex
        }
        if let strategy = urlNode["keyStrategy"] {
            guard let text = strategy.stringValue, let value = QueryKeyStrategy(rawValue: text) else {
                let allowed = QueryKeyStrategy.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
                throw .invalidContract(file: file, at: strategy.location, message: "'url.keyStrategy' must be \(allowed), found \(strategy.rawText)")
            }
            url.keyStrategy = value
        }
        if let plus = urlNode["plusAsSpace"] {
            guard let flag = plus.boolValue else {
                throw .invalidContract(file: file, at: plus.location, message: "'url.plusAsSpace' must be true or false, found \(plus.rawText)")
            }
            url.plusAsSpace = flag
        }
        var compiler = try reader.schemaCompiler(for: document, read: read, options: options)
        if let queryNode = urlNode["query"] {
            url.query = try compiler.compile(queryNode, file: file, pointer: "/url/query")
        }
        for problem in compiler.problems { try reader.recover(problem) }
        let drift = try reader.driftSettings(root)
        return Contract(name: name, summary: summary, file: file, request: ContractRequest(path: "/"),
                        response: ResponseExpectation(status: nil, headers: [], body: nil),
                        drift: SeverityPolicy(overrides: drift), schema: compiler.finish().schema,
                        responseLocation: urlNode.location, url: url)
    }
}
