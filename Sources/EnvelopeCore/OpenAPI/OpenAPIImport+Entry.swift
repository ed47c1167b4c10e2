/// One contract and its mock.
extension OpenAPIImport {
    typealias Request = (path: String, query: [(name: String, value: String)], headers: [(name: String, value: String)], body: JSONValue?)

    /// The contract of `response` and its mock; examples that break the schema go to `refusals`.
    mutating func entry(_ name: String, title: String, operation: OpenAPIImportedOperation, request: Request, prefer: [(name: String, value: String)],
                        response: OpenAPIImportedOperation.Response, refusals: inout [OpenAPIImportPlan.Refusal]) throws(OpenAPIImportError) -> OpenAPIImportPlan.Entry {
        func member(_ key: String, _ value: JSONValue) -> JSONValue.Member { JSONValue.Member(key: key, value: value) }
        let status = response.status ?? 200
        var contractRequest = [member("method", .string(operation.method)), member("path", .string(request.path))]
        if !request.query.isEmpty { contractRequest.append(member("query", .object(request.query.map { member($0.name, .string($0.value)) }))) }
        var requestHeaders = request.headers + prefer
        if let json = response.json { requestHeaders.insert(("Accept", json.mediaType), at: 0) }
        if !requestHeaders.isEmpty { contractRequest.append(member("headers", .object(requestHeaders.map { member($0.name, .string($0.value)) }))) }
        if let body = request.body { contractRequest.append(member("body", body)) }

        var expected: [JSONValue.Member] = []
        var served: [(name: String, value: String)] = []
        if let json = response.json {
            expected.append(member("Content-Type", .object([member("pattern", .string("^" + NSRegularExpressionEscape.escape(json.mediaType)))])))
            served.append(("Content-Type", json.mediaType))
        }
        for (header, value) in response.node["headers"]?.members ?? [] where header.lowercased() != "content-type" {
            let node = try documents.resolved(value)
            // A header the document says is always sent is expected; others the mock only serves.
            if node.node["required"]?.boolValue == true { expected.append(member(header, .object([member("pattern", .string("^"))]))) }
            var sample = node.node["example"]?.value ?? .string(header)
            if node.node["example"] == nil, let schema = node["schema"] { sample = try generator.value(for: schema, name: header) }
            if case .string(let text) = sample { served.append((header, text)) } else { served.append((header, sample.serialized())) }
        }
        var expectation = [member("status", .number(String(status)))]
        if !expected.isEmpty { expectation.append(member("headers", .object(expected))) }
        var reference: String?
        if let schema = response.json?.node["schema"] {
            var target = try documents.resolved(schema)
            // A file with no dialect of its own is read in the dialect of the document whose
            // `$ref` reaches it; a contract reaching it directly would read it as plain JSON
            // Schema. So the contract refers to the answer's schema in the root document then.
            if target.file != documents.rootFile, schema.file == documents.rootFile,
               let file = documents.documents[target.file], Self.hasNoDialect(file) {
                target = schema
            }
            // Files are named as the root's own name is (perhaps with folders); the contract needs
            // them relative to the root's folder, from which documentPath starts.
            let rootFolder = OpenAPIDocumentSet.folder(of: documents.rootFile)
            let local = target.file.hasPrefix(rootFolder) ? String(target.file.dropFirst(rootFolder.count)) : target.file
            reference = OpenAPIDocumentSet.join(OpenAPIDocumentSet.folder(of: options.documentPath), local) + "#" + OpenAPINode.fragment(target.pointer)
            expectation.append(member("body", .object([member("$ref", .string(reference ?? ""))])))
        }
        let summary = (operation.summary.map { $0 + " " } ?? "") + "(\(title) in \(documents.rootFile.split(separator: "/").last.map(String.init) ?? documents.rootFile), answer \(response.key))"
        // The document says which keys are optional; answers (and mocks) without them are normal.
        // `openapi` names the document, so that the files it is split into, which the `$ref`
        // may reach directly, are read in its dialect (docs/openapi.md).
        let contract = JSONValue.object([member("contract", .string(name)), member("summary", .string(summary)),
                                         member("openapi", .string(options.documentPath)),
                                         member("request", .object(contractRequest)), member("response", .object(expectation)),
                                         member("drift", .object([member("optional-never-present", .string("ignore"))]))])
        var mock = OpenAPIImportPlan.Mock(method: operation.method, path: request.path, query: request.query, matchHeaders: prefer,
                                          status: status, headers: served, body: nil, example: nil)
        guard let json = response.json else { return OpenAPIImportPlan.Entry(name: name, operation: title, contract: contract, mock: mock) }
        let chosen = try body(for: json.node, reference: reference, name: name, refusals: &refusals)
        guard let chosen else { return OpenAPIImportPlan.Entry(name: name, operation: title, contract: contract, mock: nil) }
        mock.body = chosen.value
        mock.example = chosen.place
        return OpenAPIImportPlan.Entry(name: name, operation: title, contract: contract, mock: mock)
    }

