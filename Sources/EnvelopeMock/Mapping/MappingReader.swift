import EnvelopeCore
import Foundation

/// Turns the JSON of one mapping file into stubs, checking every key: a key that is not in
/// the supported subset fails with its file and place, never silently ignored.
struct MappingReader {
    let file: String
    /// Where `bodyFileName` files are read from.
    let bodyFiles: BodyFiles
    /// `--global-response-templating`: every stub's response is a template, not only those
    /// with `"transformers": ["response-template"]`.
    var globalTemplating = false

    static let stubKeys = ["id", "uuid", "name", "priority", "request", "response", "metadata", "persistent", "insertionIndex",
                           "scenarioName", "requiredScenarioState", "newScenarioState"]
    static let requestKeys = ["method", "url", "urlPath", "urlPathPattern", "urlPattern", "urlPathTemplate", "pathParameters",
                              "queryParameters", "headers", "cookies", "bodyPatterns", "basicAuthCredentials"]
    static let responseKeys = ["status", "statusMessage", "headers", "body", "base64Body", "jsonBody", "bodyFileName",
                               "fixedDelayMilliseconds", "delayDistribution", "chunkedDribbleDelay", "fault", "proxyBaseUrl",
                               "additionalProxyRequestHeaders", "removeProxyRequestHeaders", "proxyUrlPrefixToRemove",
                               "transformers", "transformerParameters"]
    static let matcherOperators = ["equalTo", "contains", "doesNotContain", "matches", "doesNotMatch", "absent", "and", "or"]
    static let matcherKeys = matcherOperators + ["caseInsensitive"]
    static let bodyOperators = matcherOperators + ["equalToJson", "matchesJsonPath"]
    static let bodyKeys = bodyOperators + ["caseInsensitive", "ignoreArrayOrder", "ignoreExtraElements"]
    static let envelopeMetadataKeys = ["inject"]

    func readFile(_ root: JSONNode) throws(MockLoadError) -> [StubMapping] {
        guard root.kind == .object else {
            throw .wrongType(file: file, location: root.location, key: "(file)",
                             expected: "an object: one stub, or {\"mappings\": [...]}", found: root.kind)
        }
        if let mappings = root["mappings"] {
            _ = try members(root, context: "the file", allowed: ["mappings", "meta"])
            guard mappings.kind == .array else {
                throw .wrongType(file: file, location: mappings.location, key: "mappings", expected: "an array of stub objects", found: mappings.kind)
            }
            var stubs: [StubMapping] = []
            for (index, element) in mappings.elements.enumerated() {
                stubs.append(try readStub(element, index: index))
            }
            return stubs
        }
        return [try readStub(root, index: nil)]
    }

    func readStub(_ node: JSONNode, index: Int?) throws(MockLoadError) -> StubMapping {
        let context = index.map { "mapping \($0 + 1)" } ?? "the mapping"
        guard node.kind == .object else {
            throw .wrongType(file: file, location: node.location, key: context, expected: "an object", found: node.kind)
        }
        let keys = try members(node, context: context, allowed: Self.stubKeys)
        // WireMock writes both `id` and `uuid` with the same value; `id` wins.
        var id: String? = nil
        if let member = keys["id"] ?? keys["uuid"] { id = try string(member) }
        if let member = keys["uuid"], keys["id"] != nil { _ = try string(member) }
        var name: String? = nil
        if let member = keys["name"] { name = try string(member) }
        var priority = StubMapping.defaultPriority
        if let member = keys["priority"] {
            priority = try integer(member)
            guard priority >= 1 else {
                throw .invalidValue(file: file, location: member.value.location, key: "priority",
                                    message: "\(priority) is below 1; 1 is the highest priority, 5 the default")
            }
        }
        if let member = keys["persistent"], member.value.kind != .bool {
            throw .wrongType(file: file, location: member.value.location, key: "persistent", expected: "a boolean", found: member.value.kind)
        }
        guard let requestMember = keys["request"] else {
            throw .missingKey(file: file, location: node.location, key: "request", context: context,
                              hint: "add \"request\": {\"method\": \"GET\", \"urlPath\": \"/path\"}")
        }
        guard let responseMember = keys["response"] else {
            throw .missingKey(file: file, location: node.location, key: "response", context: context,
                              hint: "add \"response\": {\"status\": 200, \"body\": \"...\"}")
        }
        let request = try readRequest(requestMember)
        let response = try readResponse(responseMember)
        let scenario = try readScenario(keys, context: context)
        var injections: [DriftInjection] = []
        if let metadata = keys["metadata"] { injections = try readEnvelopeMetadata(metadata) }
        return StubMapping(id: id, name: name, priority: priority, request: request, response: response,
                           source: MappingSource(file: file, index: index, location: node.location),
                           scenario: scenario, injections: injections, json: Array(node.rawBytes))
    }

