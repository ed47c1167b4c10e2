/// Validates a parsed document against a compiled schema and collects every violation.
///
/// Unlike a validator that answers "invalid" at the first failure, it keeps going (as
/// ResilientDecoding keeps decoding past a bad element) so a report can show all the drift at
/// once. It also records what drift needs beyond validity: keys the contract never declared,
/// optional properties and how often they appeared, and how many elements each array had.
public struct SchemaValidator: Sendable {
    /// The compiled schemas.
    public let schema: CompiledSchema

    /// Creates a validator for `schema`.
    public init(schema: CompiledSchema) {
        self.schema = schema
    }

    /// Validates `document` against the schema at index `root`.
    public func validate(_ document: JSONDocument, against root: Int) -> ValidationOutcome {
        var run = ValidationRun(schema: schema, document: document)
        let valid = run.validate(instance: 0, node: root)
        run.finishPropertyTallies()
        return ValidationOutcome(isValid: valid, violations: run.violations, arrayTotals: run.arrayTotals)
    }
}

/// Everything one validation found.
public struct ValidationOutcome: Sendable {
    /// Whether the document satisfies the schema in the JSON Schema sense.
    public var isValid: Bool
    /// Every violation and warning, in document order of discovery.
    public var violations: [Violation]
    /// For each array, by wildcard pointer of its elements (`/result/list/*`), how many
    /// elements were validated in all.
    public var arrayTotals: [String: Int]
}

/// The mutable state of one validation.
struct ValidationRun {
    let schema: CompiledSchema
    let document: JSONDocument
    var violations: [Violation] = []
    var arrayTotals: [String: Int] = [:]
    /// The instance path of the value being validated.
    var path: [PathComponent] = []
    /// Depth of speculative validation (inside anyOf/oneOf/not branches): no warnings and
    /// no tallies are recorded there, since a branch that loses says nothing about the data.
    var speculative = 0
    /// The resources entered, outermost first, for `$dynamicRef`.
    var dynamicScope: [Int] = []
    /// Per optional property (wildcard pointer): objects seen, times present, first object.
    var propertyTallies: [String: (objects: Int, present: Int, offset: Int, path: [PathComponent])] = [:]
    var tallyOrder: [String] = []
    /// Keys declared for the object being validated, by tape index of the object; a key no
    /// schema applied to the object declares is an unknown key.
    var declarations: [Int: Declaration] = [:]
    var depth = 0

    struct Declaration {
        var described = false
        var names: Set<String> = []
        var patterns: [SchemaRegex] = []
        var coversAll = false
    }

    init(schema: CompiledSchema, document: JSONDocument) {
        self.schema = schema
        self.document = document
    }

    // MARK: - Instances

    func node(_ index: Int) -> JSONNode { JSONNode(document: document, index: index) }

    mutating func record(_ kind: DriftKind, keyword: String, expected: String, actual: String, at instance: Int, extraPath: PathComponent? = nil, failure: Bool = true) {
        if !failure && speculative > 0 { return }
        var where_ = path
        if let extraPath { where_.append(extraPath) }
        violations.append(Violation(kind: kind, path: where_, keyword: keyword, expected: expected, actual: actual,
                                    offset: node(instance).offset, isFailure: failure))
    }

    // MARK: - Validation

    /// Validates the value at tape index `instance` against schema `index`; returns validity.
    mutating func validate(instance: Int, node index: Int) -> Bool {
        evaluate(instance, index, collect: false).valid
    }

