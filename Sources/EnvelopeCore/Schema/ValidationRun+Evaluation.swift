extension ValidationRun {
    /// Validates the value at tape index `instance` against schema `index`.
    @inline(__always)
    mutating func validate(_ instance: Int, _ index: Int) -> Bool {
        admitsByTypeAlone(instance, index) || evaluate(instance, index, collect: false).valid
    }

    /// Validates the value of member `key` of an object against schema `index`, with the
    /// member on the path only while something may be recorded: most members are settled by
    /// their bare type, with no call and no path step.
    @inline(__always)
    mutating func validateMember(_ key: Int, against index: Int) -> Bool {
        if admitsByTypeAlone(key + 1, index) { return true }
        steps.append(.member(key))
        defer { steps.removeLast() }
        return evaluate(key + 1, index, collect: false).valid
    }

    /// Whether schema `index` is a bare type (see ``HotFlags``) that the value at `instance`
    /// has; false says nothing either way.
    @inline(__always)
    func admitsByTypeAlone(_ instance: Int, _ index: Int) -> Bool {
        let hot = hotFlags[index]
        guard hot & HotFlags.typeOnlyLeaf != 0 else { return false }
        if hot & HotFlags.hasTypes == 0 { return true }
        let kind = tape[instance].kind
        return SchemaTypeSet(rawValue: UInt8(truncatingIfNeeded: hot)).admits(kind: kind, isInteger: kind == .number && isInteger(instance))
    }

    /// Validates, and with `collect` also returns which properties or items the schema
    /// evaluated (for `unevaluatedProperties`/`unevaluatedItems` of an enclosing schema).
    /// Annotations of a failed schema are dropped, as JSON Schema requires.
    mutating func evaluate(_ instance: Int, _ index: Int, collect: Bool) -> (valid: Bool, evaluated: Evaluated?) {
        let schemaNode = nodes.baseAddress.unsafelyUnwrapped + index
        let hot = hotFlags[index]
        // Most schemas in a body are a bare type: settle those from two bytes.
        if admitsByTypeAlone(instance, index) { return (true, collect ? Evaluated() : nil) }
        if hot & HotFlags.boolean != 0, let boolean = schemaNode.pointee.booleanValue {
            if !boolean {
                let refusal = schemaNode.pointee.refusal ?? (keyword: "false", expected: "nothing (the schema is false)")
                record(.constraintViolation, keyword: refusal.keyword, expected: refusal.expected, actual: excerpt(instance), at: instance)
            }
            return (boolean, boolean && collect ? Evaluated() : nil)
        }
        if hot & HotFlags.leaf != 0 { return evaluateLeaf(instance, schemaNode, collect: collect) }
        // Recursion is bounded by the document's depth times the schema's $ref chains; this
        // guard keeps a pathological pair from exhausting the stack.
        depth += 1
        defer { depth -= 1 }
        guard depth < 2_000 else {
            record(.constraintViolation, keyword: "$ref", expected: "a schema that terminates", actual: "recursion deeper than 2000", at: instance)
            return (false, nil)
        }
        let resource = schemaNode.pointee.resource
        let enteredResource = dynamicScope.last != resource
        if enteredResource { dynamicScope.append(resource) }
        defer { if enteredResource { dynamicScope.removeLast() } }

        if hot & HotFlags.pureReference != 0 {
            // Only a reference: the target's verdict and annotations are this schema's. The
            // target opens the object's frame and reports its unknown keys, as this schema
            // would have with nothing of its own to declare. Resolved after entering this
            // schema's resource, which a `$dynamicRef` looks in.
            let target = schemaNode.pointee.ref ?? resolveDynamicReference(of: index)
            return evaluate(instance, target, collect: collect)
        }
        return evaluateKeywords(instance, index, schemaNode, collect: collect)
    }

    /// `evaluate` for a schema with keywords of its own, once inside its resource: its type,
    /// then the keywords for the value's kind, its references, combinators and `unevaluated*`.
    @inline(__always)
    mutating func evaluateKeywords(_ instance: Int, _ index: Int, _ schemaNode: UnsafePointer<SchemaNode>,
                                   collect: Bool) -> (valid: Bool, evaluated: Evaluated?) {
        let entry = tape[instance]
        let kind = entry.kind
        // After a wrong type the other keywords would only repeat the complaint in other words.
        guard checkType(instance, kind, schemaNode) else { return (false, nil) }

        // The first schema to look at an object opens its frame; in-place applicators (allOf,
        // $ref, ...) on the same object add to it; the one who opened it reports unknown keys.
        let opensFrame = kind == .object && frames.last?.instance != instance
        if opensFrame { frames.append(ObjectFrame(instance: instance, memberCount: tape.childCount(instance))) }

        // `unevaluated*` are looked at only when the schema has one of them.
        let hasUnevaluated = schemaNode.pointee.hasUnevaluated
        let needsAnnotations = collect
            || (hasUnevaluated && kind == .object && schemaNode.pointee.unevaluatedProperties != nil)
            || (hasUnevaluated && kind == .array && schemaNode.pointee.unevaluatedItems != nil)
        var evaluated: Evaluated? = needsAnnotations ? Evaluated() : nil
        var valid = checkEnumAndConst(instance, schemaNode)
        switch kind {
        case .object:
            if schemaNode.pointee.hasObjectKeywords && !validateObject(instance, schemaNode, &evaluated) { valid = false }
        case .array:
            if schemaNode.pointee.hasArrayKeywords && !validateArray(instance, schemaNode, &evaluated) { valid = false }
        case .string:
            if schemaNode.pointee.hasStringKeywords && !validateString(instance, schemaNode) { valid = false }
        case .number:
            if schemaNode.pointee.hasNumberKeywords && !validateNumber(instance, schemaNode) { valid = false }
        default:
            break
        }
        if let ref = schemaNode.pointee.ref {
            let result = evaluate(instance, ref, collect: needsAnnotations)
            if result.valid { evaluated?.merge(result.evaluated) } else { valid = false }
        }
        if tables.pointee.entries[index].dynamicFallback >= 0 {
            let result = evaluate(instance, resolveDynamicReference(of: index), collect: needsAnnotations)
            if result.valid { evaluated?.merge(result.evaluated) } else { valid = false }
        }
        if schemaNode.pointee.hasCombinators && !validateCombinators(instance, schemaNode, &evaluated) { valid = false }
        if hasUnevaluated, kind == .object, let unevaluated = schemaNode.pointee.unevaluatedProperties {
            if !validateUnevaluatedProperties(instance, unevaluated, &evaluated) { valid = false }
        }
        if hasUnevaluated, kind == .array, let unevaluated = schemaNode.pointee.unevaluatedItems {
            if !validateUnevaluatedItems(instance, unevaluated, &evaluated) { valid = false }
        }
        if opensFrame { reportUnknownKeys(frames.removeLast()) }
        return (valid, valid ? evaluated : nil)
    }

    /// `evaluate` for a schema that applies nothing to other schemas or to members and items
    /// (most property schemas: a type, an enum, a length): no frame, no scope, no recursion.
    mutating func evaluateLeaf(_ instance: Int, _ schemaNode: UnsafePointer<SchemaNode>, collect: Bool) -> (valid: Bool, evaluated: Evaluated?) {
        let kind = tape[instance].kind
        guard checkType(instance, kind, schemaNode) else { return (false, nil) }
        var valid = checkEnumAndConst(instance, schemaNode)
        if kind == .string, schemaNode.pointee.hasStringKeywords, !validateString(instance, schemaNode) { valid = false }
        if kind == .number, schemaNode.pointee.hasNumberKeywords, !validateNumber(instance, schemaNode) { valid = false }
        return (valid, valid && collect ? Evaluated() : nil)
    }

    /// `type`: records a type-mismatch (or unexpected-null) and answers false when `kind` is
    /// not one the schema allows.
    mutating func checkType(_ instance: Int, _ kind: JSONKind, _ schemaNode: UnsafePointer<SchemaNode>) -> Bool {
        guard let types = schemaNode.pointee.types, !types.admits(kind: kind, isInteger: kind == .number && isInteger(instance)) else { return true }
        let drift: DriftKind = kind == .null ? .unexpectedNull : .typeMismatch
        if !recordRepeat(drift, at: instance) {
            record(drift, keyword: "type", expected: types.description, actual: excerpt(instance), at: instance)
        }
        return false
    }

    /// `enum` and `const`: records an enum-violation for each that the value breaks, or an
    /// unknown-enum-value for a string an open enum does not list. Either way `enum` failed,
    /// so the value is invalid in the JSON Schema sense; openness changes only the kind.
    mutating func checkEnumAndConst(_ instance: Int, _ schemaNode: UnsafePointer<SchemaNode>) -> Bool {
        var valid = true
        if schemaNode.pointee.enumValues != nil && !enumAdmits(instance, schemaNode) {
            valid = false
            let drift: DriftKind = schemaNode.pointee.opensEnum && kind(instance) == .string ? .unknownEnumValue : .enumViolation
            if !recordRepeat(drift, at: instance) {
                let values = schemaNode.pointee.enumValues ?? []
                let list = values.prefix(8).map { $0.serialized() }.joined(separator: ", ") + (values.count > 8 ? ", …" : "")
                let expected = drift == .unknownEnumValue ? "one of \(list) (an open enum)" : "one of \(list)"
                record(drift, keyword: "enum", expected: expected, actual: excerpt(instance), at: instance)
            }
        }
        if let constant = schemaNode.pointee.constValue, !node(instance).isEqual(to: constant) {
            valid = false
            if !recordRepeat(.enumViolation, at: instance) {
                record(.enumViolation, keyword: "const", expected: constant.serialized(), actual: excerpt(instance), at: instance)
            }
        }
        return valid
    }

    /// The schema that schema `index`'s `$dynamicRef` lands on: the outermost resource in
    /// the dynamic scope that declares its anchor, else the schema it names statically.
    /// (`mutating` though it changes nothing, so that `evaluate` calls it without copying
    /// the run.)
    mutating func resolveDynamicReference(of index: Int) -> Int {
        let entry = tables.pointee.entries[index]
        if entry.dynamicAnchor >= 0 {
            var position = 0
            while position < dynamicScope.count {
                if let target = tables.pointee.target(ofAnchor: entry.dynamicAnchor, in: dynamicScope[position]) { return target }
                position += 1
            }
        }
        return Int(entry.dynamicFallback)
    }

    /// Whether the number at `instance` has no fractional part; the tape flags integer
    /// literals, so only others are parsed.
    func isInteger(_ instance: Int) -> Bool {
        let entry = tape[instance]
        if entry.flag { return true }
        return node(instance).isInteger
    }

    /// Whether the value at `instance` is one of the schema's `enum` values: an enum of
    /// strings compares bytes, any other compares values. (`mutating` for the reason given
    /// at ``resolveDynamicReference(of:)``.)
    mutating func enumAdmits(_ instance: Int, _ schemaNode: UnsafePointer<SchemaNode>) -> Bool {
        let index = schemaNode - nodes.baseAddress.unsafelyUnwrapped
        if tables.pointee.entries[index].enumStringCount >= 0 {
            guard kind(instance) == .string else { return false }
            if tape[instance].flag {
                let decoded = JSONString.unescape(stringBody(instance))
                return decoded.withUnsafeBufferPointer { tables.pointee.enumStrings(of: index, contain: $0) } ?? false
            }
            return tables.pointee.enumStrings(of: index, contain: stringBody(instance)) ?? false
        }
        let value = node(instance)
        return (schemaNode.pointee.enumValues ?? []).contains { value.isEqual(to: $0) }
    }
}