    /// `scenarioName` with `requiredScenarioState` and/or `newScenarioState`.
    func readScenario(_ keys: MemberTable, context: String) throws(MockLoadError) -> ScenarioRule? {
        var required: String? = nil
        var new: String? = nil
        if let member = keys["requiredScenarioState"] { required = try string(member) }
        if let member = keys["newScenarioState"] { new = try string(member) }
        // WireMock ignores the states of a stub without `scenarioName` (it is in no scenario),
        // and recorded mapping sets have such stubs, so they load and match as plain stubs.
        guard let nameMember = keys["scenarioName"] else { return nil }
        let name = try string(nameMember)
        guard !name.isEmpty else {
            throw .invalidValue(file: file, location: nameMember.value.location, key: "scenarioName", message: "the name is empty")
        }
        return ScenarioRule(name: name, requiredState: required, newState: new)
    }

    /// `metadata` is free-form (WireMock keeps it for tools); only `metadata.envelope` is ours
    /// and is checked strictly.
    func readEnvelopeMetadata(_ member: JSONMember) throws(MockLoadError) -> [DriftInjection] {
        guard member.value.kind == .object, let envelope = member.value["envelope"] else { return [] }
        let envelopeMember = member.value.members.last { $0.key == "envelope" }
        guard envelope.kind == .object, let envelopeMember else {
            throw .wrongType(file: file, location: envelope.location, key: "envelope", expected: "an object such as {\"inject\": [\"null:/a\"]}",
                             found: envelope.kind)
        }
        let keys = try members(envelopeMember.value, context: "metadata.envelope", allowed: Self.envelopeMetadataKeys)
        guard let inject = keys["inject"] else { return [] }
        let items = inject.value.kind == .array ? inject.value.elements : [inject.value]
        var result: [DriftInjection] = []
        for item in items {
            guard let text = item.stringValue else {
                throw .wrongType(file: file, location: item.location, key: "inject", expected: "a string such as \"null:/a/b\"", found: item.kind)
            }
            do {
                result.append(try DriftInjection.parse(text))
            } catch {
                throw .invalidValue(file: file, location: item.location, key: "inject", message: error.description)
            }
        }
        return result
    }

    // MARK: Request

    func readRequest(_ member: JSONMember) throws(MockLoadError) -> RequestPattern {
        try readRequest(node: try object(member))
    }