    /// Validates, and with `collect` also returns which properties or items the schema
    /// evaluated (for `unevaluatedProperties`/`unevaluatedItems` of an enclosing schema).
    /// Annotations of a failed schema are dropped, as JSON Schema requires.
    mutating func evaluate(_ instance: Int, _ index: Int, collect: Bool) -> (valid: Bool, evaluated: Evaluated?) {
        let schemaNode = schema.nodes[index]
        if let boolean = schemaNode.booleanValue {
            if !boolean {
                record(.constraintViolation, keyword: "false", expected: "nothing (the schema is false)", actual: excerpt(instance), at: instance)
            }
            return (boolean, boolean && collect ? Evaluated() : nil)
        }
        // Recursion is bounded by the document's depth times the schema's $ref chains; this
        // guard keeps a pathological pair from exhausting the stack.
        depth += 1
        defer { depth -= 1 }
        guard depth < 2_000 else {
            record(.constraintViolation, keyword: "$ref", expected: "a schema that terminates", actual: "recursion deeper than 2000", at: instance)
            return (false, nil)
        }
        let enteredResource = dynamicScope.last != schemaNode.resource
        if enteredResource { dynamicScope.append(schemaNode.resource) }
        defer { if enteredResource { dynamicScope.removeLast() } }

        let value = node(instance)
        var valid = true

        if let types = schemaNode.types, !types.admits(value) {
            let kind: DriftKind = value.kind == .null ? .unexpectedNull : .typeMismatch
            record(kind, keyword: "type", expected: types.description, actual: excerpt(instance), at: instance)
            // The other keywords would only repeat the same complaint in other words.
            return (false, nil)
        }
        let needsAnnotations = collect
            || (value.kind == .object && schemaNode.unevaluatedProperties != nil)
            || (value.kind == .array && schemaNode.unevaluatedItems != nil)
        var evaluated: Evaluated? = needsAnnotations ? Evaluated() : nil

        if let values = schemaNode.enumValues, !values.contains(where: { value.isEqual(to: $0) }) {
            valid = false
            let list = values.prefix(8).map { $0.serialized() }.joined(separator: ", ") + (values.count > 8 ? ", …" : "")
            record(.enumViolation, keyword: "enum", expected: "one of \(list)", actual: excerpt(instance), at: instance)
        }
        if let constant = schemaNode.constValue, !value.isEqual(to: constant) {
            valid = false
            record(.enumViolation, keyword: "const", expected: constant.serialized(), actual: excerpt(instance), at: instance)
        }
        switch value.kind {
        case .object: if !validateObject(instance, schemaNode, index, &evaluated) { valid = false }
        case .array: if !validateArray(instance, schemaNode, &evaluated) { valid = false }
        case .string: if !validateString(instance, schemaNode) { valid = false }
        case .number: if !validateNumber(instance, schemaNode) { valid = false }
        default: break
        }
        if let ref = schemaNode.ref {
            let result = evaluate(instance, ref, collect: needsAnnotations)
            if result.valid { evaluated?.merge(result.evaluated) } else { valid = false }
        }
        if let dynamic = schemaNode.dynamicRef {
            let result = evaluate(instance, resolve(dynamic), collect: needsAnnotations)
            if result.valid { evaluated?.merge(result.evaluated) } else { valid = false }
        }
        if !validateCombinators(instance, schemaNode, &evaluated) { valid = false }
        if value.kind == .object, let unevaluated = schemaNode.unevaluatedProperties {
            if !validateUnevaluatedProperties(instance, unevaluated, &evaluated) { valid = false }
        }
        if value.kind == .array, let unevaluated = schemaNode.unevaluatedItems {
            if !validateUnevaluatedItems(instance, unevaluated, &evaluated) { valid = false }
        }
        return (valid, valid ? evaluated : nil)
    }

    mutating func resolve(_ reference: DynamicReference) -> Int {
        guard reference.isDynamic else { return reference.fallback }
        for resource in dynamicScope {
            if let target = schema.resources[resource].dynamicAnchors[reference.anchor] { return target }
        }
        return reference.fallback
    }

    // MARK: Objects

