import Foundation

/// Reads a pact file (specification V2, V3 or V4) from its bytes: the model, and the
/// problems it worked around, located. No I/O: the caller reads the file.
public struct PactReader {
    /// The file's name, for messages.
    let file: String
    /// Problems worked around so far.
    public private(set) var diagnostics: [PactDiagnostic] = []
    /// The specification's major version, once known.
    var specification = 2

    /// A reader for the file named `file` (only used in messages).
    public init(file: String) {
        self.file = file
    }

    /// Reads `bytes` as a pact file.
    public static func read(_ bytes: [UInt8], file: String) throws(PactReadError) -> (pact: PactFile, diagnostics: [PactDiagnostic]) {
        var reader = PactReader(file: file)
        let pact = try reader.read(bytes)
        return (pact, reader.diagnostics)
    }

    /// Reads `bytes` as a pact file, collecting diagnostics.
    public mutating func read(_ bytes: [UInt8]) throws(PactReadError) -> PactFile {
        let document: JSONDocument
        do {
            document = try JSONDocument.parse(bytes)
        } catch {
            throw .notJSON(file: file, at: error.location, reason: error.message)
        }
        let root = document.root
        guard root.kind == .object else {
            throw .notAPact(file: file, at: root.location, advice: "expected a pact file (a JSON object with consumer, provider and interactions), found \(root.kind)")
        }
        let interactions = root["interactions"], messages = root["messages"]
        guard interactions?.kind == .array || messages?.kind == .array else {
            throw .notAPact(file: file, at: (interactions ?? root).location,
                            advice: "expected an array 'interactions' (or 'messages'), found \(interactions.map { "\($0.kind)" } ?? "none"): is this a pact file?")
        }
        let version = Self.specificationVersion(of: root)
        specification = version.flatMap { Int($0.split(separator: ".").first.map { $0.hasPrefix("v") || $0.hasPrefix("V") ? String($0.dropFirst()) : String($0) } ?? "") }
            ?? Self.guessedSpecification(interactions?.elements ?? [])
        var pact = PactFile(consumer: root["consumer"]?["name"]?.stringValue ?? "consumer", provider: root["provider"]?["name"]?.stringValue ?? "provider",
                            specificationVersion: version, specification: specification, interactions: [], unsupported: [])
        for (index, node) in (interactions?.elements ?? []).enumerated() {
            readInteraction(node, pointer: "/interactions/\(index)", into: &pact)
        }
        for node in messages?.elements ?? [] {
            pact.unsupported.append(PactUnsupportedInteraction(description: node["description"]?.stringValue ?? "(no description)", kind: "a message", location: node.location))
        }
        return pact
    }

    /// `metadata.pactSpecification.version` (V3+), or V2's `metadata.pact-specification.version`.
    static func specificationVersion(of root: JSONNode) -> String? {
        let metadata = root["metadata"]
        return (metadata?["pactSpecification"] ?? metadata?["pact-specification"] ?? metadata?["pactSpecificationVersion"])
            .flatMap { $0.kind == .string ? $0.stringValue : $0["version"]?.stringValue }
    }

    /// The version a file without metadata looks like.
    static func guessedSpecification(_ interactions: [JSONNode]) -> Int {
        if interactions.contains(where: { $0["type"] != nil }) { return 4 }
        if interactions.contains(where: { $0["providerStates"] != nil || $0["request"]?["query"]?.kind == .object || $0["request"]?["matchingRules"]?["body"] != nil }) { return 3 }
        return 2
    }

    /// Records a problem.
    mutating func warn(_ node: JSONNode, _ pointer: String, _ message: String) {
        diagnostics.append(PactDiagnostic(file: file, location: node.location, pointer: pointer, message: message))
    }

    /// One entry of `interactions`: an HTTP interaction, or one kept as not supported.
    mutating func readInteraction(_ node: JSONNode, pointer: String, into pact: inout PactFile) {
        guard node.kind == .object else {
            warn(node, pointer, "expected an interaction (an object), found \(node.kind); skipped")
            return
        }
        let description = node["description"]?.stringValue ?? ""
        let type = node["type"]?.stringValue
        if let type, type != "Synchronous/HTTP" {
            pact.unsupported.append(PactUnsupportedInteraction(description: description, kind: type, location: node.location))
            return
        }
        if node["pluginConfiguration"].map({ $0.count > 0 }) == true || node["interactionMarkup"] != nil {
            let plugin = node["pluginConfiguration"]?.members.first?.key ?? node["transport"]?.stringValue ?? "plugin"
            pact.unsupported.append(PactUnsupportedInteraction(description: description, kind: "a plugin interaction (\(plugin))", location: node.location))
            return
        }
        guard let requestNode = node["request"], requestNode.kind == .object, let responseNode = node["response"], responseNode.kind == .object else {
            if node["request"] == nil, node["contents"] != nil || node["metaData"] != nil || node["metadata"] != nil {
                pact.unsupported.append(PactUnsupportedInteraction(description: description, kind: "a message", location: node.location))
            } else {
                warn(node, pointer, "interaction '\(description)' has no request and response objects; skipped")
            }
            return
        }
        if description.isEmpty { warn(node, pointer, "interaction has no description; it is named after its request") }
        var interaction = PactInteraction(
            description: description, key: node["key"]?.stringValue, pending: node["pending"]?.boolValue ?? false,
            comments: comments(node["comments"]), providerStates: providerStates(node, pointer: pointer),
            request: readRequest(requestNode, pointer: pointer + "/request"), response: readResponse(responseNode, pointer: pointer + "/response"),
            location: node.location, pointer: pointer)
        if interaction.description.isEmpty { interaction.description = "\(interaction.request.method) \(interaction.request.path)" }
        pact.interactions.append(interaction)
    }