    /// A request pattern object (also what the admin API's `/requests/count` receives); the
    /// keys in `ignoring` are passed over (a recording's `filters` holds other keys too).
    func readRequest(node: JSONNode, ignoring: [String] = []) throws(MockLoadError) -> RequestPattern {
        guard node.kind == .object else {
            throw .wrongType(file: file, location: node.location, key: "request", expected: "an object", found: node.kind)
        }
        let keys = try members(node, context: "request", allowed: Self.requestKeys, ignoring: ignoring)
        var pattern = RequestPattern()
        if let method = keys["method"] {
            let value = try string(method)
            guard !value.isEmpty, value.utf8.allSatisfy(isTokenByte) else {
                throw .invalidValue(file: file, location: method.value.location, key: "method",
                                    message: "\(quoted(value)) is not an HTTP method; write e.g. \"GET\", or \"ANY\" for every method")
            }
            pattern.method = value == "ANY" ? nil : value
        }
        let urlKeys = ["url", "urlPath", "urlPathPattern", "urlPattern", "urlPathTemplate"].filter { keys[$0] != nil }
        if urlKeys.count > 1 {
            let location = urlKeys.compactMap { keys[$0]?.keyLocation }.max() ?? node.location
            throw .conflictingKeys(file: file, location: location, keys: urlKeys, context: "request")
        }
        if let key = urlKeys.first, let urlMember = keys[key] {
            let value = try string(urlMember)
            switch key {
            case "url", "urlPath":
                // By code point: a '/' followed by a combining mark is one Character to Swift.
                guard value.unicodeScalars.first == "/" else {
                    throw .invalidValue(file: file, location: urlMember.value.location, key: key,
                                        message: "\(quoted(value)) does not start with '/'; write the path (and query) without scheme and host")
                }
                pattern.url = key == "url" ? .url(value) : .urlPath(value)
            case "urlPathPattern":
                pattern.url = .urlPathPattern(try regex(value, at: urlMember.value.location))
            case "urlPathTemplate":
                switch PathTemplate.parse(value) {
                case .success(let template): pattern.url = .urlPathTemplate(template)
                case .failure(let error):
                    throw .invalidValue(file: file, location: urlMember.value.location, key: key,
                                        message: "\(quoted(value)) \(error.reason); write e.g. \"/contacts/{contactId}\"")
                }
            default:
                pattern.url = .urlPattern(try regex(value, at: urlMember.value.location))
            }
        }
        if let parameters = keys["pathParameters"] {
            guard case .urlPathTemplate(let template) = pattern.url else {
                throw .invalidValue(file: file, location: parameters.keyLocation, key: "pathParameters",
                                    message: "only works with urlPathTemplate; write the path as \"urlPathTemplate\": \"/items/{id}\"")
            }
            pattern.pathParameters = try namedMatchers(parameters, what: "path parameter")
            for (parameter, entry) in zip(pattern.pathParameters, parameters.value.members) where !template.variables.contains(parameter.name) {
                throw .invalidValue(file: file, location: entry.keyLocation, key: "pathParameters",
                                    message: "\(quoted(parameter.name)) is not a variable of \(quoted(template.text)); its variables are "
                                        + (template.variables.isEmpty ? "none" : template.variables.joined(separator: ", ")))
            }
        }
        if let query = keys["queryParameters"] {
            pattern.queryParameters = try namedMatchers(query, what: "query parameter")
        }
        if let headers = keys["headers"] {
            pattern.headers = try namedMatchers(headers, what: "header")
            for header in pattern.headers where !header.name.utf8.allSatisfy(isTokenByte) || header.name.isEmpty {
                throw .invalidValue(file: file, location: headers.value.location, key: "headers",
                                    message: "\(quoted(header.name)) is not a valid header name")
            }
        }
        if let credentials = keys["basicAuthCredentials"] {
            pattern.headers.append(try basicAuthMatcher(credentials))
        }
        if let cookies = keys["cookies"] {
            pattern.cookies = try namedMatchers(cookies, what: "cookie")
        }
        if let body = keys["bodyPatterns"] {
            guard body.value.kind == .array else {
                throw .wrongType(file: file, location: body.value.location, key: "bodyPatterns",
                                 expected: "an array of matchers such as [{\"contains\": \"text\"}]", found: body.value.kind)
            }
            for element in body.value.elements {
                pattern.bodyPatterns.append(try bodyMatcher(element))
            }
        }
        return pattern
    }

    func namedMatchers(_ member: JSONMember, what: String) throws(MockLoadError) -> [NamedMatcher] {
        let node = try object(member)
        var result: [NamedMatcher] = []
        for entry in node.members {
            result.append(NamedMatcher(name: entry.key, matcher: try matcher(entry.value, named: entry.key, what: what)))
        }
        return result
    }

    /// A value matcher: one operator, plus `caseInsensitive` with `equalTo`.
    func matcher(_ node: JSONNode, named name: String, what: String) throws(MockLoadError) -> StringMatcher {
        guard node.kind == .object else {
            throw .wrongType(file: file, location: node.location, key: name,
                             expected: "a matcher object such as {\"equalTo\": \"value\"}", found: node.kind)
        }
        let context = "the \(what) '\(name)'"
        let keys = try members(node, context: context, allowed: Self.matcherKeys)
        let (op, opMember) = try singleOperator(keys, Self.matcherOperators, node: node, context: context)
        return try stringMatcher(op, opMember, keys, what: what, name: name)
    }

    /// The one operator of a matcher object.
    func singleOperator(_ keys: MemberTable, _ operators: [String], node: JSONNode,
                        context: String) throws(MockLoadError) -> (String, JSONMember) {
        let present = operators.filter { keys[$0] != nil }
        guard present.count == 1, let op = present.first, let opMember = keys[op] else {
            if present.isEmpty {
                throw .missingKey(file: file, location: node.location, key: "equalTo", context: context,
                                  hint: "give one of " + operators.joined(separator: ", "))
            }
            let location = present.compactMap { keys[$0]?.keyLocation }.max() ?? node.location
            throw .conflictingKeys(file: file, location: location, keys: present, context: context)
        }
        return (op, opMember)
    }

