/// Matching rules and generators, in V2's form (`"$.body.id": {"match": "type"}`) and in
/// V3/V4's (`"body": {"$.id": {"matchers": [...], "combine": "AND"}}`).
extension PactReader {
    /// The matching rules of a request or answer.
    mutating func matchingRules(_ node: JSONNode?, pointer: String) -> PactMatchingRules {
        var rules = PactMatchingRules()
        guard let node else { return rules }
        guard node.kind == .object else {
            warn(node, pointer, "expected an object of matching rules, found \(node.kind); no rules")
            return rules
        }
        let categories = ["body", "header", "headers", "query", "path", "status", "method"]
        if node.members.allSatisfy({ categories.contains($0.key) }) && !node.members.contains(where: { $0.key.hasPrefix("$") }) {
            for member in node.members {
                readCategory(member.key, member.value, pointer: JSONPointer.appending(member.key, to: pointer), into: &rules)
            }
        } else {
            readV2Rules(node, pointer: pointer, into: &rules)
        }
        return rules
    }

    /// One V3/V4 category.
    mutating func readCategory(_ category: String, _ node: JSONNode, pointer: String, into rules: inout PactMatchingRules) {
        // `path` (and sometimes `status`) hold one rule set; the others one per place.
        if node["matchers"] != nil {
            let set = ruleSet(node, pointer: pointer)
            switch category {
            case "path": rules.path = set
            case "status": rules.status = set
            default: warn(node, pointer, "a '\(category)' rule set needs a place (a path or a name); left out")
            }
            return
        }
        for member in node.members {
            let place = JSONPointer.appending(member.key, to: pointer)
            let set = ruleSet(member.value, pointer: place)
            switch category {
            case "body":
                guard let path = PactPath.parse(member.key) else {
                    warn(member.keyNode, place, "'\(member.key)' is not a path such as $.items[*].id; the rule is left out")
                    continue
                }
                rules.body.append((path, set))
            case "header", "headers": rules.header.append((Self.placeName(member.key), set))
            case "query": rules.query.append((Self.placeName(member.key), set))
            case "path": rules.path = set
            case "status": rules.status = set
            default: warn(member.keyNode, place, "matching rules on '\(category)' are not supported; left out")
            }
        }
    }

    /// A header or query name as a V3 file may write it: `$.X-Name` or `$['X-Name']` for `X-Name`.
    static func placeName(_ key: String) -> String {
        if key.hasPrefix("$"), let path = PactPath.parse(key), path.segments.count == 1, case .key(let name) = path.segments[0] { return name }
        return key
    }

    /// V2's flat rules, keyed `$.body...`, `$.headers.NAME`, `$.query.NAME`, `$.path`.
    mutating func readV2Rules(_ node: JSONNode, pointer: String, into rules: inout PactMatchingRules) {
        for member in node.members {
            let place = JSONPointer.appending(member.key, to: pointer)
            guard let path = PactPath.parse(member.key), case .key(let category)? = path.segments.first else {
                warn(member.keyNode, place, "'\(member.key)' is not a rule path such as $.body.id or $.headers.Accept; the rule is left out")
                continue
            }
            let set = PactRuleSet(matchers: matchers([member.value], pointer: place), location: member.value.location)
            let rest = Array(path.segments.dropFirst())
            switch (category, rest.first) {
            case ("body", _): rules.body.append((PactPath(segments: rest, text: PactPath.text(of: rest)), set))
            case ("headers", .key(let name)?), ("header", .key(let name)?): rules.header.append((name, set))
            case ("query", .key(let name)?): rules.query.append((name, set))
            case ("path", nil): rules.path = set
            case ("status", nil): rules.status = set
            default: warn(member.keyNode, place, "'\(member.key)' names no body, header, query or path; the rule is left out")
            }
        }
    }

    /// `{"matchers": [...], "combine": "AND"}`.
    mutating func ruleSet(_ node: JSONNode, pointer: String) -> PactRuleSet {
        var combine = PactRuleSet.Combine.and
        if let text = node["combine"]?.stringValue {
            if let value = PactRuleSet.Combine(rawValue: text.uppercased()) { combine = value } else {
                warn(node["combine"] ?? node, pointer + "/combine", "expected combine AND or OR, found '\(text)'; AND is used")
            }
        }
        guard let list = node["matchers"], list.kind == .array else {
            warn(node, pointer, "expected {\"matchers\": [...]}, found \(node.kind); no rule")
            return PactRuleSet(matchers: [], combine: combine, location: node.location)
        }
        return PactRuleSet(matchers: matchers(list.elements, pointer: pointer + "/matchers"), combine: combine, location: node.location)
    }

    /// Matchers from their objects; one that cannot be read is reported and left out.
    mutating func matchers(_ nodes: [JSONNode], pointer: String) -> [PactMatcher] {
        nodes.enumerated().compactMap { index, node in
            matcher(node, pointer: nodes.count == 1 && !pointer.hasSuffix("/matchers") ? pointer : pointer + "/\(index)")
        }
    }

