/// Reads the fields of a contract with errors that say where and what was expected.
struct FieldReader {
    let file: String
    /// Compiled header and path patterns, shared by the contracts of one load.
    let regexes: SchemaRegexCache
    /// Where problems that spoil only their own field go, so loading goes on; without one
    /// (``ContractLoader/load(file:read:options:)``) the first problem is thrown.
    var collector: ProblemCollector? = nil

    /// Records `problem` and returns, when problems are collected; throws it otherwise.
    func recover(_ problem: ContractError) throws(ContractError) {
        guard let collector else { throw problem }
        collector.add(problem)
    }

    /// `body`'s value, or `fallback` when it fails with a problem that is collected (then
    /// loading goes on without that part); the problem is thrown when none are collected.
    func attempt<T>(or fallback: T, _ body: () throws(ContractError) -> T) throws(ContractError) -> T {
        do {
            return try body()
        } catch {
            try recover(error)
            return fallback
        }
    }

    /// The compiler for a contract's schemas, with the contract's and the options' format
    /// assertion, the contract's `enums` (open or closed), and the contract's own document
    /// registered as `file`.
    func schemaCompiler(for document: JSONDocument, read: @escaping SchemaCompiler.Reader,
                        options: ContractLoadOptions) throws(ContractError) -> SchemaCompiler {
        var compiler = SchemaCompiler(read: read, mappings: options.mappings, fetch: options.fetchRemote, regexes: options.regexes,
                                      documentCache: options.documents, compiledCache: options.compiledSchemas)
        compiler.parseYAML = options.parseYAML
        if let assert = document.root["assertFormats"] {
            if let flag = assert.boolValue {
                compiler.assertsFormats = flag
            } else {
                try recover(.invalidContract(file: file, at: assert.location, message: "'assertFormats' must be true or false, found \(assert.rawText)"))
            }
        }
        if options.assertFormats { compiler.assertsFormats = true }
        if let enums = document.root["enums"] {
            if let text = enums.stringValue, text == "open" || text == "closed" {
                compiler.opensEnums = text == "open"
            } else {
                try recover(.invalidContract(file: file, at: enums.location, message: "'enums' must be \"open\" or \"closed\", found \(enums.rawText)"))
            }
        }
        compiler.collectsProblems = collector != nil
        compiler.register(document, as: file)
        if let source = document.root["openapi"] {
            if let reference = source.stringValue {
                try attempt(or: ()) { () throws(ContractError) in try compiler.adoptOpenAPISource(reference, in: file, at: source.location) }
            } else {
                try recover(.invalidContract(file: file, at: source.location, message: "'openapi' must be the path of the OpenAPI document the contract's $refs lead into, found \(source.rawText)"))
            }
        }
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
            guard let kind = DriftKind(rawValue: member.key) else { continue }  // reported by expectObject
            guard let text = member.value.stringValue, let severity = Severity(setting: text) else {
                try recover(.invalidContract(file: file, at: member.value.location, message: "drift.\(member.key) must be \"breaking\", \"warning\" or \"ignore\", found \(member.value.rawText)"))
                continue
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
        // The quick look first: most objects have no unknown key.
        guard node.firstMember(withKeyNotIn: allowed) != nil else { return }
        for member in node.memberSequence where !allowed.contains(member.key) {
            let suggestion = EditDistance.suggestion(for: member.key, among: allowed.sorted()).map { " (did you mean '\($0)'?)" } ?? ""
            let list = allowed.filter { !$0.hasPrefix("$") }.sorted().joined(separator: ", ")
            try recover(.invalidContract(file: file, at: member.keyLocation, message: "unknown key '\(member.key)' in \(what())\(suggestion); expected one of: \(list)"))
        }
    }

    func required(_ node: JSONNode, _ key: String) throws(ContractError) -> JSONNode {
        guard let value = node[key] else {
            // When collecting, a misspelling of the key is already reported as an unknown key
            // ("did you mean …?"): read on as if it were spelt right, to find what else is wrong,
            // rather than report the key missing as well.
            if collector != nil, let near = node.memberSequence.first(where: { EditDistance.suggestion(for: $0.key, among: [key]) == key }) {
                return near.value
            }
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
                try recover(.invalidContract(file: file, at: member.value.location, message: "'\(key).\(member.key)' must be a string, found \(member.value.kind)"))
                continue
            }
            result.append((member.key, text))
        }
        return result
    }

    /// `request.query`: like ``stringMap(_:_:)``, and a parameter sent several times is an
    /// array of its values, in order (`{"tag": ["a", "b"]}` sends `tag=a&tag=b`).
    func queryPairs(_ node: JSONNode, _ key: String) throws(ContractError) -> [(name: String, value: String)] {
        guard let map = node[key] else { return [] }
        guard map.kind == .object else {
            throw .invalidContract(file: file, at: map.location, message: "'\(key)' must be an object of strings (or arrays of strings), found \(map.kind)")
        }
        var result: [(name: String, value: String)] = []
        for member in map.memberSequence {
            let values = member.value.kind == .array ? Array(member.value.elements) : [member.value]
            if member.value.kind == .array, values.isEmpty {
                try recover(.invalidContract(file: file, at: member.value.location, message: "'\(key).\(member.key)' is an empty array; give its values, or leave the parameter out"))
            }
            for value in values {
                guard let text = value.stringValue ?? value.numberText ?? value.boolValue.map({ String($0) }) else {
                    try recover(.invalidContract(file: file, at: value.location, message: "'\(key).\(member.key)' must be a string or an array of strings, found \(value.kind)"))
                    continue
                }
                result.append((member.key, text))
            }
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
            // A broken rule spoils only itself.
            if let rule = try attempt(or: nil, { () throws(ContractError) in try headerRule(member) }) { rules.append(rule) }
        }
        return rules
    }

    /// One rule of `response.headers`: a string (the exact value) or an object with
    /// `pattern`, `equals` or `absent`.
    func headerRule(_ member: JSONMember) throws(ContractError) -> HeaderExpectation {
        let value = member.value
        if let exact = value.stringValue { return HeaderExpectation(name: member.key, rule: .equals(exact)) }
        try expectObject(value, "response.headers.\(member.key)", allowed: ContractLoader.headerRuleKeys)
        if let pattern = value["pattern"] {
            guard let text = pattern.stringValue, let regex = regexes.regex(text) else {
                throw .invalidContract(file: file, at: pattern.location, message: "'pattern' must be a valid regular expression")
            }
            return HeaderExpectation(name: member.key, rule: .pattern(regex))
        } else if let equals = value["equals"] {
            guard let text = equals.stringValue else {
                throw .invalidContract(file: file, at: equals.location, message: "'equals' must be a string")
            }
            return HeaderExpectation(name: member.key, rule: .equals(text))
        } else if value["absent"]?.boolValue == true {
            return HeaderExpectation(name: member.key, rule: .absent)
        }
        throw .invalidContract(file: file, at: value.location, message: "a header rule needs \"pattern\", \"equals\" or \"absent\": true")
    }
}
