/// Reads the fields of a contract with errors that say where and what was expected.
struct FieldReader {
    let file: String
    /// Compiled header and path patterns, shared by the contracts of one load.
    let regexes: SchemaRegexCache

    /// The compiler for a contract's schemas, with the contract's and the options' format
    /// assertion, the contract's `enums` (open or closed), and the contract's own document
    /// registered as `file`.
    func schemaCompiler(for document: JSONDocument, read: @escaping SchemaCompiler.Reader,
                        options: ContractLoadOptions) throws(ContractError) -> SchemaCompiler {
        var compiler = SchemaCompiler(read: read, mappings: options.mappings, fetch: options.fetchRemote, regexes: options.regexes)
        if let assert = document.root["assertFormats"] {
            guard let flag = assert.boolValue else {
                throw .invalidContract(file: file, at: assert.location, message: "'assertFormats' must be true or false, found \(assert.rawText)")
            }
            compiler.assertsFormats = flag
        }
        if options.assertFormats { compiler.assertsFormats = true }
        if let enums = document.root["enums"] {
            guard let text = enums.stringValue, text == "open" || text == "closed" else {
                throw .invalidContract(file: file, at: enums.location, message: "'enums' must be \"open\" or \"closed\", found \(enums.rawText)")
            }
            compiler.opensEnums = text == "open"
        }
        compiler.register(document, as: file)
        return compiler
    }

    /// The contract's `drift` settings: kind to severity.
    /// `response.slow`, milliseconds written as a positive number, in seconds; nil when absent.
    func latencyBudget(_ response: JSONNode) throws(ContractError) -> Double? {
        guard let node = response["slow"] else { return nil }
        guard let millis = node.doubleValue, millis > 0, millis.isFinite else {
            throw .invalidContract(file: file, at: node.location, message: "response.slow must be a number of milliseconds above 0 (an answer slower than that is a slow-answer finding), found \(node.rawText)")
        }
        return millis / 1000
    }

    func driftSettings(_ root: JSONNode) throws(ContractError) -> [DriftKind: Severity] {
        var drift: [DriftKind: Severity] = [:]
        guard let driftNode = root["drift"] else { return drift }
        try expectObject(driftNode, "drift", allowed: ContractLoader.driftKeys)
        for member in driftNode.memberSequence {
            guard let kind = DriftKind(rawValue: member.key), let text = member.value.stringValue, let severity = Severity(setting: text) else {
                throw .invalidContract(file: file, at: member.value.location, message: "drift.\(member.key) must be \"breaking\", \"warning\" or \"ignore\", found \(member.value.rawText)")
            }
            drift[kind] = severity
        }
        return drift
    }

    /// `what` names the object in errors; it is made only for an error (a header rule's name
    /// is built from its header's).
    func expectObject(_ node: JSONNode, _ what: @autoclosure () -> String, allowed: [String]) throws(ContractError) {
        guard node.kind == .object else {
            throw .invalidContract(file: file, at: node.location, message: "\(what()) must be an object, found \(node.kind)")
        }
        if let member = node.firstMember(withKeyNotIn: allowed) {
            let suggestion = EditDistance.suggestion(for: member.key, among: allowed.sorted()).map { " (did you mean '\($0)'?)" } ?? ""
            let list = allowed.filter { !$0.hasPrefix("$") }.sorted().joined(separator: ", ")
            throw .invalidContract(file: file, at: member.keyLocation, message: "unknown key '\(member.key)' in \(what())\(suggestion); expected one of: \(list)")
        }
    }

    func required(_ node: JSONNode, _ key: String) throws(ContractError) -> JSONNode {
        guard let value = node[key] else {
            throw .invalidContract(file: file, at: node.location, message: "missing required key '\(key)'")
        }
        return value
    }

    func string(_ node: JSONNode, _ key: String) throws(ContractError) -> String {
        let value = try required(node, key)
        guard let text = value.stringValue else {
            throw .invalidContract(file: file, at: value.location, message: "'\(key)' must be a string, found \(value.kind)")
        }
        return text
    }

    func optionalString(_ node: JSONNode, _ key: String) throws(ContractError) -> String? {
        guard node[key] != nil else { return nil }
        return try string(node, key)
    }

    func stringMap(_ node: JSONNode, _ key: String) throws(ContractError) -> [(name: String, value: String)] {
        guard let map = node[key] else { return [] }
        guard map.kind == .object else {
            throw .invalidContract(file: file, at: map.location, message: "'\(key)' must be an object of strings, found \(map.kind)")
        }
        var result: [(name: String, value: String)] = []
        for member in map.memberSequence {
            guard let text = member.value.stringValue ?? member.value.numberText ?? member.value.boolValue.map({ String($0) }) else {
                throw .invalidContract(file: file, at: member.value.location, message: "'\(key).\(member.key)' must be a string, found \(member.value.kind)")
            }
            result.append((member.key, text))
        }
        return result
    }

    func headerRules(_ response: JSONNode) throws(ContractError) -> [HeaderExpectation] {
        guard let headers = response["headers"] else { return [] }
        guard headers.kind == .object else {
            throw .invalidContract(file: file, at: headers.location, message: "response.headers must be an object, found \(headers.kind)")
        }
        var rules: [HeaderExpectation] = []
        for member in headers.memberSequence {
            let value = member.value
            if let exact = value.stringValue {
                rules.append(HeaderExpectation(name: member.key, rule: .equals(exact)))
                continue
            }
            try expectObject(value, "response.headers.\(member.key)", allowed: ContractLoader.headerRuleKeys)
            if let pattern = value["pattern"] {
                guard let text = pattern.stringValue, let regex = regexes.regex(text) else {
                    throw .invalidContract(file: file, at: pattern.location, message: "'pattern' must be a valid regular expression")
                }
                rules.append(HeaderExpectation(name: member.key, rule: .pattern(regex)))
            } else if let equals = value["equals"] {
                guard let text = equals.stringValue else {
                    throw .invalidContract(file: file, at: equals.location, message: "'equals' must be a string")
                }
                rules.append(HeaderExpectation(name: member.key, rule: .equals(text)))
            } else if value["absent"]?.boolValue == true {
                rules.append(HeaderExpectation(name: member.key, rule: .absent))
            } else {
                throw .invalidContract(file: file, at: value.location, message: "a header rule needs \"pattern\", \"equals\" or \"absent\": true")
            }
        }
        return rules
    }
}