    /// One matcher object.
    mutating func matcher(_ node: JSONNode, pointer: String) -> PactMatcher? {
        guard node.kind == .object else {
            warn(node, pointer, "expected a matcher object such as {\"match\": \"type\"}, found \(node.kind); left out")
            return nil
        }
        // V2 leaves out `match` for a regex or a minimum.
        let match = node["match"]?.stringValue ?? (node["regex"] != nil ? "regex" : node["min"] != nil || node["max"] != nil ? "type" : "")
        let min = node["min"]?.intValue, max = node["max"]?.intValue
        func text(_ key: String) -> String? { node[key]?.stringValue }
        switch match {
        case "type", "min", "max": return .type(min: min, max: max)
        case "regex":
            guard let regex = text("regex") else {
                warn(node, pointer, "a regex matcher without 'regex'; left out")
                return nil
            }
            return .regex(regex)
        case "integer": return .integer
        case "decimal", "real": return .decimal
        case "number": return .number
        case "boolean": return .boolean
        case "null": return .null
        case "equality": return .equality
        case "include": return .include(text("value") ?? "")
        case "date": return .date(format: text("format") ?? text("date"))
        case "time": return .time(format: text("format") ?? text("time"))
        case "timestamp", "datetime": return .timestamp(format: text("format") ?? text("timestamp") ?? text("datetime"))
        case "contentType", "content-type": return .contentType(text("value") ?? "")
        case "values": return .values
        case "eachKey": return .eachKey(matchers(node["rules"]?.elements ?? [], pointer: pointer + "/rules"))
        case "eachValue": return .eachValue(matchers(node["rules"]?.elements ?? [], pointer: pointer + "/rules"))
        case "arrayContains": return .arrayContains(variants(node["variants"], pointer: pointer + "/variants"))
        case "notEmpty": return .notEmpty
        case "semver": return .semver
        case "statusCode": return statusCode(node, pointer: pointer)
        default:
            warn(node, pointer, "unknown matcher '\(match)'; left out (known: type, regex, integer, decimal, number, boolean, null, equality, include, date, time, timestamp, contentType, values, eachKey, eachValue, arrayContains, notEmpty, semver, statusCode)")
            return .unknown(match)
        }
    }

    /// `arrayContains`' variants: the example's element index and the rules inside it.
    mutating func variants(_ node: JSONNode?, pointer: String) -> [PactMatcher.Variant] {
        (node?.elements ?? []).enumerated().map { index, variant in
            var rules: [(path: PactPath, rules: PactRuleSet)] = []
            for member in variant["rules"]?.members ?? [] {
                let place = pointer + "/\(index)/rules/" + JSONPointer.escape(member.key)
                guard let path = PactPath.parse(member.key) else {
                    warn(member.keyNode, place, "'\(member.key)' is not a path; the rule is left out")
                    continue
                }
                rules.append((path, ruleSet(member.value, pointer: place)))
            }
            return PactMatcher.Variant(index: variant["index"]?.intValue ?? index, rules: rules)
        }
    }

    /// `statusCode` with a class name or a list of codes.
    mutating func statusCode(_ matcher: JSONNode, pointer: String) -> PactMatcher? {
        guard let node = matcher["status"] else {
            warn(matcher, pointer, "a statusCode matcher without 'status'; left out")
            return nil
        }
        if let name = node.stringValue {
            guard let kind = PactMatcher.StatusClass(rawValue: name == "info" ? "information" : name) else {
                warn(node, pointer + "/status", "unknown status class '\(name)' (known: \(PactMatcher.StatusClass.allCases.map(\.rawValue).joined(separator: ", "))); left out")
                return nil
            }
            return .statusCode(classes: [kind], codes: [])
        }
        return .statusCode(classes: [], codes: node.elements.compactMap(\.intValue))
    }

    /// The generators of a request or answer (V3/V4 only).
    mutating func generators(_ node: JSONNode?, pointer: String) -> PactGenerators {
        var generators = PactGenerators()
        guard let node, node.kind == .object else { return generators }
        for category in node.members {
            let categoryPointer = JSONPointer.appending(category.key, to: pointer)
            if category.value["type"]?.kind == .string {
                // `path` and `status` hold one generator.
                let generator = self.generator(category.value)
                if category.key == "path" { generators.path = generator } else if category.key == "status" { generators.status = generator } else {
                    warn(category.value, categoryPointer, "a '\(category.key)' generator needs a place; left out")
                }
                continue
            }
            for member in category.value.members {
                let place = JSONPointer.appending(member.key, to: categoryPointer)
                guard let generator = generator(member.value) else {
                    warn(member.value, place, "expected a generator such as {\"type\": \"RandomInt\"}, found \(member.value.kind); left out")
                    continue
                }
                switch category.key {
                case "body":
                    guard let path = PactPath.parse(member.key) else {
                        warn(member.keyNode, place, "'\(member.key)' is not a path such as $.id; the generator is left out")
                        continue
                    }
                    generators.body.append((path, generator))
                case "header", "headers": generators.header.append((Self.placeName(member.key), generator))
                case "query": generators.query.append((Self.placeName(member.key), generator))
                default: warn(member.keyNode, place, "generators on '\(category.key)' are not supported; left out")
                }
            }
        }
        return generators
    }

    /// One generator object.
    func generator(_ node: JSONNode) -> PactGenerator? {
        guard let type = node["type"]?.stringValue, case .object(let members) = node.value else { return nil }
        return PactGenerator(type: type, attributes: members.filter { $0.key != "type" }, location: node.location)
    }
}