    func stringMatcher(_ op: String, _ opMember: JSONMember, _ keys: MemberTable, what: String,
                       name: String) throws(MockLoadError) -> StringMatcher {
        if let flag = keys["caseInsensitive"] {
            guard flag.value.kind == .bool else {
                throw .wrongType(file: file, location: flag.value.location, key: "caseInsensitive", expected: "a boolean", found: flag.value.kind)
            }
            guard op == "equalTo" else {
                throw .invalidValue(file: file, location: flag.keyLocation, key: "caseInsensitive",
                                    message: "only applies to equalTo, not \(op)")
            }
        }
        switch op {
        case "equalTo":
            return .equalTo(try scalarString(opMember), caseInsensitive: keys["caseInsensitive"]?.value.boolValue ?? false)
        case "contains":
            return .contains(try scalarString(opMember))
        case "doesNotContain":
            return .doesNotContain(try scalarString(opMember))
        case "matches":
            return .matches(try regex(try string(opMember), at: opMember.value.location))
        case "doesNotMatch":
            return .doesNotMatch(try regex(try string(opMember), at: opMember.value.location))
        case "and", "or":
            guard opMember.value.kind == .array, opMember.value.count > 0 else {
                throw .wrongType(file: file, location: opMember.value.location, key: op,
                                 expected: "a non-empty array of matchers such as [{\"contains\": \"a\"}, {\"contains\": \"b\"}]",
                                 found: opMember.value.kind)
            }
            var parts: [StringMatcher] = []
            for element in opMember.value.elements {
                parts.append(try matcher(element, named: name, what: what))
            }
            return op == "and" ? .and(parts) : .or(parts)
        default:
            guard opMember.value.boolValue == true else {
                if opMember.value.kind != .bool {
                    throw .wrongType(file: file, location: opMember.value.location, key: "absent", expected: "true", found: opMember.value.kind)
                }
                throw .invalidValue(file: file, location: opMember.value.location, key: "absent",
                                    message: "only \"absent\": true is supported; to require presence use {\"matches\": \".*\"}")
            }
            return .absent
        }
    }

    /// One entry of `bodyPatterns`.
    func bodyMatcher(_ node: JSONNode) throws(MockLoadError) -> BodyMatcher {
        guard node.kind == .object else {
            throw .wrongType(file: file, location: node.location, key: "bodyPatterns",
                             expected: "a matcher object such as {\"equalToJson\": {...}}", found: node.kind)
        }
        let context = "a body pattern"
        let keys = try members(node, context: context, allowed: Self.bodyKeys)
        let (op, opMember) = try singleOperator(keys, Self.bodyOperators, node: node, context: context)
        for flag in ["ignoreArrayOrder", "ignoreExtraElements"] {
            guard let member = keys[flag] else { continue }
            guard member.value.kind == .bool else {
                throw .wrongType(file: file, location: member.value.location, key: flag, expected: "a boolean", found: member.value.kind)
            }
            guard op == "equalToJson" else {
                throw .invalidValue(file: file, location: member.keyLocation, key: flag, message: "only applies to equalToJson, not \(op)")
            }
        }
        switch op {
        case "equalToJson":
            let expected: JSONValue
            if let text = opMember.value.stringValue {
                // WireMock accepts the JSON as a string too; it must parse.
                do {
                    expected = try JSONDocument.parse(text).root.value
                } catch {
                    throw .invalidValue(file: file, location: opMember.value.location, key: "equalToJson",
                                        message: "the string is not valid JSON (\(error.message)); write the JSON value itself")
                }
            } else {
                expected = opMember.value.value
            }
            return .equalToJson(expected, ignoreArrayOrder: keys["ignoreArrayOrder"]?.value.boolValue ?? false,
                                ignoreExtraElements: keys["ignoreExtraElements"]?.value.boolValue ?? false)
        case "matchesJsonPath":
            if let text = opMember.value.stringValue {
                return .matchesJsonPath(try jsonPath(text, at: opMember.value.location), nil)
            }
            guard opMember.value.kind == .object else {
                throw .wrongType(file: file, location: opMember.value.location, key: "matchesJsonPath",
                                 expected: "a JSONPath string, or {\"expression\": \"$.a\", \"equalTo\": \"x\"}", found: opMember.value.kind)
            }
            let inner = try members(opMember.value, context: "matchesJsonPath", allowed: ["expression"] + Self.matcherKeys)
            guard let expression = inner["expression"] else {
                throw .missingKey(file: file, location: opMember.value.location, key: "expression", context: "matchesJsonPath",
                                  hint: "add \"expression\": \"$.path\"")
            }
            let path = try jsonPath(try string(expression), at: expression.value.location)
            let operators = Self.matcherOperators.filter { inner[$0] != nil }
            if operators.isEmpty { return .matchesJsonPath(path, nil) }
            var matcherKeys = inner
            matcherKeys.removeAll(named: "expression")
            let (innerOp, innerMember) = try singleOperator(matcherKeys, Self.matcherOperators, node: opMember.value, context: "matchesJsonPath")
            return .matchesJsonPath(path, try stringMatcher(innerOp, innerMember, matcherKeys, what: "JSONPath", name: path.text))
        default:
            return .text(try stringMatcher(op, opMember, keys, what: "body", name: "body"))
        }
    }