    mutating func validateObject(_ instance: Int, _ schemaNode: SchemaNode, _ index: Int, _ evaluated: inout Evaluated?) -> Bool {
        var valid = true
        let object = node(instance)
        let members = object.members
        let isOutermost = declarations[instance] == nil
        if isOutermost { declarations[instance] = Declaration() }
        let describes = !schemaNode.properties.isEmpty || !schemaNode.patternProperties.isEmpty
            || schemaNode.additionalProperties != nil || schemaNode.unevaluatedProperties != nil
        if describes {
            declarations[instance]?.described = true
            for property in schemaNode.properties { declarations[instance]?.names.insert(property.name) }
            for pattern in schemaNode.patternProperties { declarations[instance]?.patterns.append(pattern.pattern) }
            for covering in [schemaNode.additionalProperties, schemaNode.unevaluatedProperties].compactMap({ $0 })
            where schema.nodes[covering].booleanValue != false {
                declarations[instance]?.coversAll = true
            }
        }

        for name in schemaNode.required where !members.contains(where: { $0.key.utf8.elementsEqual(name.utf8) }) {
            valid = false
            let expected = schemaNode.properties.first(where: { $0.name == name }).map { describe(schema: $0.schema) } ?? "a value"
            record(.missingKey, keyword: "required", expected: "\(expected) (required)", actual: "absent", at: instance, extraPath: .key(name))
        }
        for dependency in schemaNode.dependentRequired where members.contains(where: { $0.key == dependency.name }) {
            for name in dependency.required where !members.contains(where: { $0.key == name }) {
                valid = false
                record(.missingKey, keyword: "dependentRequired", expected: "a value (required with '\(dependency.name)')", actual: "absent", at: instance, extraPath: .key(name))
            }
        }
        if let minimum = schemaNode.minProperties, members.count < minimum {
            valid = false
            record(.constraintViolation, keyword: "minProperties", expected: "at least \(minimum) properties", actual: "\(members.count)", at: instance)
        }
        if let maximum = schemaNode.maxProperties, members.count > maximum {
            valid = false
            record(.constraintViolation, keyword: "maxProperties", expected: "at most \(maximum) properties", actual: "\(members.count)", at: instance)
        }

        // Tally optional properties, for optional-never-present.
        if speculative == 0 {
            for property in schemaNode.properties where !schemaNode.required.contains(property.name) {
                path.append(.key(property.name))
                let key = path.wildcardPointer
                let present = members.contains { $0.key == property.name }
                if var tally = propertyTallies[key] {
                    tally.objects += 1
                    if present { tally.present += 1 }
                    propertyTallies[key] = tally
                } else {
                    propertyTallies[key] = (1, present ? 1 : 0, object.offset, path)
                    tallyOrder.append(key)
                }
                path.removeLast()
            }
        }

        for member in members {
            var matched = false
            path.append(.key(member.key))
            defer { path.removeLast() }
            if let property = lookup(member.key, in: schemaNode.properties) {
                matched = true
                evaluated?.properties.insert(member.key)
                if !validate(instance: member.value.index, node: property) { valid = false }
            }
            for pattern in schemaNode.patternProperties where pattern.pattern.matches(member.key) {
                matched = true
                evaluated?.properties.insert(member.key)
                if !validate(instance: member.value.index, node: pattern.schema) { valid = false }
            }
            if !matched, let additional = schemaNode.additionalProperties {
                evaluated?.properties.insert(member.key)
                if schema.nodes[additional].booleanValue == false {
                    valid = false
                    record(.unknownKey, keyword: "additionalProperties", expected: "no other keys (additionalProperties is false)", actual: excerpt(member.value.index), at: member.value.index)
                } else if !validate(instance: member.value.index, node: additional) {
                    valid = false
                }
            }
            if let names = schemaNode.propertyNames {
                speculative += 1
                let saved = violations.count
                let ok = validateKey(member.key, against: names)
                violations.removeSubrange(saved...)
                speculative -= 1
                if !ok {
                    valid = false
                    record(.constraintViolation, keyword: "propertyNames", expected: "a key that matches \(describe(schema: names))", actual: VALUE.quoted(member.key), at: member.keyNode.index)
                }
            }
        }
        for dependency in schemaNode.dependentSchemas where members.contains(where: { $0.key == dependency.name }) {
            let result = evaluate(instance, dependency.schema, collect: evaluated != nil)
            if result.valid { evaluated?.merge(result.evaluated) } else { valid = false }
        }

        if isOutermost {
            let declared = declarations.removeValue(forKey: instance) ?? Declaration()
            if declared.described && !declared.coversAll && speculative == 0 {
                for member in members where !declared.names.contains(member.key) && !declared.patterns.contains(where: { $0.matches(member.key) }) {
                    // Keys that additionalProperties: false already rejected are reported once.
                    if schemaNode.additionalProperties.map({ schema.nodes[$0].booleanValue == false }) == true { continue }
                    if schemaNode.unevaluatedProperties.map({ schema.nodes[$0].booleanValue == false }) == true { continue }
                    record(.unknownKey, keyword: "properties", expected: "no such key (the contract does not declare it)", actual: excerpt(member.value.index), at: member.value.index, extraPath: .key(member.key), failure: false)
                }
            }
        }
        return valid
    }

