import EnvelopeCore

/// Renders a compiled template against a request's model. One evaluator renders one answer
/// (its `assign`ed variables live as long as it does).
struct TemplateEvaluator {
    let environment: TemplateEnvironment
    /// Variables set by `assign` (and `val ... assign=`), visible in the rest of the answer.
    var assigned: [String: TemplateValue] = [:]
    /// The contexts from the root down (`#each` and `#with` push one).
    private var contexts: [TemplateValue]
    /// `@index`, `@key`, `@first`, `@last` of the innermost `#each`.
    private var data: [String: TemplateValue] = [:]

    init(root: TemplateValue, environment: TemplateEnvironment) {
        self.environment = environment
        contexts = [root]
    }

    mutating func render(_ nodes: [TemplateNode]) -> String {
        var out = ""
        render(nodes, into: &out)
        return out
    }

    mutating func render(_ nodes: [TemplateNode], into out: inout String) {
        for node in nodes {
            switch node {
            case .text(let text):
                out += text
            case .output(let expression, let escaped):
                let text = evaluate(expression).rendered
                if escaped { Self.escapeHTML(text, into: &out) } else { out += text }
            case .block(let block):
                renderBlock(block, into: &out)
            }
        }
    }

    /// Handlebars.java's escaping (WireMock's): `& < > " ' \` =`.
    static func escapeHTML(_ text: String, into out: inout String) {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 || $0 == 0x60 || $0 == 0x3D }) else {
            out += text
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#x27;"
            case "`": out += "&#x60;"
            case "=": out += "&#x3D;"
            default: out.unicodeScalars.append(scalar)
            }
        }
    }

    // MARK: Blocks

    private mutating func renderBlock(_ block: TemplateBlock, into out: inout String) {
        let call = block.call
        switch call.name {
        case "if", "unless":
            var truthy = call.params.first.map { evaluate($0).isTruthy } ?? false
            if call.hashValue("includeZero").map({ evaluate($0).isTruthy }) == true, let first = call.params.first,
               let number = evaluate(first).doubleValue, number == 0 {
                truthy = true
            }
            render(truthy != (call.name == "unless") ? block.body : block.inverse, into: &out)
        case "each":
            renderEach(block, into: &out)
        case "with":
            let value = call.params.first.map { evaluate($0) } ?? .null
            guard value.isTruthy else { render(block.inverse, into: &out); return }
            contexts.append(value)
            render(block.body, into: &out)
            contexts.removeLast()
        default:
            if TemplateHelpers.isCondition(call.name) {
                render(callHelper(call, block: nil).isTruthy ? block.body : block.inverse, into: &out)
                return
            }
            let inner = render(block.body)
            out += callHelper(call, block: inner).rendered
        }
    }

    private mutating func renderEach(_ block: TemplateBlock, into out: inout String) {
        let value = block.call.params.first.map { evaluate($0) } ?? .null
        var items: [(key: String?, value: TemplateValue)] = []
        if let elements = value.elements {
            items = elements.map { (nil, $0) }
        } else if case .map(let map) = value {
            items = map.entries.map { ($0.key, $0.value) }
        } else if case .request(let source) = value {
            items = TemplateRequestModel.map(of: source).entries.map { ($0.key, $0.value) }
        } else if case .json(.object(let members)) = value {
            items = members.map { ($0.key, TemplateValue(jsonChild: $0.value)) }
        }
        guard !items.isEmpty else { render(block.inverse, into: &out); return }
        let savedData = data
        for (position, item) in items.enumerated() {
            // Handlebars.java's values: "first"/"last" or "" (truthy as booleans would be).
            data = ["index": .int(position), "first": .string(position == 0 ? "first" : ""),
                    "last": .string(position == items.count - 1 ? "last" : "")]
            if let key = item.key { data["key"] = .string(key) } else { data["key"] = .int(position) }
            contexts.append(item.value)
            render(block.body, into: &out)
            contexts.removeLast()
        }
        data = savedData
    }

    // MARK: Expressions

    mutating func evaluate(_ expression: TemplateExpression) -> TemplateValue {
        switch expression {
        case .literal(let value): return value
        case .path(let path): return resolve(path)
        case .call(let call): return callHelper(call, block: nil)
        }
    }

    private mutating func callHelper(_ call: TemplateCall, block: String?) -> TemplateValue {
        var params: [TemplateValue] = []
        params.reserveCapacity(call.params.count)
        for param in call.params { params.append(evaluate(param)) }
        var hash: [String: TemplateValue] = [:]
        for (key, value) in call.hash { hash[key] = evaluate(value) }
        let arguments = TemplateHelperArguments(params: params, hash: hash, block: block)
        return TemplateHelpers.call(call.name, arguments, &self)
    }

    /// A path's value: from the named context, else (as Handlebars.java does) from the
    /// enclosing ones, else an `assign`ed variable; null when nothing has it.
    func resolve(_ path: TemplatePath) -> TemplateValue {
        if path.isData {
            guard let first = path.segments.first, var value = data[first] else { return .null }
            for segment in path.segments.dropFirst() { value = value.child(segment) ?? .null }
            return value
        }
        let depth = contexts.count - 1 - path.parents
        guard depth >= 0 else { return .null }
        guard let first = path.segments.first else { return contexts[depth] }
        var start: TemplateValue? = contexts[depth].child(first)
        if start == nil, !path.isExplicitContext {
            if let variable = assigned[first] {
                start = variable
            } else {
                var level = depth - 1
                while start == nil, level >= 0 {
                    start = contexts[level].child(first)
                    level -= 1
                }
            }
        }
        guard var value = start else { return .null }
        for segment in path.segments.dropFirst() {
            guard let next = value.child(segment) else { return .null }
            value = next
        }
        return value
    }
}

/// What a helper receives: its evaluated arguments, and the rendered body when it is
/// called as a block (`{{#trim}}...{{/trim}}`).
struct TemplateHelperArguments {
    var params: [TemplateValue]
    var hash: [String: TemplateValue]
    var block: String?

    /// The value the helper works on: the first argument, or the block's body.
    var input: TemplateValue {
        if let block { return .string(block) }
        return params.first ?? .null
    }

    func param(_ index: Int) -> TemplateValue? {
        params.indices.contains(index) ? params[index] : nil
    }

    func string(_ key: String) -> String? {
        hash[key].map(\.rendered)
    }
}