    func jsonPath(_ text: String, at location: SourceLocation) throws(MockLoadError) -> JSONPath {
        do {
            return try JSONPath(text)
        } catch {
            throw .invalidValue(file: file, location: location, key: "matchesJsonPath",
                                message: "\(quoted(text)) is not a supported JSONPath: \(error.description); see docs/mocks.md for the subset")
        }
    }

    // MARK: Response

    func readResponse(_ member: JSONMember) throws(MockLoadError) -> ResponseDefinition {
        let node = try object(member)
        let keys = try members(node, context: "response", allowed: Self.responseKeys)
        var response = ResponseDefinition()
        if let status = keys["status"] {
            response.status = try statusCode(status)
            guard (200...599).contains(response.status) else {
                throw .invalidValue(file: file, location: status.value.location, key: "status",
                                    message: "\(response.status) is not a final HTTP status; use 200...599")
            }
        }
        if let message = keys["statusMessage"] {
            let text = try string(message)
            guard Self.isFieldText(text) else {
                throw .invalidValue(file: file, location: message.value.location, key: "statusMessage", message: "control characters are not allowed")
            }
            response.statusMessage = text
        }
        if let headers = keys["headers"] {
            response.headers = try readResponseHeaders(headers)
        }
        let templated = try readTransformers(keys) || globalTemplating
        try readResponseBody(keys, in: node, into: &response, templated: templated)
        if templated {
            let template = try readTemplate(keys, response: response)
            if !template.isEmpty { response.template = template }
        }
        if let delay = keys["fixedDelayMilliseconds"] {
            response.fixedDelayMilliseconds = try integer(delay)
            guard (0...600_000).contains(response.fixedDelayMilliseconds) else {
                throw .invalidValue(file: file, location: delay.value.location, key: "fixedDelayMilliseconds",
                                    message: "\(response.fixedDelayMilliseconds) is outside 0...600000 (ten minutes)")
            }
        }
        if let distribution = keys["delayDistribution"] {
            response.delayDistribution = try readDelayDistribution(distribution)
        }
        if let dribble = keys["chunkedDribbleDelay"] {
            response.chunkedDribbleDelay = try readChunkedDribbleDelay(dribble)
        }
        if let fault = keys["fault"] {
            let name = try string(fault)
            guard let value = ResponseDefinition.Fault(rawValue: name) else {
                throw .invalidValue(file: file, location: fault.value.location, key: "fault",
                                    message: "\(quoted(name)) is not a fault; use one of "
                                        + ResponseDefinition.Fault.allCases.map(\.rawValue).joined(separator: ", "))
            }
            response.fault = value
        }
        response.proxy = try readProxyTarget(keys)
        return response
    }

