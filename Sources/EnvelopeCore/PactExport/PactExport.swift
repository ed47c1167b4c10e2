/// Writes a pact file (specification 3 or 4) from contracts and the mock answers that answer
/// them: each pair is an HTTP interaction whose request is the contract's, whose response is
/// the mock's (status, the headers the contract checks, the body as example), and whose
/// matching rules say what the contract's schema says. No I/O.
public struct PactExport {
    /// A mock's answer to a contract's request.
    public struct Answer: Sendable {
        /// The status code.
        public var status: Int
        /// The headers, in order.
        public var headers: [(name: String, value: String)]
        /// The body bytes.
        public var body: [UInt8]

        /// Creates an answer.
        public init(status: Int, headers: [(name: String, value: String)], body: [UInt8]) {
            self.status = status
            self.headers = headers
            self.body = body
        }
    }

    /// The consumer's name (the app).
    public var consumer: String
    /// The provider's name (the API).
    public var provider: String
    /// 3 or 4.
    public var version: Int
    /// The interactions written so far.
    public private(set) var interactions: [JSONValue] = []
    /// Everything the pact says differently from the contracts.
    public private(set) var notes: [PactExportNote] = []

    /// Starts an empty pact between `consumer` and `provider`.
    public init(consumer: String, provider: String, version: Int) {
        self.consumer = consumer
        self.provider = provider
        self.version = version
    }

    /// Adds the interaction for `contract` answered by `answer`.
    public mutating func add(_ contract: Contract, answer: Answer, assertsFormats: Bool = false) {
        func note(_ place: String, _ message: String) { notes.append(PactExportNote(contract: contract.name, place: place, message: message)) }
        var request: [JSONValue.Member] = [member("method", .string(contract.request.method)), member("path", .string(contract.request.path))]
        if !contract.request.query.isEmpty {
            var query: [(String, [JSONValue])] = []
            for item in contract.request.query {
                if let at = query.firstIndex(where: { $0.0 == item.name }) { query[at].1.append(.string(item.value)) } else { query.append((item.name, [.string(item.value)])) }
            }
            request.append(member("query", .object(query.map { member($0.0, .array($0.1)) })))
        }
        var requestHeaders = contract.request.headers
        if contract.request.body != nil, !requestHeaders.contains(where: { $0.name.lowercased() == "content-type" }) {
            requestHeaders.append(("Content-Type", "application/json"))
        }
        for header in requestHeaders where header.value.contains("${") {
            note("request header \(header.name)", "'\(header.value)' is sent as written: Pact does not expand ${VAR}")
        }
        if !requestHeaders.isEmpty { request.append(member("headers", headerObject(requestHeaders))) }
        if let body = contract.request.body { request.append(member("body", bodyValue(body, contentType: "application/json"))) }

        let (response, responseNotes) = responseObject(contract, answer: answer, assertsFormats: assertsFormats)
        for (place, message) in responseNotes { note(place, message) }
        var interaction: [JSONValue.Member] = []
        if version >= 4 { interaction.append(member("type", .string("Synchronous/HTTP"))) }
        interaction.append(member("description", .string(contract.name)))
        if version >= 4, let summary = contract.summary { interaction.append(member("comments", .object([member("text", .array([.string(summary)]))]))) }
        interaction.append(member("request", .object(request)))
        interaction.append(member("response", .object(response)))
        interactions.append(.object(interaction))
    }

