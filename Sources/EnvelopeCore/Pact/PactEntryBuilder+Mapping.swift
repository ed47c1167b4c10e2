/// The mapping of an interaction: WireMock's JSON, as `envelope serve` and `check` load it.
extension PactEntryBuilder {
    /// The mapping: the request matched as Pact matches it (its header and query rules as
    /// `matches`), the answer the pact's example, generators as response templates.
    mutating func mapping() -> JSONValue {
        let member = Self.member
        var members = [member("name", .string(name))]
        if let selection, !selection.isDefault { members.append(member("priority", .number("1"))) }
        members.append(member("request", mappingRequest()))
        members.append(member("response", mappingResponse()))
        var metadata = [member("importedBy", .string("envelope import pact")), member("importedFrom", .string("\(item.file)#\(interaction.pointer)"))]
        if !interaction.providerStates.isEmpty {
            metadata.append(member("providerStates", .array(interaction.providerStates.map { state in
                .object([member("name", .string(state.name))] + (state.params.isEmpty ? [] : [member("params", .object(state.params))]))
            })))
        }
        members.append(member("metadata", .object(metadata)))
        return .object(members)
    }

    /// A string matcher from a place's rules: `matches` for a regex, any value for another
    /// rule, `equalTo` the example when none.
    func stringMatcher(_ value: String, rules: PactRuleSet?) -> JSONValue {
        let member = Self.member
        if let rules {
            let patterns = rules.matchers.compactMap { if case .regex(let pattern) = $0 { pattern } else { nil } }
            if !patterns.isEmpty, patterns.count == rules.matchers.count {
                return .object([member("matches", .string(patterns.count == 1 ? patterns[0] : patterns.map { "(?:\($0))" }.joined(separator: rules.combine == .or ? "|" : "")))])
            }
            if rules.matchers.contains(where: { if case .equality = $0 { false } else { true } }) { return .object([member("matches", .string(".*"))]) }
        }
        return .object([member("equalTo", .string(value))])
    }

    mutating func mappingRequest() -> JSONValue {
        let member = Self.member
        let request = interaction.request
        var members = [member("method", .string(request.method))]
        if let rules = request.matchingRules.path, case .regex(let pattern)? = rules.matchers.first {
            members.append(member("urlPathPattern", .string(pattern)))
        } else {
            members.append(member("urlPath", .string(request.path)))
        }
        var query: [JSONValue.Member] = []
        for pair in request.query where !query.contains(where: { $0.key == pair.name }) {
            query.append(member(pair.name, stringMatcher(pair.value, rules: request.matchingRules.query(pair.name))))
        }
        if !query.isEmpty { members.append(member("queryParameters", .object(query))) }
        var headers = request.headers.map { member($0.name, stringMatcher($0.value, rules: request.matchingRules.header($0.name))) }
        if let selection, !selection.isDefault { headers.append(member(PactImport.stateHeader, .object([member("equalTo", .string(selection.label))]))) }
        if !headers.isEmpty { members.append(member("headers", .object(headers))) }
        if let body = request.body?.json {
            if request.matchingRules.body.isEmpty {
                members.append(member("bodyPatterns", .array([.object([member("equalToJson", body)])])))
            } else {
                notes.append("its request body has matching rules; the mock does not match the body")
            }
        }
        if !request.generators.isEmpty { notes.append("request generators are for the provider's verification; the contract sends the example") }
        return .object(members)
    }

    mutating func mappingResponse() -> JSONValue {
        let member = Self.member
        let response = interaction.response
        var members = [member("status", .number(String(response.status)))]
        if response.generators.status != nil { notes.append("generator on the status (\(response.generators.status?.type ?? "")) not honoured: the mock answers \(response.status)") }
        var templates = PactTemplates(states: interaction.providerStates)
        var headers: [JSONValue.Member] = []
        for header in response.headers {
            let generator = response.generators.header.first { $0.name.lowercased() == header.name.lowercased() }?.generator
            let value = generator.flatMap { templates.text(for: $0, example: .string(header.value), place: "header \(header.name)") } ?? header.value
            headers.append(member(header.name, .string(value)))
        }
        if let body = response.body, !headers.contains(where: { $0.key.lowercased() == "content-type" }) {
            headers.append(member("Content-Type", .string(body.contentType ?? (body.json != nil ? "application/json" : "text/plain"))))
        }
        if !headers.isEmpty { members.append(member("headers", .object(headers))) }
        if let body = response.body {
            if let json = body.json {
                if response.generators.body.isEmpty {
                    members.append(member("jsonBody", json))
                } else {
                    members.append(member("body", .string(templates.body(json, generators: response.generators.body))))
                }
            } else if body.encoded == "base64", case .string(let text) = body.content {
                members.append(member("base64Body", .string(text)))
            } else {
                members.append(member("body", .string(PactReader.text(of: body.content))))
            }
        }
        if templates.used { members.append(member("transformers", .array([.string("response-template")]))) }
        notes += templates.notes
        return .object(members)
    }
}

extension PactReader {
    /// A body's content as text: a string as it is, another value as JSON.
    static func text(of value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return value.serialized()
    }
}