    /// `proxyBaseUrl` and its companions, which mean nothing without it.
    func readProxyTarget(_ keys: MemberTable) throws(MockLoadError) -> ProxyTarget? {
        guard let base = keys["proxyBaseUrl"] else {
            for key in ["additionalProxyRequestHeaders", "removeProxyRequestHeaders", "proxyUrlPrefixToRemove"] {
                if let member = keys[key] {
                    throw .invalidValue(file: file, location: member.keyLocation, key: key, message: "it needs proxyBaseUrl beside it")
                }
            }
            return nil
        }
        let url = try string(base)
        guard url.hasPrefix("http://") || url.hasPrefix("https://"), url.count > 8, Self.isFieldText(url), !url.contains(" ") else {
            throw .invalidValue(file: file, location: base.value.location, key: "proxyBaseUrl",
                                message: "\(quoted(url)) is not an http:// or https:// URL; write the upstream's base, such as http://localhost:9000")
        }
        var target = ProxyTarget(baseURL: url)
        if let added = keys["additionalProxyRequestHeaders"] { target.additionalHeaders = try readResponseHeaders(added) }
        if let removed = keys["removeProxyRequestHeaders"] {
            guard removed.value.kind == .array else {
                throw .wrongType(file: file, location: removed.value.location, key: "removeProxyRequestHeaders",
                                 expected: "an array of header names", found: removed.value.kind)
            }
            for element in removed.value.elements {
                guard element.kind == .string, let name = element.stringValue else {
                    throw .wrongType(file: file, location: element.location, key: "removeProxyRequestHeaders",
                                     expected: "a header name (a string)", found: element.kind)
                }
                target.removedHeaders.append(name)
            }
        }
        if let prefix = keys["proxyUrlPrefixToRemove"] { target.urlPrefixToRemove = try string(prefix) }
        return target
    }

