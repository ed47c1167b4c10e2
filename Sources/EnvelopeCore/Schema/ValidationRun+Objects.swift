extension ValidationRun {
    /// The object keywords of the schema at `schemaNode` on the object at `instance`: each
    /// member against the schemas that apply to it, then the keywords on the object as a whole.
    mutating func validateObject(_ instance: Int, _ schemaNode: UnsafePointer<SchemaNode>, _ evaluated: inout Evaluated?) -> Bool {
        var valid = true
        let memberCount = tape.childCount(instance)
        // The schema's arrays are read through `tables`, or only where they are not empty:
        // see ``SchemaTables`` for why.
        let index = schemaNode - nodes.baseAddress.unsafelyUnwrapped
        // A local, so that the key look-up's closure captures the pointer rather than a copy
        // of the whole run for every member.
        let tables = self.tables
        let entry = tables.pointee.entries[index]
        let propertyCount = Int(entry.propertyCount)
        // Most schemas have no object keyword beyond properties, required and
        // additionalProperties: then the others are not looked at.
        let hasRare = schemaNode.pointee.hasRareObjectKeywords
        let hasPatterns = hasRare && !schemaNode.pointee.patternProperties.isEmpty
        let additional = schemaNode.pointee.additionalProperties
        let frame = frames.count - 1
        markDescribed(frame: frame, by: schemaNode, propertyCount: propertyCount, hasPatterns: hasPatterns, additional: additional)
        let additionalIsFalse = additional.map { nodes[$0].booleanValue == false } ?? false

        // Which declared properties are present: a bit per property (a list past 64).
        var presentSmall: UInt64 = 0
        var presentLarge: [Bool] = propertyCount > 64 ? [Bool](repeating: false, count: propertyCount) : []
        let propertyNames = hasRare ? schemaNode.pointee.propertyNames : nil
        // The members this schema declares, gathered here and added to the frame once (up to
        // 64 members; larger objects go straight to the frame).
        var declaredSmall: UInt64 = 0
        let declaresInBulk = memberCount <= 64
        var member = 0
        var key = instance + 1
        let stop = childrenEnd(instance)
        while key < stop {
            var matched = false
            if propertyCount > 0, let property = withKeyBytes(key, { tables.pointee.property(named: $0, in: index) }) {
                matched = true
                if presentLarge.isEmpty { presentSmall |= 1 &<< UInt64(property) } else { Self.mark(property, in: &presentLarge) }
                evaluated?.properties.insert(member)
                if !validateMember(key, against: tables.pointee.propertySchemas[Int(entry.firstProperty) + property]) { valid = false }
            }
            if hasPatterns {
                let patterns = validatePatternProperties(key, member: member, schemaNode, &evaluated)
                if patterns.matched { matched = true }
                if !patterns.valid { valid = false }
            }
            if !matched, let additional {
                matched = true
                evaluated?.properties.insert(member)
                if !validateAdditionalProperty(key, against: additional, isFalse: additionalIsFalse) { valid = false }
            }
            if matched {
                if declaresInBulk { declaredSmall |= 1 &<< UInt64(member) } else { frames[frame].declare(member) }
            }
            if let names = propertyNames, !validatePropertyName(key, against: names) { valid = false }
            member &+= 1
            key = end(key + 1)
        }
        if declaredSmall != 0 { frames[frame].small |= declaredSmall }

        // Usually every required property is present: tell from the bits, without a call.
        let allRequiredPresent = presentLarge.isEmpty && presentSmall & entry.requiredMask == entry.requiredMask
        if !allRequiredPresent && !validateRequired(instance, schemaNode, entry, presentSmall: presentSmall, presentLarge: presentLarge) {
            valid = false
        }
        if !schemaNode.pointee.requiredUndeclared.isEmpty && !validateRequiredUndeclared(instance, schemaNode) { valid = false }
        if hasRare && !validateDependentRequired(instance, schemaNode) { valid = false }
        if hasRare && !validatePropertyCount(memberCount, of: instance, schemaNode) { valid = false }
        if speculative == 0 && entry.optionalCount > 0 {
            tallyOptionalProperties(instance, schemaNode, entry, presentSmall: presentSmall, presentLarge: presentLarge)
        }
        if hasRare && !validateDependentSchemas(instance, schemaNode, &evaluated) { valid = false }
        return valid
    }

    /// Notes on the object's frame (at `frame` in ``frames``) that a schema describes its keys,
    /// and whether it declares every key (`additionalProperties` or `unevaluatedProperties`
    /// other than false).
    @inline(__always)
    mutating func markDescribed(frame: Int, by schemaNode: UnsafePointer<SchemaNode>, propertyCount: Int, hasPatterns: Bool,
                                additional: Int?) {
        let unevaluated = schemaNode.pointee.hasRareObjectKeywords ? schemaNode.pointee.unevaluatedProperties : nil
        guard propertyCount > 0 || hasPatterns || additional != nil || unevaluated != nil else { return }
        frames[frame].described = true
        if let additional, nodes[additional].booleanValue != false { frames[frame].coversAll = true }
        if let unevaluated, nodes[unevaluated].booleanValue != false { frames[frame].coversAll = true }
    }

    /// `patternProperties` on the member whose key is at `key` (the object's `member`th):
    /// its value against the schema of every pattern its name matches.
    mutating func validatePatternProperties(_ key: Int, member: Int, _ schemaNode: UnsafePointer<SchemaNode>,
                                            _ evaluated: inout Evaluated?) -> (matched: Bool, valid: Bool) {
        var matched = false
        var valid = true
        let name = string(key)
        for pattern in schemaNode.pointee.patternProperties where pattern.pattern.matches(name) {
            matched = true
            evaluated?.properties.insert(member)
            if !validateMember(key, against: pattern.schema) { valid = false }
        }
        return (matched, valid)
    }

    /// `additionalProperties` on a member that no other keyword matched: `false` makes its key
    /// unknown, any other schema validates its value.
    @inline(__always)
    mutating func validateAdditionalProperty(_ key: Int, against additional: Int, isFalse: Bool) -> Bool {
        guard isFalse else { return validateMember(key, against: additional) }
        let value = key + 1
        if !recordRepeat(.unknownKey, at: value, extra: .member(key)) {
            record(.unknownKey, keyword: "additionalProperties", expected: "no other keys (additionalProperties is false)",
                   actual: excerpt(value), at: value, extra: .member(key))
        }
        return false
    }

    /// `propertyNames` on the key at `key`.
    mutating func validatePropertyName(_ key: Int, against names: Int) -> Bool {
        if validateKey(key, against: names) { return true }
        record(.constraintViolation, keyword: "propertyNames", expected: "a key that matches \(describe(schema: names))",
               actual: JSONValue.quoted(string(key)), at: key)
        return false
    }

    /// Whether declared property `property` is present, by the bits (or the list) that the
    /// member loop of ``validateObject(_:_:_:)`` set.
    @inline(__always)
    static func isPresent(_ property: Int, small: UInt64, large: [Bool]) -> Bool {
        large.isEmpty ? small & (1 << UInt64(property)) != 0 : large[property]
    }

    /// `required`, for the names the schema declares as properties: a missing key for each
    /// that the present bits do not have.
    mutating func validateRequired(_ instance: Int, _ schemaNode: UnsafePointer<SchemaNode>, _ entry: SchemaTables.Entry,
                                   presentSmall: UInt64, presentLarge: [Bool]) -> Bool {
        var valid = true
        for required in tables.pointee.required[Int(entry.firstRequired)..<Int(entry.firstRequired + entry.requiredCount)] {
            let property = Int(required)
            guard !Self.isPresent(property, small: presentSmall, large: presentLarge) else { continue }
            valid = false
            let declared = schemaNode.pointee.properties[property]
            if !recordRepeat(.missingKey, at: instance, extra: .name(declared.name)) {
                record(.missingKey, keyword: "required", expected: "\(describe(schema: declared.schema)) (required)",
                       actual: "absent", at: instance, extra: .name(declared.name))
            }
        }
        return valid
    }

    /// `required`, for the names the schema does not declare as properties: a missing key for
    /// each that the object lacks.
    mutating func validateRequiredUndeclared(_ instance: Int, _ schemaNode: UnsafePointer<SchemaNode>) -> Bool {
        var valid = true
        for name in schemaNode.pointee.requiredUndeclared where findMember(instance, name) == nil {
            valid = false
            record(.missingKey, keyword: "required", expected: "a value (required)", actual: "absent", at: instance, extra: .name(name))
        }
        return valid
    }

    /// `dependentRequired`: a missing key for each name required with a key the object has.
    mutating func validateDependentRequired(_ instance: Int, _ schemaNode: UnsafePointer<SchemaNode>) -> Bool {
        guard !schemaNode.pointee.dependentRequired.isEmpty else { return true }
        var valid = true
        for dependency in schemaNode.pointee.dependentRequired where findMember(instance, dependency.name) != nil {
            for name in dependency.required where findMember(instance, name) == nil {
                valid = false
                record(.missingKey, keyword: "dependentRequired", expected: "a value (required with '\(dependency.name)')",
                       actual: "absent", at: instance, extra: .name(name))
            }
        }
        return valid
    }

    /// `minProperties` and `maxProperties` on an object of `memberCount` members.
    mutating func validatePropertyCount(_ memberCount: Int, of instance: Int, _ schemaNode: UnsafePointer<SchemaNode>) -> Bool {
        var valid = true
        if let minimum = schemaNode.pointee.minProperties, memberCount < minimum {
            valid = false
            record(.constraintViolation, keyword: "minProperties", expected: "at least \(counted(minimum, "property", plural: "properties"))", actual: "\(memberCount)", at: instance)
        }
        if let maximum = schemaNode.pointee.maxProperties, memberCount > maximum {
            valid = false
            record(.constraintViolation, keyword: "maxProperties", expected: "at most \(counted(maximum, "property", plural: "properties"))", actual: "\(memberCount)", at: instance)
        }
        return valid
    }

    /// Counts, for optional-never-present, whether each optional property the schema declares
    /// is present on this object.
    @inline(__always)
    mutating func tallyOptionalProperties(_ instance: Int, _ schemaNode: UnsafePointer<SchemaNode>, _ entry: SchemaTables.Entry,
                                          presentSmall: UInt64, presentLarge: [Bool]) {
        // The object's own place is hashed once, each optional key then added to it; the
        // positions come from the flat tables, since iterating the node's array retains it.
        let place = wildcardHash()
        for optional in tables.pointee.optional[Int(entry.firstOptional)..<Int(entry.firstOptional + entry.optionalCount)] {
            let property = Int(optional)
            let hash = Self.wildcardHash(place, appending: tables.pointee.string(Int(entry.firstProperty) + property))
            let present = Self.isPresent(property, small: presentSmall, large: presentLarge)
            if !tallies.count(hash, present: present) {
                let path = currentPath(extra: .name(schemaNode.pointee.properties[property].name))
                tallies.start(hash, present: present, offset: Int(tape[instance].offset), path: path)
            }
        }
    }

    /// `dependentSchemas`: the object against the schema of each key it has.
    mutating func validateDependentSchemas(_ instance: Int, _ schemaNode: UnsafePointer<SchemaNode>, _ evaluated: inout Evaluated?) -> Bool {
        guard !schemaNode.pointee.dependentSchemas.isEmpty else { return true }
        var valid = true
        for dependency in schemaNode.pointee.dependentSchemas where findMember(instance, dependency.name) != nil {
            let result = evaluate(instance, dependency.schema, collect: evaluated != nil)
            if result.valid { evaluated?.merge(result.evaluated) } else { valid = false }
        }
        return valid
    }

    /// Marks `property` present, for a schema of more than 64 properties. Not inlined, so that
    /// the optimizer does not make the array unique before the member loop, which would
    /// allocate a copy of the empty array for every object validated.
    @inline(never)
    static func mark(_ property: Int, in present: inout [Bool]) {
        present[property] = true
    }

    /// The tape index of the last member named `name` (keys compared as bytes), or nil.
    func findMember(_ instance: Int, _ name: String) -> Int? {
        let wanted = Array(name.utf8)
        var found: Int?
        var key = instance + 1
        let stop = childrenEnd(instance)
        while key < stop {
            if withKeyBytes(key, { body in wanted.withUnsafeBufferPointer { memoryEquals($0, body) } }) { found = key + 1 }
            key = end(key + 1)
        }
        return found
    }

    /// Records an unknown key for each member of the frame's object that no schema declared,
    /// once the schema that opened the frame is done with it.
    mutating func reportUnknownKeys(_ frame: ObjectFrame) {
        guard frame.described && !frame.coversAll && speculative == 0 else { return }
        // Usually every member is declared: tell from the bits, without walking the members.
        let count = tape.childCount(frame.instance)
        if frame.large.isEmpty && frame.small == (count == 64 ? UInt64.max : (1 << UInt64(count)) - 1) { return }
        var member = 0
        var key = frame.instance + 1
        let stop = childrenEnd(frame.instance)
        while key < stop {
            if !frame.isDeclared(member), !recordRepeat(.unknownKey, at: key + 1, extra: .member(key), failure: false) {
                record(.unknownKey, keyword: "properties", expected: "no such key (the contract does not declare it)",
                       actual: excerpt(key + 1), at: key + 1, extra: .member(key), failure: false)
            }
            member += 1
            key = end(key + 1)
        }
    }

    /// `unevaluatedProperties`: each member that no other keyword evaluated, against schema
    /// `unevaluated`.
    mutating func validateUnevaluatedProperties(_ instance: Int, _ unevaluated: Int, _ evaluated: inout Evaluated?) -> Bool {
        var valid = true
        let known = evaluated ?? Evaluated()
        var member = 0
        var key = instance + 1
        let stop = childrenEnd(instance)
        while key < stop {
            if !known.allProperties && !known.properties.contains(member) {
                if nodes[unevaluated].booleanValue == false {
                    valid = false
                    if !recordRepeat(.unknownKey, at: key + 1, extra: .member(key)) {
                        record(.unknownKey, keyword: "unevaluatedProperties", expected: "no other keys (unevaluatedProperties is false)",
                               actual: excerpt(key + 1), at: key + 1, extra: .member(key))
                    }
                } else {
                    steps.append(.member(key))
                    if !validate(key + 1, unevaluated) { valid = false }
                    steps.removeLast()
                }
                if !frames.isEmpty && frames[frames.count - 1].instance == instance { frames[frames.count - 1].declare(member) }
            }
            member += 1
            key = end(key + 1)
        }
        evaluated?.allProperties = true
        return valid
    }

    /// Validates an object key against schema `index` (for `propertyNames`): the key is on
    /// the tape as a string entry, so it is validated where it is, speculatively, since what
    /// is wrong with it is reported once, as the `propertyNames` finding.
    mutating func validateKey(_ key: Int, against index: Int) -> Bool {
        speculative += 1
        let kept = violations.count
        defer {
            speculative -= 1
            violations.removeSubrange(kept...)
        }
        return validate(key, index)
    }
}
