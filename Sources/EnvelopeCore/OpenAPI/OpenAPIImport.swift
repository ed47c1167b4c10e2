import Foundation

/// Plans `envelope import openapi`: for each operation, a contract of its chosen answers (the
/// request with its path filled in, required query parameters and headers; the status, the
/// documented headers, the body schema as a `$ref` into the document) and a mock from its
/// example, or generated from the schema, validated before it is kept.
public struct OpenAPIImport {
    let documents: OpenAPIDocumentSet
    let options: OpenAPIImportOptions
    let generator: SchemaExampleGenerator
    var validator: OpenAPIExampleValidator

    /// An import of `documents`; `read` reads files relative to the contracts folder (as
    /// `check` will, with the same `loading` options), to validate every mock against the
    /// schema its contract names.
    public init(documents: OpenAPIDocumentSet, options: OpenAPIImportOptions, read: @escaping SchemaCompiler.Reader,
                loading: ContractLoadOptions = ContractLoadOptions()) {
        self.documents = documents
        self.options = options
        generator = SchemaExampleGenerator(documents: documents, includesAllProperties: options.includesAllProperties)
        validator = OpenAPIExampleValidator(read: read, options: loading, source: options.documentPath)
    }

    /// Reads the document and plans every contract and mock.
    public mutating func plan() throws(OpenAPIImportError) -> OpenAPIImportPlan {
        var plan = OpenAPIImportPlan()
        let operations = try OpenAPIOperations.read(documents)
        plan.operationCount = operations.count
        plan.environments = try OpenAPIServers.environments(of: documents.root)
        var used: Set<String> = []
        for operation in operations {
            let name = OpenAPINaming.unique(OpenAPINaming.name(of: operation), among: &used)
            if !options.only.isEmpty, !options.only.contains(name), !options.only.contains(operation.operationID ?? "\u{0}") { continue }
            try add(operation, named: name, to: &plan)
        }
        return plan
    }

    /// The contracts (and mocks) of one operation.
    private mutating func add(_ operation: OpenAPIImportedOperation, named name: String, to plan: inout OpenAPIImportPlan) throws(OpenAPIImportError) {
        let title = "\(operation.method) \(operation.path)"
        let successes = operation.responses.filter { ($0.status ?? 0) / 100 == 2 }
        guard let main = successes.first(where: { $0.json != nil }) ?? successes.first else {
            plan.notes.append("\(name)  \(title): no 2xx answer documented; no contract written")
            plan.withoutJSON.append(.init(operation: title, file: operation.node.file, location: operation.node.node.location, why: "no 2xx answer documented"))
            plan.skippedCount += 1
            return
        }
        if main.json == nil {
            let what = main.hasContent ? "its \(main.key) answer is not JSON" : "its \(main.key) answer has no body"
            plan.notes.append("\(name)  \(title): no JSON answer documented (\(what)); the contract checks the status only")
            plan.withoutJSON.append(.init(operation: title, file: operation.node.file, location: operation.node.node.location, why: what))
        }
        var chosen = [(main, name, [(name: String, value: String)]())]
        if options.statuses == .all {
            for response in operation.responses where response.json != nil && response.status != nil && response.key != main.key {
                chosen.append((response, "\(name)-\(response.key)", [("Prefer", "code=\(response.key)")]))
            }
        }
        let request = try self.request(of: operation)
        for (response, contractName, prefer) in chosen {
            let made = try entry(contractName, title: title, operation: operation, request: request, prefer: prefer,
                                 response: response, refusals: &plan.refusals)
            // A contract whose schema does not load would stop `check` of the whole folder:
            // it is reported (with the error), not written.
            if plan.refusals.contains(where: { $0.name == contractName && $0.schemaDoesNotLoad }) { continue }
            plan.entries.append(made)
        }
    }

    /// The concrete request: path parameters filled in, required query parameters and headers.
    private func request(of operation: OpenAPIImportedOperation) throws(OpenAPIImportError) -> (path: String, query: [(name: String, value: String)], headers: [(name: String, value: String)], body: JSONValue?) {
        var path = operation.path
        var query: [(name: String, value: String)] = []
        var headers: [(name: String, value: String)] = []
        for parameter in operation.parameters where parameter.required {
            let value = try sampleText(of: parameter)
            switch parameter.location {
            case "path": path = path.replacingOccurrences(of: "{\(parameter.name)}", with: Self.pathSegment(value))
            case "query": query.append((parameter.name, value))
            case "header" where !["accept", "content-type", "authorization"].contains(parameter.name.lowercased()):
                headers.append((parameter.name, value))
            default: break
            }
        }
        var body: JSONValue?
        if let requestBody = operation.requestBody, requestBody.node["required"]?.boolValue == true,
           let media = requestBody["content"]?.members.first(where: { OpenAPIOperations.isJSON($0.key) })?.value {
            body = try exampleValues(of: media).first?.value
            if body == nil, let schema = media["schema"] { body = try generator.value(for: schema) }
        }
        return (path, query, headers, body)
    }

    /// A parameter's value as text: its example, its schema's example, enum, default, or one
    /// generated from its type.
    private func sampleText(of parameter: OpenAPIImportedOperation.Parameter) throws(OpenAPIImportError) -> String {
        var value: JSONValue?
        if let example = parameter.node.node["example"] {
            value = example.value
        } else if let first = parameter.node["examples"]?.members.first {
            value = try documents.resolved(first.value).node["value"]?.value
        }
        if value == nil, let schema = parameter.node["schema"] { value = try generator.value(for: schema, name: parameter.name) }
        switch value ?? .string(parameter.name) {
        case .string(let text): return text
        case .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return ""
        case .array(let items): return items.map { if case .string(let s) = $0 { s } else { $0.serialized() } }.joined(separator: ",")
        case let other: return other.serialized()
        }
    }

    /// `value` percent-encoded for one path segment.
    static func pathSegment(_ value: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/;?#%")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }
}