    /// Whether `text` can stand in a status line or header value: tabs, but no line breaks or
    /// other control characters.
    static func isFieldText(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0 == "\t" || ($0.value >= 0x20 && $0.value != 0x7F) }
    }

    /// A response's `headers`: each value a string, number or boolean, or an array of them
    /// for a header sent more than once.
    func readResponseHeaders(_ member: JSONMember) throws(MockLoadError) -> [MockHeader] {
        var headers: [MockHeader] = []
        for entry in try object(member).members {
            guard !entry.key.isEmpty, entry.key.utf8.allSatisfy(isTokenByte) else {
                throw .invalidValue(file: file, location: entry.keyLocation, key: "headers",
                                    message: "\(quoted(entry.key)) is not a valid header name")
            }
            let values: [JSONNode]
            switch entry.value.kind {
            case .array: values = entry.value.elements
            default: values = [entry.value]
            }
            for valueNode in values {
                let value: String
                switch valueNode.kind {
                case .string: value = valueNode.stringValue ?? ""
                case .number, .bool: value = String(decoding: valueNode.rawBytes, as: UTF8.self)
                default:
                    throw .wrongType(file: file, location: valueNode.location, key: entry.key,
                                     expected: "a string (or an array of strings)", found: valueNode.kind)
                }
                guard Self.isFieldText(value) else {
                    throw .invalidValue(file: file, location: valueNode.location, key: entry.key,
                                        message: "header values may not contain line breaks or control characters")
                }
                headers.append(MockHeader(name: entry.key, value: value))
            }
        }
        return headers
    }

    /// The one body key a response may have (`body`, `base64Body`, `jsonBody` or
    /// `bodyFileName`), read into `response`.
    func readResponseBody(_ keys: MemberTable, in node: JSONNode, into response: inout ResponseDefinition,
                          templated: Bool = false) throws(MockLoadError) {
        let bodyKeys = ["body", "base64Body", "jsonBody", "bodyFileName"].filter { keys[$0] != nil }
        if bodyKeys.count > 1 {
            let location = bodyKeys.compactMap { keys[$0]?.keyLocation }.max() ?? node.location
            throw .conflictingKeys(file: file, location: location, keys: bodyKeys, context: "response")
        }
        if let body = keys["body"] {
            response.body = Array(try string(body).utf8)
            response.bodySource = .body
        } else if let body = keys["base64Body"] {
            guard let data = Data(base64Encoded: try string(body), options: [.ignoreUnknownCharacters]) else {
                throw .invalidValue(file: file, location: body.value.location, key: "base64Body", message: "not valid base64")
            }
            response.body = [UInt8](data)
            response.bodySource = .base64Body
        } else if let body = keys["jsonBody"] {
            response.body = Array(body.value.rawBytes)
            response.bodySource = .jsonBody
            if !response.headers.contains(where: { $0.hasName("Content-Type") }) {
                response.headers.append(MockHeader(name: "Content-Type", value: "application/json"))
            }
        } else if let body = keys["bodyFileName"] {
            let name = try string(body)
            // A templated name is resolved per request (the file is read then).
            if !(templated && TemplateParser.hasTags(name)) { response.body = try readBodyFile(name, at: body.value.location) }
            response.bodySource = .bodyFile(name)
        }
    }

    /// `{"numberOfChunks": 5, "totalDuration": 1000}`.
    func readChunkedDribbleDelay(_ member: JSONMember) throws(MockLoadError) -> ChunkedDribbleDelay {
        let node = try object(member)
        let inner = try members(node, context: "chunkedDribbleDelay", allowed: ["numberOfChunks", "totalDuration"])
        guard let chunks = inner["numberOfChunks"], let total = inner["totalDuration"] else {
            throw .missingKey(file: file, location: node.location, key: inner["numberOfChunks"] == nil ? "numberOfChunks" : "totalDuration",
                              context: "chunkedDribbleDelay", hint: "write {\"numberOfChunks\": 5, \"totalDuration\": 1000}")
        }
        let count = try integer(chunks)
        let duration = try integer(total)
        guard (1...10_000).contains(count) else {
            throw .invalidValue(file: file, location: chunks.value.location, key: "numberOfChunks", message: "\(count) is outside 1...10000")
        }
        guard (0...600_000).contains(duration) else {
            throw .invalidValue(file: file, location: total.value.location, key: "totalDuration",
                                message: "\(duration) is outside 0...600000 (ten minutes)")
        }
        return ChunkedDribbleDelay(numberOfChunks: count, totalDuration: duration)
    }

    /// `{"type": "uniform", "lower": 10, "upper": 50}` or `{"type": "lognormal", "median": 80, "sigma": 0.4}`.
    func readDelayDistribution(_ member: JSONMember) throws(MockLoadError) -> DelayDistribution {
        let node = try object(member)
        guard let typeMember = node.members.last(where: { $0.key == "type" }) else {
            throw .missingKey(file: file, location: node.location, key: "type", context: "delayDistribution",
                              hint: "add \"type\": \"uniform\" (with lower, upper) or \"lognormal\" (with median, sigma)")
        }
        let type = try string(typeMember)
        func number(_ keys: MemberTable, _ key: String) throws(MockLoadError) -> Double {
            guard let member = keys[key] else {
                throw .missingKey(file: file, location: node.location, key: key, context: "a \(type) delayDistribution",
                                  hint: type == "uniform" ? "uniform needs lower and upper (milliseconds)" : "lognormal needs median (milliseconds) and sigma")
            }
            guard let value = member.value.doubleValue, value >= 0, value.isFinite else {
                throw .wrongType(file: file, location: member.value.location, key: key, expected: "a number ≥ 0", found: member.value.kind)
            }
            return value
        }
        switch type {
        case "uniform":
            let keys = try members(node, context: "a uniform delayDistribution", allowed: ["type", "lower", "upper"])
            let lower = try number(keys, "lower"), upper = try number(keys, "upper")
            guard lower <= upper, upper <= Double(DelayDistribution.ceiling) else {
                throw .invalidValue(file: file, location: node.location, key: "delayDistribution",
                                    message: "lower (\(Int(lower))) must not exceed upper (\(Int(upper))), and upper must be at most 600000")
            }
            return .uniform(lower: Int(lower), upper: Int(upper))
        case "lognormal":
            let keys = try members(node, context: "a lognormal delayDistribution", allowed: ["type", "median", "sigma", "maxValue"])
            let median = try number(keys, "median"), sigma = try number(keys, "sigma")
            let maxValue = keys["maxValue"] == nil ? nil : try number(keys, "maxValue")
            return .lognormal(median: median, sigma: sigma, maxValue: maxValue)
        default:
            throw .invalidValue(file: file, location: typeMember.value.location, key: "type",
                                message: "\(quoted(type)) is not a supported delay distribution; use uniform or lognormal")
        }
    }

    func readBodyFile(_ name: String, at location: SourceLocation) throws(MockLoadError) -> [UInt8] {
        if name.isEmpty {
            throw .bodyFileOutsideFilesFolder(file: file, location: location, bodyFileName: name, reason: "is empty")
        }
        // Separators are tested by code point: a '/' followed by a combining mark is one
        // Character to Swift, and "../\u{301}x" must still count as leaving the folder.
        let scalars = name.unicodeScalars
        if let first = scalars.first, first == "/" || first == "\\" || first == "~" || scalars.contains("\u{0}") {
            throw .bodyFileOutsideFilesFolder(file: file, location: location, bodyFileName: name, reason: "is an absolute path")
        }
        let components = scalars.split(whereSeparator: { $0 == "/" || $0 == "\\" })
        if components.contains(where: { $0.elementsEqual("..".unicodeScalars) }) {
            throw .bodyFileOutsideFilesFolder(file: file, location: location, bodyFileName: name, reason: "contains '..'")
        }
        switch bodyFiles.bytes(of: name) {
        case .found(let bytes):
            return bytes
        case .notFound:
            throw .bodyFileNotFound(file: file, location: location, bodyFileName: name, lookedAt: bodyFiles.path(of: name))
        case .outside(let resolved, let root):
            throw .bodyFileOutsideFilesFolder(file: file, location: location, bodyFileName: name,
                                              reason: "resolves through a symbolic link to \(resolved), outside \(root)")
        }
    }

    // MARK: Helpers

    /// The members of `node` by key, failing on the first key outside `allowed` and `ignoring`.
    func members(_ node: JSONNode, context: String, allowed: [String], ignoring: [String] = []) throws(MockLoadError) -> MemberTable {
        let members = node.members
        for member in members where !allowed.contains(member.key) && !ignoring.contains(member.key) {
            throw .unsupportedKey(file: file, location: member.keyLocation, key: member.key, context: context, supported: allowed)
        }
        return MemberTable(members: members)
    }

    /// An object's members by name. A mapping's objects have a handful of keys each, so a
    /// search through the list is cheaper than a dictionary that hashes every key.
    struct MemberTable {
        var members: [JSONMember]

        /// The last member named `key` (the one a JSON reader keeps), or nil.
        subscript(key: String) -> JSONMember? {
            members.last { $0.key == key }
        }

        /// Leaves out every member named `key`.
        mutating func removeAll(named key: String) {
            members.removeAll { $0.key == key }
        }
    }

    func object(_ member: JSONMember) throws(MockLoadError) -> JSONNode {
        guard member.value.kind == .object else {
            throw .wrongType(file: file, location: member.value.location, key: member.key, expected: "an object", found: member.value.kind)
        }
        return member.value
    }

    func string(_ member: JSONMember) throws(MockLoadError) -> String {
        guard let value = member.value.stringValue else {
            throw .wrongType(file: file, location: member.value.location, key: member.key, expected: "a string", found: member.value.kind)
        }
        return value
    }

    /// A string, or a number or boolean taken as its source text (WireMock accepts `"equalTo": 5`).
    func scalarString(_ member: JSONMember) throws(MockLoadError) -> String {
        switch member.value.kind {
        case .string: return member.value.stringValue ?? ""
        case .number, .bool: return String(decoding: member.value.rawBytes, as: UTF8.self)
        default:
            throw .wrongType(file: file, location: member.value.location, key: member.key, expected: "a string", found: member.value.kind)
        }
    }

    /// `status`: an integer, or a string of digits such as `"204"`, which WireMock (Jackson)
    /// reads as the number and recorded mapping sets contain.
    func statusCode(_ member: JSONMember) throws(MockLoadError) -> Int {
        if member.value.kind == .string, let text = member.value.stringValue {
            guard !text.isEmpty, text.utf8.count <= 3, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let number = Int(text) else {
                throw .invalidValue(file: file, location: member.value.location, key: member.key,
                                    message: "\(quoted(text)) is not a status code; write a number such as 200")
            }
            return number
        }
        return try integer(member)
    }

    func integer(_ member: JSONMember) throws(MockLoadError) -> Int {
        guard let value = member.value.intValue else {
            if member.value.kind == .number {
                throw .invalidValue(file: file, location: member.value.location, key: member.key,
                                    message: "\(String(decoding: member.value.rawBytes, as: UTF8.self)) is not a whole number")
            }
            throw .wrongType(file: file, location: member.value.location, key: member.key, expected: "an integer", found: member.value.kind)
        }
        return value
    }

    func regex(_ pattern: String, at location: SourceLocation) throws(MockLoadError) -> RegexPattern {
        do {
            return try RegexPattern(pattern)
        } catch {
            throw .invalidRegex(file: file, location: location, pattern: pattern, reason: "\(error)")
        }
    }
}