    /// V4 `comments`: its `text` lines and `testname`.
    func comments(_ node: JSONNode?) -> [String] {
        guard let node, node.kind == .object else { return [] }
        var lines = node["text"]?.elements.compactMap(\.stringValue) ?? []
        if let name = node["testname"]?.stringValue { lines.append("testname: \(name)") }
        return lines
    }

    /// V2 `providerState` or V3/V4 `providerStates`.
    mutating func providerStates(_ node: JSONNode, pointer: String) -> [PactProviderState] {
        if let single = node["providerState"]?.stringValue ?? node["provider_state"]?.stringValue { return [PactProviderState(name: single)] }
        guard let list = node["providerStates"] else { return [] }
        var states: [PactProviderState] = []
        for (index, state) in list.elements.enumerated() {
            guard let name = state["name"]?.stringValue else {
                warn(state, pointer + "/providerStates/\(index)", "expected a provider state with a name, found \(state.kind); left out")
                continue
            }
            let params: [JSONValue.Member]
            if case .object(let members)? = state["params"]?.value { params = members } else { params = [] }
            states.append(PactProviderState(name: name, params: params))
        }
        return states
    }

    /// The request of an interaction.
    mutating func readRequest(_ node: JSONNode, pointer: String) -> PactRequest {
        var request = PactRequest()
        request.method = (node["method"]?.stringValue ?? "GET").uppercased()
        request.path = node["path"]?.stringValue ?? "/"
        request.query = query(node["query"], pointer: pointer + "/query")
        request.headers = headers(node["headers"], pointer: pointer + "/headers")
        request.body = body(node, headers: request.headers, pointer: pointer)
        request.matchingRules = matchingRules(node["matchingRules"], pointer: pointer + "/matchingRules")
        request.generators = generators(node["generators"], pointer: pointer + "/generators")
        return request
    }

    /// The answer of an interaction.
    mutating func readResponse(_ node: JSONNode, pointer: String) -> PactResponse {
        var response = PactResponse()
        if let status = node["status"] {
            if let code = status.intValue, (100...599).contains(code) { response.status = code } else {
                warn(status, pointer + "/status", "expected a status from 100 to 599, found \(status.rawText); 200 is used")
            }
        }
        response.headers = headers(node["headers"], pointer: pointer + "/headers")
        response.body = body(node, headers: response.headers, pointer: pointer)
        response.matchingRules = matchingRules(node["matchingRules"], pointer: pointer + "/matchingRules")
        response.generators = generators(node["generators"], pointer: pointer + "/generators")
        return response
    }

    /// V2's query string (`a=1&b=2`) or V3/V4's object of value lists.
    mutating func query(_ node: JSONNode?, pointer: String) -> [(name: String, value: String)] {
        guard let node else { return [] }
        switch node.kind {
        case .string:
            return (node.stringValue ?? "").split(separator: "&").map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).replacingOccurrences(of: "+", with: " ") }
                let name = parts[0].removingPercentEncoding ?? parts[0]
                let value = parts.count > 1 ? (parts[1].removingPercentEncoding ?? parts[1]) : ""
                return (name, value)
            }
        case .object:
            var pairs: [(name: String, value: String)] = []
            for member in node.members {
                switch member.value.kind {
                case .array: pairs += member.value.elements.map { (member.key, Self.text($0)) }
                default: pairs.append((member.key, Self.text(member.value)))
                }
            }
            return pairs
        default:
            warn(node, pointer, "expected a query string or an object of value lists, found \(node.kind); no query")
            return []
        }
    }

    /// Headers, a V4 list of values joined with `, `.
    mutating func headers(_ node: JSONNode?, pointer: String) -> [(name: String, value: String)] {
        guard let node else { return [] }
        guard node.kind == .object else {
            warn(node, pointer, "expected an object of headers, found \(node.kind); no headers")
            return []
        }
        return node.members.map { member in
            member.value.kind == .array ? (member.key, member.value.elements.map(Self.text).joined(separator: ", ")) : (member.key, Self.text(member.value))
        }
    }

    /// A scalar as text (numbers as written).
    static func text(_ node: JSONNode) -> String {
        switch node.kind {
        case .string: node.stringValue ?? ""
        case .null: ""
        default: node.rawText
        }
    }

    /// The body of a request or answer: V4's `{content, contentType, encoded}`, else the value.
    mutating func body(_ part: JSONNode, headers: [(name: String, value: String)], pointer: String) -> PactBody? {
        guard let node = part["body"] else { return nil }
        let headerType = headers.first { $0.name.lowercased() == "content-type" }?.value
        if specification >= 4, node.kind == .object, node["content"] != nil || node["contentType"] != nil {
            guard let content = node["content"] else { return nil }
            var encoded: String?
            switch node["encoded"]?.value {
            case .string(let name)?: encoded = name.lowercased()
            case .bool(true)?: encoded = "base64"
            default: encoded = nil
            }
            return PactBody(content: content.value, contentType: node["contentType"]?.stringValue ?? headerType, encoded: encoded, location: content.location)
        }
        if node.isNull { return nil }
        return PactBody(content: node.value, contentType: headerType, location: node.location)
    }
}
