extension ValidationRun {
    /// Validates the elements from tape index `element` (at `position` in its array) up to
    /// `stop`: each against its `prefixItems` schema, then `items`; stops where neither
    /// applies. Whether all were valid.
    mutating func validateElements(from element: Int, position: Int, upTo stop: Int, prefixItems: [Int], items: Int?) -> Bool {
        var valid = true
        var position = position
        var element = element
        while element < stop {
            guard let itemSchema = position < prefixItems.count ? prefixItems[position] : items else { break }
            steps.append(.index(position))
            if !validate(element, itemSchema) { valid = false }
            steps.removeLast()
            position += 1
            element = end(element)
        }
        return valid
    }

    /// The array keywords of the schema at `schemaNode` on the array at `instance`; a long
    /// array of one item schema is validated on every core.
    mutating func validateArray(_ instance: Int, _ schemaNode: UnsafePointer<SchemaNode>, _ evaluated: inout Evaluated?) -> Bool {
        var valid = true
        let count = tape.childCount(instance)
        if let minimum = schemaNode.pointee.minItems, count < minimum {
            valid = false
            record(.constraintViolation, keyword: "minItems", expected: "at least \(counted(minimum, "item"))", actual: counted(count, "item"), at: instance)
        }
        if let maximum = schemaNode.pointee.maxItems, count > maximum {
            valid = false
            record(.constraintViolation, keyword: "maxItems", expected: "at most \(counted(maximum, "item"))", actual: counted(count, "item"), at: instance)
        }
        let prefixItems = schemaNode.pointee.prefixItems
        let items = schemaNode.pointee.items
        if speculative == 0, items != nil || !prefixItems.isEmpty {
            countElements(count, at: wildcardHash(star: true))
        }
        if let items, prefixItems.isEmpty, count >= parallelElementThreshold, speculative == 0,
           let allValid = validateElementsInParallel(instance, count: count, against: items) {
            if !allValid { valid = false }
            evaluated?.allItems = true
        } else if items != nil || !prefixItems.isEmpty {
            if !validateElements(from: instance + 1, position: 0, upTo: childrenEnd(instance), prefixItems: prefixItems, items: items) {
                valid = false
            }
            if items != nil {
                evaluated?.allItems = true
            } else {
                evaluated?.items.formUnion(0..<min(count, prefixItems.count))
            }
        }
        if let contains = schemaNode.pointee.contains, !validateContains(instance, contains, schemaNode, &evaluated) { valid = false }
        if schemaNode.pointee.uniqueItems && !validateUniqueItems(instance) { valid = false }
        return valid
    }

    /// `contains`, with `minContains` and `maxContains`: how many elements match schema
    /// `contains`, each tried without committing its findings.
    mutating func validateContains(_ instance: Int, _ contains: Int, _ schemaNode: UnsafePointer<SchemaNode>,
                                   _ evaluated: inout Evaluated?) -> Bool {
        var valid = true
        var matching: [Int] = []
        var position = 0
        var element = instance + 1
        let stop = childrenEnd(instance)
        while element < stop {
            steps.append(.index(position))
            if trial(element, contains, collect: false).valid { matching.append(position) }
            steps.removeLast()
            position += 1
            element = end(element)
        }
        evaluated?.items.formUnion(matching)
        let minimum = schemaNode.pointee.minContains ?? 1
        if matching.count < minimum {
            valid = false
            record(.constraintViolation, keyword: schemaNode.pointee.minContains == nil ? "contains" : "minContains",
                   expected: "at least \(minimum) item\(minimum == 1 ? "" : "s") matching \(describe(schema: contains))",
                   actual: "\(matching.count) matching", at: instance)
        }
        if let maximum = schemaNode.pointee.maxContains, matching.count > maximum {
            valid = false
            record(.constraintViolation, keyword: "maxContains", expected: "at most \(maximum) items matching \(describe(schema: contains))",
                   actual: "\(matching.count) matching", at: instance)
        }
        return valid
    }

    /// `uniqueItems`: the first element equal to an earlier one, if any.
    mutating func validateUniqueItems(_ instance: Int) -> Bool {
        var seen: [JSONValue: Int] = [:]
        for (position, element) in node(instance).elements.enumerated() {
            let key = element.value.normalizedForEquality
            if let first = seen[key] {
                record(.constraintViolation, keyword: "uniqueItems", expected: "unique items", actual: "item \(position) equals item \(first)", at: element.index)
                return false
            }
            seen[key] = position
        }
        return true
    }

    /// `unevaluatedItems`: each element that no other keyword evaluated, against schema
    /// `unevaluated`.
    mutating func validateUnevaluatedItems(_ instance: Int, _ unevaluated: Int, _ evaluated: inout Evaluated?) -> Bool {
        var valid = true
        let known = evaluated ?? Evaluated()
        guard !known.allItems else { return true }
        var position = 0
        var element = instance + 1
        let stop = childrenEnd(instance)
        while element < stop {
            if !known.items.contains(position) {
                steps.append(.index(position))
                if !validate(element, unevaluated) { valid = false }
                steps.removeLast()
            }
            position += 1
            element = end(element)
        }
        evaluated?.allItems = true
        return valid
    }
}
