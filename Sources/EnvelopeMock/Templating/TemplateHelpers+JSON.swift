import EnvelopeCore

extension TemplateHelpers {
    static let jsonHelpers: [String: Helper] = [
        "jsonPath": jsonPath,
        "parseJson": { args, evaluator in
            let text = args.block ?? args.param(0)?.rendered ?? ""
            let parsed: TemplateValue
            do throws(JSONError) {
                parsed = TemplateValue(json: try JSONDocument.parse(text).root.value)
            } catch {
                return TemplateHelpers.error("Unable to parse JSON: \(error.message)")
            }
            let variable = args.block != nil ? args.param(0)?.rendered : args.param(1)?.rendered
            guard let variable else { return parsed }
            evaluator.assigned[variable] = parsed
            return .string("")
        },
        "toJson": { args, _ in .string(JacksonWriter.write(args.input.jsonValue, pretty: true)) },
        "formatJson": { args, _ in
            let input = args.input
            let value: JSONValue
            if case .string(let text) = input {
                guard let parsed = try? JSONDocument.parse(text).root.value else { return TemplateHelpers.error("Input is not valid JSON") }
                value = parsed
            } else {
                value = input.jsonValue
            }
            return .string(JacksonWriter.write(value, pretty: args.string("format") != "compact"))
        },
    ]

    /// `{{jsonPath value '$.path'}}` over JSON text (the request body) or a value that came
    /// from JSON: one value for a path that names one place, a list for one with wildcards,
    /// filters, slices or descent; `default=` when nothing is there.
    static let jsonPath: Helper = { args, _ in
        guard let expression = args.param(1)?.rendered else { return error("A JSONPath expression is required") }
        let path: JSONPath
        do throws(JSONPath.SyntaxError) {
            path = try TemplateCache.shared.jsonPath(expression)
        } catch {
            return TemplateHelpers.error("\(expression) is not a valid JSONPath expression: \(error.description)")
        }
        let input = args.param(0) ?? .null
        var text: String? = nil
        if case .string(let string) = input { text = string }
        if case .multi(let items) = input, items.count == 1 { text = items[0] }
        let root: JSONValue
        if let text {
            guard let document = try? JSONDocument.parse(text) else {
                return args.hash["default"] ?? TemplateHelpers.error("The JSON is invalid")
            }
            guard path.isDefinite else { return .json(.array(path.select(in: document.root.value))) }
            // A definite path walks the parsed text: only the value it names becomes a tree.
            guard let node = path.walk(document.root) else { return args.hash["default"] ?? .string("") }
            return definiteValue(node.value)
        } else if input.isNull {
            return args.hash["default"] ?? .string("")
        } else {
            root = input.jsonValue
        }
        let selected = path.select(in: root)
        guard path.isDefinite else { return .json(.array(selected)) }
        guard let value = selected.first else { return args.hash["default"] ?? .string("") }
        return definiteValue(value)
    }

    /// What a definite path's value renders as: containers as JSON, numbers as Jayway reads them.
    private static func definiteValue(_ value: JSONValue) -> TemplateValue {
        switch value {
        case .object, .array: return .json(value)
        case .number(let text):
            if let integer = Int(text) { return .int(integer) }
            return Double(text).map(TemplateValue.double) ?? .number(text)
        default: return TemplateValue(json: value)
        }
    }
}

extension JSONPath {
    /// The one place a definite path names in `root`, read from the parsed text; nil when
    /// nothing is there.
    func walk(_ root: JSONNode) -> JSONNode? {
        var node = root
        for step in steps {
            switch step {
            case .child(let name):
                guard let next = node[name] else { return nil }
                node = next
            case .indices(let list):
                guard list.count == 1, node.kind == .array else { return nil }
                let elements = node.elements
                let position = list[0] < 0 ? elements.count + list[0] : list[0]
                guard elements.indices.contains(position) else { return nil }
                node = elements[position]
            default:
                return nil
            }
        }
        return node
    }

    /// Whether the path names at most one place (no wildcard, filter, slice, list or descent),
    /// as Jayway's definite paths, which give a value rather than a list.
    var isDefinite: Bool {
        steps.allSatisfy { step in
            switch step {
            case .child: true
            case .indices(let list): list.count == 1
            default: false
            }
        }
    }
}