    /// The response object and its notes: status, headers the contract checks, body and rules.
    private func responseObject(_ contract: Contract, answer: Answer, assertsFormats: Bool) -> ([JSONValue.Member], [(String, String)]) {
        var notes: [(String, String)] = []
        var response: [JSONValue.Member] = []
        if let status = contract.response.status, status != answer.status {
            notes.append(("status", "the contract expects \(status), the mock answers \(answer.status): the pact says \(status)"))
        } else if contract.response.status == nil {
            notes.append(("status", "the contract does not check the status: Pact checks the mock's \(answer.status)"))
        }
        response.append(member("status", .number(String(contract.response.status ?? answer.status))))
        var headers: [(name: String, value: String)] = []
        var headerRules: [JSONValue.Member] = []
        for expectation in contract.response.headers {
            let served = answer.headers.first { $0.name.lowercased() == expectation.name.lowercased() }?.value
            switch expectation.rule {
            case .equals(let value): headers.append((expectation.name, value))
            case .pattern(let regex):
                headers.append((expectation.name, served ?? regex.source))
                headerRules.append(member(expectation.name, .object([member("matchers", .array([PactRuleWriter.matcher("regex", [("regex", .string(PactRuleWriter.wholeValueRegex(regex.source)))])]))])))
            case .absent: notes.append(("header \(expectation.name)", "must be absent: Pact cannot say that a header is absent"))
            }
        }
        let contentType = answer.headers.first { $0.name.lowercased() == "content-type" }?.value ?? "application/json"
        var bodyRules: [JSONValue.Member] = []
        if let root = contract.response.body {
            if let document = try? JSONDocument.parse(answer.body) {
                var writer = PactRuleWriter(schema: contract.schema, version: version, assertsFormats: assertsFormats)
                let example = document.root.value
                writer.walk(example, schemas: [ScopedSchema(index: root, scope: [])], pointer: "", path: "$")
                writer.finish()
                notes += writer.notes
                bodyRules = writer.rules.map { rule in
                    member(rule.path, .object([member("matchers", .array(rule.matchers)), member("combine", .string(rule.combine))]))
                }
                if !headers.contains(where: { $0.name.lowercased() == "content-type" }) { headers.append(("Content-Type", contentType)) }
                response.append(member("headers", headerObject(headers)))
                response.append(member("body", bodyValue(example, contentType: contentType)))
            } else {
                notes.append(("", "the mock's body is not JSON: the pact has no body for this answer"))
                if !headers.isEmpty { response.append(member("headers", headerObject(headers))) }
            }
        } else {
            // A contract without a body schema accepts any body; so does a pact without one.
            notes.append(("", "the contract does not check the body: the pact has none (Pact then accepts any)"))
            if !headers.isEmpty { response.append(member("headers", headerObject(headers))) }
        }
        var rules: [JSONValue.Member] = []
        if !bodyRules.isEmpty { rules.append(member("body", .object(bodyRules))) }
        if !headerRules.isEmpty { rules.append(member("header", .object(headerRules))) }
        if !rules.isEmpty { response.append(member("matchingRules", .object(rules))) }
        return (response, notes)
    }

    /// Headers as the version writes them: V4 a list of values per name, V3 one string.
    private func headerObject(_ headers: [(name: String, value: String)]) -> JSONValue {
        .object(headers.map { member($0.name, version >= 4 ? .array([.string($0.value)]) : .string($0.value)) })
    }

    /// A body as the version writes it: V4 `{content, contentType, encoded}`, V3 the JSON itself.
    private func bodyValue(_ body: JSONValue, contentType: String) -> JSONValue {
        guard version >= 4 else { return body }
        return .object([member("content", body), member("contentType", .string(contentType)), member("encoded", .bool(false))])
    }

    /// The whole pact file.
    public var file: JSONValue {
        let specification = version >= 4 ? "4.0" : "3.0.0"
        return .object([
            member("consumer", .object([member("name", .string(consumer))])),
            member("provider", .object([member("name", .string(provider))])),
            member("interactions", .array(interactions)),
            member("metadata", .object([
                member("pactSpecification", .object([member("version", .string(specification))])),
                member("envelope", .object([member("exportedBy", .string("envelope export pact"))])),
            ])),
        ])
    }

    private func member(_ key: String, _ value: JSONValue) -> JSONValue.Member { JSONValue.Member(key: key, value: value) }
}