    mutating func validateUnevaluatedProperties(_ instance: Int, _ unevaluated: Int, _ evaluated: inout Evaluated?) -> Bool {
        var valid = true
        let known = evaluated ?? Evaluated()
        for member in node(instance).members where !known.allProperties && !known.properties.contains(member.key) {
            path.append(.key(member.key))
            if schema.nodes[unevaluated].booleanValue == false {
                valid = false
                record(.unknownKey, keyword: "unevaluatedProperties", expected: "no other keys (unevaluatedProperties is false)", actual: excerpt(member.value.index), at: member.value.index)
            } else if !validate(instance: member.value.index, node: unevaluated) {
                valid = false
            }
            path.removeLast()
        }
        evaluated?.allProperties = true
        return valid
    }

    /// Validates an object key (a string that is not on the tape as a value of its own) by
    /// wrapping it in a one-string document.
    mutating func validateKey(_ key: String, against index: Int) -> Bool {
        guard let document = try? JSONDocument.parse(VALUE.quoted(key)) else { return false }
        var inner = ValidationRun(schema: schema, document: document)
        inner.speculative = 1
        inner.dynamicScope = dynamicScope
        return inner.validate(instance: 0, node: index)
    }

    func lookup(_ key: String, in properties: [(name: String, schema: Int)]) -> Int? {
        var low = 0
        var high = properties.count
        while low < high {
            let middle = (low + high) / 2
            let name = properties[middle].name
            if name.utf8.elementsEqual(key.utf8) { return properties[middle].schema }
            if name.utf8.lexicographicallyPrecedes(key.utf8) { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    // MARK: Arrays

    mutating func validateArray(_ instance: Int, _ schemaNode: SchemaNode, _ evaluated: inout Evaluated?) -> Bool {
        var valid = true
        let array = node(instance)
        let count = array.count
        if let minimum = schemaNode.minItems, count < minimum {
            valid = false
            record(.constraintViolation, keyword: "minItems", expected: "at least \(minimum) items", actual: "\(count) items", at: instance)
        }
        if let maximum = schemaNode.maxItems, count > maximum {
            valid = false
            record(.constraintViolation, keyword: "maxItems", expected: "at most \(maximum) items", actual: "\(count) items", at: instance)
        }
        if schemaNode.prefixItems.isEmpty && schemaNode.items == nil && !schemaNode.uniqueItems && schemaNode.contains == nil {
            return valid
        }
        let elements = array.elements
        if speculative == 0, schemaNode.items != nil || !schemaNode.prefixItems.isEmpty {
            path.append(.index(0))
            arrayTotals[path.wildcardPointer, default: 0] += count
            path.removeLast()
        }
        for (position, element) in elements.enumerated() {
            let itemSchema = position < schemaNode.prefixItems.count ? schemaNode.prefixItems[position] : schemaNode.items
            guard let itemSchema else { continue }
            path.append(.index(position))
            if !validate(instance: element.index, node: itemSchema) { valid = false }
            path.removeLast()
        }
        if schemaNode.items != nil {
            evaluated?.allItems = true
        } else if !schemaNode.prefixItems.isEmpty {
            evaluated?.items.formUnion(0..<min(count, schemaNode.prefixItems.count))
        }
        if let contains = schemaNode.contains {
            var matching: [Int] = []
            for (position, element) in elements.enumerated() {
                path.append(.index(position))
                if trial(element.index, contains, collect: false).valid { matching.append(position) }
                path.removeLast()
            }
            evaluated?.items.formUnion(matching)
            let minimum = schemaNode.minContains ?? 1
            if matching.count < minimum {
                valid = false
                record(.constraintViolation, keyword: schemaNode.minContains == nil ? "contains" : "minContains",
                       expected: "at least \(minimum) item\(minimum == 1 ? "" : "s") matching \(describe(schema: contains))", actual: "\(matching.count) matching", at: instance)
            }
            if let maximum = schemaNode.maxContains, matching.count > maximum {
                valid = false
                record(.constraintViolation, keyword: "maxContains", expected: "at most \(maximum) items matching \(describe(schema: contains))", actual: "\(matching.count) matching", at: instance)
            }
        }
        if schemaNode.uniqueItems {
            var seen: [JSONValue: Int] = [:]
            for (position, element) in elements.enumerated() {
                let key = element.value.normalizedForEquality
                if let first = seen[key] {
                    valid = false
                    record(.constraintViolation, keyword: "uniqueItems", expected: "unique items", actual: "item \(position) equals item \(first)", at: element.index)
                    break
                }
                seen[key] = position
            }
        }
        return valid
    }

    mutating func validateUnevaluatedItems(_ instance: Int, _ unevaluated: Int, _ evaluated: inout Evaluated?) -> Bool {
        var valid = true
        let known = evaluated ?? Evaluated()
        guard !known.allItems else { return true }
        for (position, element) in node(instance).elements.enumerated() where !known.items.contains(position) {
            path.append(.index(position))
            if !validate(instance: element.index, node: unevaluated) { valid = false }
            path.removeLast()
        }
        evaluated?.allItems = true
        return valid
    }

    // MARK: Scalars

    mutating func validateString(_ instance: Int, _ schemaNode: SchemaNode) -> Bool {
        guard schemaNode.minLength != nil || schemaNode.maxLength != nil || schemaNode.pattern != nil else { return true }
        var valid = true
        let text = node(instance).stringValue ?? ""
        let length = text.unicodeScalars.count
        if let minimum = schemaNode.minLength, length < minimum {
            valid = false
            record(.constraintViolation, keyword: "minLength", expected: "at least \(minimum) characters", actual: "\(length) characters", at: instance)
        }
        if let maximum = schemaNode.maxLength, length > maximum {
            valid = false
            record(.constraintViolation, keyword: "maxLength", expected: "at most \(maximum) characters", actual: "\(length) characters", at: instance)
        }
        if let pattern = schemaNode.pattern, !pattern.matches(text) {
            valid = false
            record(.constraintViolation, keyword: "pattern", expected: "a string matching /\(pattern.source)/", actual: excerpt(instance), at: instance)
        }
        return valid
    }

    mutating func validateNumber(_ instance: Int, _ schemaNode: SchemaNode) -> Bool {
        guard let number = node(instance).doubleValue else { return true }
        var valid = true
        func check(_ failed: Bool, _ keyword: String, _ expected: String) {
            guard failed else { return }
            valid = false
            record(.constraintViolation, keyword: keyword, expected: expected, actual: excerpt(instance), at: instance)
        }
        if let limit = schemaNode.minimum { check(number < limit, "minimum", "at least \(format(limit))") }
        if let limit = schemaNode.maximum { check(number > limit, "maximum", "at most \(format(limit))") }
        if let limit = schemaNode.exclusiveMinimum { check(number <= limit, "exclusiveMinimum", "more than \(format(limit))") }
        if let limit = schemaNode.exclusiveMaximum { check(number >= limit, "exclusiveMaximum", "less than \(format(limit))") }
        if let divisor = schemaNode.multipleOf {
            let quotient = number / divisor
            let isMultiple = quotient.isFinite ? abs(quotient - quotient.rounded()) < 1e-9 * max(1, abs(quotient)) : false
            check(!isMultiple, "multipleOf", "a multiple of \(format(divisor))")
        }
        return valid
    }

    func format(_ number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }

    // MARK: Combinators

    mutating func validateCombinators(_ instance: Int, _ schemaNode: SchemaNode, _ evaluated: inout Evaluated?) -> Bool {
        var valid = true
        let collect = evaluated != nil
        for branch in schemaNode.allOf {
            let result = evaluate(instance, branch, collect: collect)
            if result.valid { evaluated?.merge(result.evaluated) } else { valid = false }
        }
        if !schemaNode.anyOf.isEmpty {
            // Every branch runs, even after one passes: each passing branch's annotations count.
            let trials = schemaNode.anyOf.map { trial(instance, $0, collect: collect) }
            if trials.contains(where: \.valid) {
                for result in trials where result.valid { evaluated?.merge(result.evaluated) }
            } else {
                valid = false
                adoptClosest(trials, keyword: "anyOf", instance: instance)
            }
        }
        if !schemaNode.oneOf.isEmpty {
            let trials = schemaNode.oneOf.map { trial(instance, $0, collect: collect) }
            let passing = trials.indices.filter { trials[$0].valid }
            if passing.isEmpty {
                valid = false
                adoptClosest(trials, keyword: "oneOf", instance: instance)
            } else if passing.count > 1 {
                valid = false
                record(.constraintViolation, keyword: "oneOf", expected: "exactly one of \(trials.count) schemas to match",
                       actual: "matched \(passing.count): " + passing.map { "#\($0)" }.joined(separator: ", "), at: instance)
            } else {
                evaluated?.merge(trials[passing[0]].evaluated)
            }
        }
        if let negated = schemaNode.not, trial(instance, negated, collect: false).valid {
            valid = false
            record(.constraintViolation, keyword: "not", expected: "a value that does not match \(describe(schema: negated))", actual: excerpt(instance), at: instance)
        }
        if let condition = schemaNode.ifSchema {
            let test = trial(instance, condition, collect: collect)
            if test.valid {
                evaluated?.merge(test.evaluated)
                if let then = schemaNode.thenSchema {
                    let result = evaluate(instance, then, collect: collect)
                    if result.valid { evaluated?.merge(result.evaluated) } else { valid = false }
                }
            } else if let otherwise = schemaNode.elseSchema {
                let result = evaluate(instance, otherwise, collect: collect)
                if result.valid { evaluated?.merge(result.evaluated) } else { valid = false }
            }
        }
        return valid
    }

    /// Validates a branch without committing its findings.
    mutating func trial(_ instance: Int, _ index: Int, collect: Bool) -> Trial {
        speculative += 1
        let saved = violations.count
        let result = evaluate(instance, index, collect: collect)
        let found = Array(violations[saved...])
        violations.removeSubrange(saved...)
        speculative -= 1
        return Trial(valid: result.valid, violations: found, evaluated: result.evaluated)
    }

    /// Reports the findings of the branch that came closest, so the report says what drifted
    /// rather than "matched none".
    mutating func adoptClosest(_ trials: [Trial], keyword: String, instance: Int) {
        // A branch that fails on `type` at this very value describes another kind of value
        // altogether; among the rest, the fewest findings is the closest.
        func score(_ trial: Trial) -> (Int, Int) {
            let wrongKind = trial.violations.contains { $0.keyword == "type" && $0.path == path }
            return (wrongKind ? 1 : 0, trial.violations.count)
        }
        guard let best = trials.indices.min(by: { score(trials[$0]) < score(trials[$1]) }) else { return }
        if trials[best].violations.isEmpty {
            record(.constraintViolation, keyword: keyword, expected: "a value matching one of \(trials.count) schemas", actual: excerpt(instance), at: instance)
        } else {
            violations.append(contentsOf: trials[best].violations.filter(\.isFailure))
        }
    }

    // MARK: - Finishing

    mutating func finishPropertyTallies() {
        for key in tallyOrder {
            guard let tally = propertyTallies[key], tally.present == 0 else { continue }
            let where_ = tally.path
            violations.append(Violation(kind: .optionalNeverPresent, path: where_, keyword: "properties",
                                        expected: "an optional key, present at least sometimes",
                                        actual: tally.objects == 1 ? "absent" : "absent in all \(tally.objects)",
                                        offset: tally.offset, isFailure: false))
        }
    }

    // MARK: - Words

    /// A short excerpt of a value for a report: scalars as written (cut at 40 characters),
    /// containers by kind and size.
    func excerpt(_ instance: Int) -> String {
        let value = node(instance)
        switch value.kind {
        case .object: return value.count == 0 ? "{}" : "object (\(value.count) keys)"
        case .array: return value.count == 0 ? "[]" : "array (\(value.count) items)"
        default:
            let text = value.rawText
            guard text.count > 40 else { return text }
            return String(text.prefix(39)) + "…"
        }
    }

    /// Describes what a schema expects, briefly: its type, or its $ref.
    func describe(schema index: Int) -> String {
        var current = index
        var seen: Set<Int> = []
        while seen.insert(current).inserted {
            let node = schema.nodes[current]
            if let types = node.types { return types.description }
            if let constant = node.constValue { return constant.serialized() }
            if let values = node.enumValues { return "one of " + values.prefix(5).map { $0.serialized() }.joined(separator: ", ") }
            guard let next = node.ref ?? node.dynamicRef?.fallback else { break }
            current = next
        }
        return "a value"
    }
}

/// The outcome of a speculative branch.
struct Trial {
    var valid: Bool
    var violations: [Violation]
    var evaluated: Evaluated?
}

/// Which properties and items of one instance some schema has evaluated (JSON Schema's
/// annotations, as `unevaluatedProperties` and `unevaluatedItems` need them).
struct Evaluated {
    var allProperties = false
    var properties: Set<String> = []
    var allItems = false
    var items: Set<Int> = []

    mutating func merge(_ other: Evaluated?) {
        guard let other else { return }
        allProperties = allProperties || other.allProperties
        properties.formUnion(other.properties)
        allItems = allItems || other.allItems
        items.formUnion(other.items)
    }
}

/// Short name for string quoting helpers.
private typealias VALUE = JSONValue