    /// The mock's body: the first example that passes the schema (its place with it), or a
    /// generated value when the document has none (place nil); nil when every example, or the
    /// generated value, fails (each refusal is recorded).
    mutating func body(for media: OpenAPINode, reference: String?, name: String,
                       refusals: inout [OpenAPIImportPlan.Refusal]) throws(OpenAPIImportError) -> (value: JSONValue, place: String?)? {
        let examples = try exampleValues(of: media)
        var chosen: (value: JSONValue, place: String?)?
        for example in examples {
            switch reference.map({ validator.check(example.value, against: $0) }) ?? .passes {
            case .passes:
                if chosen == nil { chosen = (example.value, example.at.place) }
            case .fails(let findings):
                refusals.append(OpenAPIImportPlan.Refusal(name: name, place: example.at.place, location: example.at.node.location, findings: findings, generated: false))
            case .schemaDoesNotLoad(let why):
                // Said once for the operation, not for each of its examples.
                let target = try documents.resolved(media["schema"] ?? media)
                refusals.append(OpenAPIImportPlan.Refusal(name: name, place: target.place, location: target.node.location, findings: [why],
                                                          generated: false, schemaDoesNotLoad: true))
                return nil
            }
        }
        // Every example refused: a generated value (validated too) is the mock, so that every
        // JSON answer has one; the refusals are still reported.
        if let chosen { return chosen }
        guard let schema = media["schema"] else { return examples.isEmpty ? (.object([]), nil) : nil }
        // The first of the generated values (one per oneOf/anyOf branch) that validates.
        var value = JSONValue.null
        var found: OpenAPIExampleValidator.Outcome?
        // The schemas' own examples first (realistic values); then, when an example inside
        // breaks its schema, values made from the keywords alone.
        var plain = generator
        plain.ignoresExamples = true
        search: for source in [generator, plain] {
            for candidate in try source.values(for: schema) {
                let result = reference.map { validator.check(candidate, against: $0) } ?? .passes
                // The first failure is the one reported, when none passes.
                if found == nil || result == .passes { (value, found) = (candidate, result) }
                if case .fails = result { continue }
                break search
            }
        }
        let outcome = found ?? .passes
        guard outcome == .passes else {
            let target = try documents.resolved(schema)
            var refusal = OpenAPIImportPlan.Refusal(name: name, place: target.place, location: target.node.location, findings: [], generated: true)
            switch outcome {
            case .fails(let findings): refusal.findings = findings
            case .schemaDoesNotLoad(let why): (refusal.findings, refusal.schemaDoesNotLoad) = ([why], true)
            case .passes: break
            }
            refusals.append(refusal)
            return nil
        }
        return (value, nil)
    }

    /// The examples of a Media Type Object, in order: its `example`, each of its `examples`
    /// (Example Objects, `$ref`s followed; `externalValue` ones are skipped), else its schema's
    /// own `example` or first `examples`.
    func exampleValues(of media: OpenAPINode) throws(OpenAPIImportError) -> [(value: JSONValue, at: OpenAPINode)] {
        if let example = media["example"] { return [(example.node.value, example)] }
        if let examples = media["examples"], examples.node.kind == .object {
            var out: [(value: JSONValue, at: OpenAPINode)] = []
            for (_, entry) in examples.members {
                if let value = try documents.resolved(entry)["value"] { out.append((value.node.value, value)) }
            }
            if !out.isEmpty { return out }
        }
        guard let schemaNode = media["schema"] else { return [] }
        let schema = try documents.resolved(schemaNode)
        if let example = schema["example"] { return [(example.node.value, example)] }
        if let first = schema["examples"]?.elements.first { return [(first.node.value, first)] }
        return []
    }

    /// Whether a document declares no dialect of its own: neither `openapi` nor `$schema` at
    /// its top (the sub-files an OpenAPI document is split into).
    static func hasNoDialect(_ document: JSONDocument) -> Bool {
        document.root["openapi"] == nil && document.root["$schema"] == nil
    }
}

/// Regular-expression escaping without Foundation's `NSRegularExpression` (Core keeps to what
/// it needs): every character that means something in a pattern gets a backslash.
enum NSRegularExpressionEscape {
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            if "\\^$.|?*+()[]{}".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
