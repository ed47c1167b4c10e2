
/// Loads contract files: checks the format, compiles the body schema and its `$ref`s.
public enum ContractLoader {
    // The keys each part of a contract allows, built once rather than for every contract.

    /// The keys of a contract's top level.
    static let contractKeys = ["contract", "summary", "request", "response", "drift", "assertFormats", "enums", "openapi", "$schema", "$comment"]
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
        try load(bytes, reader: FieldReader(file: file, regexes: options.regexes), read: read, options: options)
    }

    /// Loads the contract at `file` like ``load(file:read:options:)``, but goes on past each
    /// problem that spoils only its own part (an unknown key, a field of the wrong type, a bad
    /// schema keyword, a `$ref` that leads nowhere) and adds every problem to `problems`, in
    /// the order of the file. The contract, or `nil` when there was any problem.
    public static func load(file: String, read: @escaping SchemaCompiler.Reader, options: ContractLoadOptions = ContractLoadOptions(),
                            collectingProblemsInto problems: inout [ContractError]) -> Contract? {
        let collector = ProblemCollector()
        let reader = FieldReader(file: file, regexes: options.regexes, collector: collector)
        do {
            let bytes: [UInt8]
            do {
                bytes = try read(file)
            } catch {
                throw ContractError.unreadable(file: file, reason: "\(error)")
            }
            let contract = try load(bytes, reader: reader, read: read, options: options)
            if collector.problems.isEmpty { return contract }
        } catch let error as ContractError {
            // What could not be stepped past (not JSON, not an object) comes after what was.
            collector.add(error)
        } catch {
            collector.add(.unreadable(file: file, reason: "\(error)"))
        }
        problems += inFileOrder(collector.problems)
        return nil
    }

    /// `problems` file by file (in the order the files first appear), each file's in the order
    /// of their places in it: `$ref`s are resolved after the keywords around them are read.
    static func inFileOrder(_ problems: [ContractError]) -> [ContractError] {
        var files: [String] = []
        for problem in problems where !files.contains(problem.file) { files.append(problem.file) }
        return files.flatMap { file in
            problems.enumerated().filter { $0.element.file == file }
                .sorted { ($0.element.location?.offset ?? -1, $0.offset) < ($1.element.location?.offset ?? -1, $1.offset) }
                .map(\.element)
        }
    }

    /// Loads a contract from its bytes with `reader`, which may collect the problems it can
    /// step past.
    static func load(_ bytes: [UInt8], reader: FieldReader, read: @escaping SchemaCompiler.Reader,
                     options: ContractLoadOptions) throws(ContractError) -> Contract {
        let file = reader.file
        let document: JSONDocument
        do {
            document = try JSONDocument.parse(bytes, options: JSONParseOptions(duplicateKeys: .reject))
        } catch {
            throw .invalidJSON(file: file, error)
        }
        let root = document.root
        // A contract describes either an HTTP exchange (request/response) or a URL (url).
        if root["url"] != nil {
            return try loadURLContract(root, document: document, reader: reader, read: read, options: options)
        }
        try reader.expectObject(root, "the contract", allowed: contractKeys)
        let name = try reader.attempt(or: "") { () throws(ContractError) in try reader.string(root, "contract") }
        let summary = try reader.attempt(or: nil) { () throws(ContractError) in try reader.optionalString(root, "summary") }
        let request = try reader.attempt(or: ContractRequest(path: "/")) { () throws(ContractError) in try loadRequest(root, reader: reader) }

        var compiler = try reader.schemaCompiler(for: document, read: read, options: options)
        let responseNode = try reader.attempt(or: nil) { () throws(ContractError) in try reader.required(root, "response") }
        var response = ResponseExpectation(status: nil, headers: [], body: nil)
        if let responseNode {
            response = try reader.attempt(or: response) { () throws(ContractError) in
                try loadResponse(responseNode, reader: reader, compiler: &compiler)
            }
        }
        for problem in compiler.problems { try reader.recover(problem) }

        let drift = try reader.attempt(or: [:]) { () throws(ContractError) in try reader.driftSettings(root) }
        var contract = Contract(name: name, summary: summary, file: file, request: request, response: response,
                                drift: SeverityPolicy(overrides: drift), schema: compiler.finish().schema,
                                responseLocation: responseNode?.location ?? root.location)
        contract.openAPIDocument = root["openapi"]?.stringValue
        return contract
    }

    /// The contract's `request`.
    static func loadRequest(_ root: JSONNode, reader: FieldReader) throws(ContractError) -> ContractRequest {
        let requestNode = try reader.required(root, "request")
        try reader.expectObject(requestNode, "request", allowed: requestKeys)
        let method = try reader.attempt(or: nil) { () throws(ContractError) in try reader.optionalString(requestNode, "method") } ?? "GET"
        var path = try reader.attempt(or: "/") { () throws(ContractError) in try reader.string(requestNode, "path") }
        // By code point: a '/' followed by a combining mark is one Character to Swift.
        if path.unicodeScalars.first != "/" {
            try reader.recover(.invalidContract(file: reader.file, at: requestNode["path"]?.location ?? requestNode.location,
                                                message: "request.path must start with '/', found \"\(path)\"; put the host in --base-url or an environment"))
            path = "/"
        }
        let query = try reader.queryPairs(requestNode, "query")
        let headers = try reader.stringMap(requestNode, "headers")
        return ContractRequest(method: method, path: path, query: query, headers: headers, body: requestNode["body"]?.value)
    }

    /// The contract's `response`: status, header rules and the body schema, compiled by
    /// `compiler`.
    static func loadResponse(_ responseNode: JSONNode, reader: FieldReader, compiler: inout SchemaCompiler) throws(ContractError) -> ResponseExpectation {
        try reader.expectObject(responseNode, "response", allowed: responseKeys)
        var status: Int?
        if let statusNode = responseNode["status"] {
            if let code = statusNode.intValue, statusNode.isIntegerLiteral, (100...599).contains(code) {
                status = code
            } else {
                try reader.recover(.invalidContract(file: reader.file, at: statusNode.location,
                                                    message: "response.status must be an HTTP status code from 100 to 599, found \(statusNode.rawText)"))
            }
        }
        let headerRules = try reader.attempt(or: []) { () throws(ContractError) in try reader.headerRules(responseNode) }
        let slow = try reader.attempt(or: nil) { () throws(ContractError) in try reader.latencyBudget(responseNode) }
        var body: Int?
        if let bodyNode = responseNode["body"] {
            body = try compiler.compile(bodyNode, file: reader.file, pointer: "/response/body")
        }
        return ResponseExpectation(status: status, headers: headerRules, body: body, slow: slow)
    }
}
