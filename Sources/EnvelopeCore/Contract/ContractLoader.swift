
/// Loads contract files: checks the format, compiles the body schema and its `$ref`s.
public enum ContractLoader {
    // The keys each part of a contract allows, built once rather than for every contract.

    /// The keys of a contract's top level.
    static let contractKeys = ["contract", "summary", "request", "response", "drift", "assertFormats", "enums", "$schema", "$comment"]
    /// The keys of `request`.
    static let requestKeys = ["method", "path", "query", "headers", "body"]
    /// The keys of `response`.
    static let responseKeys = ["status", "headers", "body", "slow"]
    /// The keys of one rule in `response.headers`.
    static let headerRuleKeys = ["pattern", "equals", "absent"]
    /// The keys of `drift`: the drift kinds.
    static let driftKeys = DriftKind.allCases.map(\.rawValue)

    /// Loads the contract at `file` (relative to the contracts folder), reading it and every
    /// schema it refers to through `read`.
    public static func load(file: String, read: @escaping SchemaCompiler.Reader,
                            options: ContractLoadOptions = ContractLoadOptions()) throws(ContractError) -> Contract {
        let bytes: [UInt8]
        do {
            bytes = try read(file)
        } catch {
            throw .unreadable(file: file, reason: "\(error)")
        }
        return try load(bytes, file: file, read: read, options: options)
    }

    /// Loads a contract from its bytes; `file` names it in errors and anchors relative `$ref`s.
    public static func load(_ bytes: [UInt8], file: String, read: @escaping SchemaCompiler.Reader,
                            options: ContractLoadOptions = ContractLoadOptions()) throws(ContractError) -> Contract {
        let document: JSONDocument
        do {
            document = try JSONDocument.parse(bytes, options: JSONParseOptions(duplicateKeys: .reject))
        } catch {
            throw .invalidJSON(file: file, error)
        }
        let reader = FieldReader(file: file, regexes: options.regexes)
        let root = document.root
        // A contract describes either an HTTP exchange (request/response) or a URL (url).
        if root["url"] != nil {
            return try loadURLContract(root, document: document, file: file, read: read, options: options)
        }
        try reader.expectObject(root, "the contract", allowed: contractKeys)
        let name = try reader.string(root, "contract")
        let summary = try reader.optionalString(root, "summary")

        let requestNode = try reader.required(root, "request")
        try reader.expectObject(requestNode, "request", allowed: requestKeys)
        let method = try reader.optionalString(requestNode, "method") ?? "GET"
        let path = try reader.string(requestNode, "path")
        // By code point: a '/' followed by a combining mark is one Character to Swift.
        guard path.unicodeScalars.first == "/" else {
            throw .invalidContract(file: file, at: requestNode["path"]?.location ?? requestNode.location, message: "request.path must start with '/', found \"\(path)\"; put the host in --base-url or an environment")
        }
        let query = try reader.stringMap(requestNode, "query")
        let headers = try reader.stringMap(requestNode, "headers")
        let request = ContractRequest(method: method, path: path, query: query, headers: headers, body: requestNode["body"]?.value)

        let responseNode = try reader.required(root, "response")
        try reader.expectObject(responseNode, "response", allowed: responseKeys)
        var status: Int?
        if let statusNode = responseNode["status"] {
            guard let code = statusNode.intValue, statusNode.isIntegerLiteral, (100...599).contains(code) else {
                throw .invalidContract(file: file, at: statusNode.location, message: "response.status must be an HTTP status code from 100 to 599, found \(statusNode.rawText)")
            }
            status = code
        }
        let headerRules = try reader.headerRules(responseNode)
        let slow = try reader.latencyBudget(responseNode)
        var compiler = try reader.schemaCompiler(for: document, read: read, options: options)
        var body: Int?
        if let bodyNode = responseNode["body"] {
            body = try compiler.compile(bodyNode, file: file, pointer: "/response/body")
        }

        let drift = try reader.driftSettings(root)
        return Contract(name: name, summary: summary, file: file, request: request,
                        response: ResponseExpectation(status: status, headers: headerRules, body: body, slow: slow),
                        drift: SeverityPolicy(overrides: drift), schema: compiler.finish().schema,
                        responseLocation: responseNode.location)
    }
}
