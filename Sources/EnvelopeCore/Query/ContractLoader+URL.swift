extension ContractLoader {
    /// Loads the URL form of a contract: `contract`, `summary`, `drift`, `assertFormats`,
    /// `enums`, and `url` with
    /// `scheme`, `host`, `path` (or `pathPattern`), `keyStrategy`, `plusAsSpace` and `query`
    /// (a JSON Schema for the parameters as an object).
    static func loadURLContract(_ root: JSONNode, document: JSONDocument, reader: FieldReader, read: @escaping SchemaCompiler.Reader,
                                options: ContractLoadOptions) throws(ContractError) -> Contract {
        let file = reader.file
        try reader.expectObject(root, "a URL contract", allowed: ["contract", "summary", "url", "drift", "assertFormats", "enums", "$schema", "$comment"])
        // Each field's problem spoils only that field when problems are collected.
        let name = try reader.attempt(or: "") { () throws(ContractError) in try reader.string(root, "contract") }
        let summary = try reader.attempt(or: nil) { () throws(ContractError) in try reader.optionalString(root, "summary") }
        let urlNode = try reader.required(root, "url")
        try reader.expectObject(urlNode, "url", allowed: ["scheme", "host", "path", "pathPattern", "keyStrategy", "plusAsSpace", "query"])
        var url = URLContract()
        url.scheme = try reader.attempt(or: nil) { () throws(ContractError) in try reader.optionalString(urlNode, "scheme") }
        url.host = try reader.attempt(or: nil) { () throws(ContractError) in try reader.optionalString(urlNode, "host") }
        url.path = try reader.attempt(or: nil) { () throws(ContractError) in try reader.optionalString(urlNode, "path") }
        if let pattern = urlNode["pathPattern"] {
            if let text = pattern.stringValue, let regex = reader.regexes.regex(text) {
                url.pathPattern = regex
            } else {
                try reader.recover(.invalidContract(file: file, at: pattern.location, message: "'url.pathPattern' must be a valid regular expression, found \(pattern.rawText)"))
            }
        }
        if let strategy = urlNode["keyStrategy"] {
            if let text = strategy.stringValue, let value = QueryKeyStrategy(rawValue: text) {
                url.keyStrategy = value
            } else {
                let allowed = QueryKeyStrategy.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
                try reader.recover(.invalidContract(file: file, at: strategy.location, message: "'url.keyStrategy' must be \(allowed), found \(strategy.rawText)"))
            }
        }
        if let plus = urlNode["plusAsSpace"] {
            if let flag = plus.boolValue {
                url.plusAsSpace = flag
            } else {
                try reader.recover(.invalidContract(file: file, at: plus.location, message: "'url.plusAsSpace' must be true or false, found \(plus.rawText)"))
            }
        }
        var compiler = try reader.schemaCompiler(for: document, read: read, options: options)
        if let queryNode = urlNode["query"] {
            url.query = try compiler.compile(queryNode, file: file, pointer: "/url/query")
        }
        for problem in compiler.problems { try reader.recover(problem) }
        let drift = try reader.attempt(or: [:]) { () throws(ContractError) in try reader.driftSettings(root) }
        return Contract(name: name, summary: summary, file: file, request: ContractRequest(path: "/"),
                        response: ResponseExpectation(status: nil, headers: [], body: nil),
                        drift: SeverityPolicy(overrides: drift), schema: compiler.finish().schema,
                        responseLocation: urlNode.location, url: url)
    }
}
