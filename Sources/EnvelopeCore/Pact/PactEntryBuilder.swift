/// Builds one interaction's contract and mapping (see ``PactImport``).
struct PactEntryBuilder {
    let item: PactImport.Item
    let name: String
    let selection: PactStateSelection?
    var notes: [String] = []

    init(item: PactImport.Item, name: String, selection: PactStateSelection?) {
        self.item = item
        self.name = name
        self.selection = selection
    }

    var interaction: PactInteraction { item.interaction }

    static func member(_ key: String, _ value: JSONValue) -> JSONValue.Member { JSONValue.Member(key: key, value: value) }

    /// The contract and mapping.
    func entry() -> PactImport.Entry {
        var builder = self
        if let shadow = selection?.shadowedBy {
            builder.notes.append("it has the request and provider states of \(shadow), which the mock serves instead")
        }
        let contract = builder.contract()
        let mapping = builder.mapping()
        return PactImport.Entry(name: name, source: "\(item.file)#\(interaction.pointer)", contract: contract, mapping: mapping, notes: builder.notes)
    }

    /// The contract: the request as the consumer sends it, the answer as Pact would accept it.
    mutating func contract() -> JSONValue {
        let member = Self.member
        var members = [member("contract", .string(name)),
                       member("summary", .string("\(item.pact.consumer) → \(item.pact.provider): \(interaction.description)"))]
        var comment = "Imported by envelope import pact from \(item.file)#\(interaction.pointer)"
        if !interaction.providerStates.isEmpty { comment += "; provider states: " + interaction.providerStates.map(Self.stateText).joined(separator: "; ") }
        if interaction.pending { comment += "; pending in the pact" }
        if !interaction.comments.isEmpty { comment += "; comments: " + interaction.comments.joined(separator: " / ") }
        members.append(member("$comment", .string(comment)))
        members.append(member("request", contractRequest()))
        members.append(member("response", contractResponse()))
        if interaction.pending {
            // Pact's pending: a failure is reported but does not fail the build.
            let kinds = DriftKind.allCases.filter { $0.defaultSeverity == .breaking && !$0.blocksValidation }
            members.append(member("drift", .object(kinds.map { member($0.rawValue, .string(Severity.warning.rawValue)) })))
        }
        return .object(members)
    }

    /// A state and its params, for comments: `order exists (id: 42)`.
    static func stateText(_ state: PactProviderState) -> String {
        state.params.isEmpty ? state.name : "\(state.name) (\(state.params.map { "\($0.key): \($0.value.serialized())" }.joined(separator: ", ")))"
    }

    mutating func contractRequest() -> JSONValue {
        let member = Self.member
        let request = interaction.request
        var members = [member("method", .string(request.method)), member("path", .string(request.path))]
        // A parameter sent several times is an array of its values, in order.
        var query: [(name: String, values: [JSONValue])] = []
        for pair in request.query {
            if let at = query.firstIndex(where: { $0.name == pair.name }) { query[at].values.append(.string(pair.value)) } else { query.append((pair.name, [.string(pair.value)])) }
        }
        if !query.isEmpty { members.append(member("query", .object(query.map { member($0.name, $0.values.count == 1 ? $0.values[0] : .array($0.values)) }))) }
        var headers = request.headers.map { member($0.name, .string($0.value)) }
        if let selection { headers.append(member(PactImport.stateHeader, .string(selection.label))) }
        if !headers.isEmpty { members.append(member("headers", .object(headers))) }
        if let body = request.body?.json { members.append(member("body", body)) }
        return .object(members)
    }

    mutating func contractResponse() -> JSONValue {
        let member = Self.member
        let response = interaction.response
        var members = [member("status", .number(String(response.status)))]
        if let rules = response.matchingRules.status, !rules.matchers.isEmpty {
            notes.append("the status rule (\(rules.matchers.map(\.name).joined(separator: ", "))) is checked as the example's status, \(response.status)")
        }
        var headers: [JSONValue.Member] = []
        for header in response.headers {
            headers.append(member(header.name, headerExpectation(header.name, header.value, rules: response.matchingRules.header(header.name))))
        }
        if !headers.isEmpty { members.append(member("headers", .object(headers))) }
        if let body = response.body {
            if let json = body.json {
                var builder = PactSchemaBuilder(rules: response.matchingRules.body)
                members.append(member("body", builder.schema(for: json)))
                notes += builder.notes
            } else {
                notes.append("its answer is not JSON (\(body.contentType ?? "no content type")): the contract checks the status and headers; the mock serves the body as written")
            }
        }
        return .object(members)
    }

    /// A response header's expectation: its regex rules as a pattern, another rule as
    /// presence, none as the example (`Content-Type` by its media type, as Pact compares it).
    mutating func headerExpectation(_ name: String, _ value: String, rules: PactRuleSet?) -> JSONValue {
        let member = Self.member
        if let rules, !rules.matchers.isEmpty {
            let patterns = rules.matchers.compactMap { if case .regex(let pattern) = $0 { pattern } else { nil } }
            if patterns.count == rules.matchers.count {
                let pattern = rules.combine == .or
                    ? RegexLiteral.anchored(patterns.map { "(?:\($0))" }.joined(separator: "|"))
                    : RegexLiteral.allAnchored(patterns)
                return .object([member("pattern", .string(pattern))])
            }
            if rules.matchers.contains(where: { if case .equality = $0 { false } else { true } }) {
                return .object([member("pattern", .string("^"))])
            }
        }
        if name.lowercased() == "content-type" {
            let media = value.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? value
            return .object([member("pattern", .string("^" + RegexLiteral.escaped(media)))])
        }
        return .string(value)
    }
}

import Foundation
