/// Walks two compiled schemas side by side, place by place in the data they describe, and
/// classifies every difference (see ``ChangeKind``).
///
/// Both sides are resolved first (``EffectiveSchema``): `$ref`, `$dynamicRef` and `allOf` are
/// followed and merged, so a removed `allOf` branch shows as what it removed (properties,
/// `required` entries, constraints), and a refactor that means the same shows nothing.
/// Keywords that are not compared: `if`/`then`/`else`, `contains`, `dependent*`,
/// `unevaluated*` and `propertyNames`.
struct SchemaComparer {
    let old: SchemaResolver
    let new: SchemaResolver
    private(set) var changes: [SchemaChange] = []
    private var visited: Set<[[ScopedSchema]]> = []
    private var queue: [(old: [ScopedSchema], new: [ScopedSchema], pointer: String)] = []

    init(old: CompiledSchema, new: CompiledSchema) {
        self.old = SchemaResolver(schema: old)
        self.new = SchemaResolver(schema: new)
    }

    private mutating func add(_ kind: ChangeKind, _ pointer: String, _ old: String, _ new: String) {
        changes.append(SchemaChange(kind: kind, pointer: pointer, old: old, new: new))
    }

    /// Compares what `oldSchemas` and `newSchemas` accept at `pointer`, and everything
    /// inside, breadth first: a pair of schemas met again (a recursive schema) is compared
    /// only at its shallowest place. Changes come out ordered by place.
    mutating func compareAll(_ oldSchemas: [ScopedSchema], _ newSchemas: [ScopedSchema], at pointer: String) {
        queue = [(oldSchemas, newSchemas, pointer)]
        var next = 0
        while next < queue.count {
            let (before, after, place) = queue[next]
            next += 1
            compareOne(before, after, at: place)
        }
        queue = []
        let ordered = changes.enumerated().sorted { a, b in
            a.element.pointer == b.element.pointer ? a.offset < b.offset : JSONShape.pointerOrder(a.element.pointer, b.element.pointer)
        }
        changes = ordered.map(\.element)
    }

    /// Queues the comparison of a place inside the one being compared.
    private mutating func compare(_ oldSchemas: [ScopedSchema], _ newSchemas: [ScopedSchema], at pointer: String) {
        queue.append((oldSchemas, newSchemas, pointer))
    }

    private mutating func compareOne(_ oldSchemas: [ScopedSchema], _ newSchemas: [ScopedSchema], at pointer: String) {
        // A pair already compared (recursive schemas) has nothing new to say.
        guard visited.insert([oldSchemas, newSchemas]).inserted else { return }
        let o = old.effective(oldSchemas)
        let n = new.effective(newSchemas)
        if o.acceptsNothing != n.acceptsNothing {
            add(n.acceptsNothing ? .constraintNarrowed : .constraintWidened, pointer, o.typeText, n.typeText)
            return
        }
        compareTypes(o, n, pointer)
        compareValues(o, n, pointer)
        compareBounds(o, n, pointer)
        compareObjects(o, n, pointer)
        compareArrays(o, n, pointer)
        compareBranches(o.anyOf, n.anyOf, "anyOf", pointer)
        compareBranches(o.oneOf, n.oneOf, "oneOf", pointer)
        let oldNot = o.not.isEmpty ? "" : old.fingerprint(o.not)
        let newNot = n.not.isEmpty ? "" : new.fingerprint(n.not)
        if oldNot != newNot {
            // What a changed `not` lets through cannot be told in general: assume the worst.
            add(newNot.isEmpty ? .constraintWidened : (oldNot.isEmpty ? .constraintNarrowed : .constraintWidened), pointer,
                oldNot.isEmpty ? "no 'not'" : "'not' as before", newNot.isEmpty ? "no 'not'" : "a changed 'not'")
        }
    }

    private mutating func compareTypes(_ o: EffectiveSchema, _ n: EffectiveSchema, _ pointer: String) {
        let before = o.admittedTypes
        let after = n.admittedTypes
        if after.contains(.null) && !before.contains(.null) {
            add(.becameNullable, pointer, o.typeText, n.typeText)
        } else if before.contains(.null) && !after.contains(.null) {
            add(.becameNonNull, pointer, o.typeText, n.typeText)
        }
        let oldTypes = before.subtracting(.null)
        let newTypes = after.subtracting(.null)
        guard oldTypes != newTypes else { return }
        if newTypes.isSuperset(of: oldTypes) {
            add(.typeWidened, pointer, o.typeText, n.typeText)
        } else if oldTypes.isSuperset(of: newTypes) {
            add(.typeNarrowed, pointer, o.typeText, n.typeText)
        } else {
            add(.typeChanged, pointer, o.typeText, n.typeText)
        }
    }

    private mutating func compareValues(_ o: EffectiveSchema, _ n: EffectiveSchema, _ pointer: String) {
        // null in an enum is nullability, which compareTypes reports.
        let before = o.values?.subtracting([.null])
        let after = n.values?.subtracting([.null])
        switch (before, after) {
        case (nil, nil):
            return
        case (let before?, nil):
            add(.constraintWidened, pointer, "enum " + Self.list(before), "any value")
        case (nil, let after?):
            add(.enumValueRemoved, pointer, "any value", "enum " + Self.list(after))
        case (let before?, let after?):
            let added = after.subtracting(before)
            let removed = before.subtracting(after)
            if o.opensEnum != n.opensEnum {
                add(n.opensEnum ? .enumOpened : .enumClosed, pointer, o.opensEnum ? "open enum" : "closed enum", n.opensEnum ? "open enum" : "closed enum")
            }
            // An app written against an open enum keeps a new string as `.unknown`.
            let kept = o.opensEnum && added.allSatisfy { $0.kind == .string }
            if !added.isEmpty { add(kept ? .openEnumValueAdded : .enumValueAdded, pointer, "enum " + Self.list(before), "adds " + Self.list(added)) }
            if !removed.isEmpty { add(.enumValueRemoved, pointer, "enum " + Self.list(before), "drops " + Self.list(removed)) }
        }
    }

    private mutating func compareBounds(_ o: EffectiveSchema, _ n: EffectiveSchema, _ pointer: String) {
        for name in Set(o.lowerBounds.keys).union(n.lowerBounds.keys).sorted() {
            let before = o.lowerBounds[name], after = n.lowerBounds[name]
            guard before != after else { continue }
            let widened = after == nil || (before != nil && after! < before!)
            add(widened ? .constraintWidened : .constraintNarrowed, pointer, Self.bound(name, before), Self.bound(name, after))
        }
        for name in Set(o.upperBounds.keys).union(n.upperBounds.keys).sorted() {
            let before = o.upperBounds[name], after = n.upperBounds[name]
            guard before != after else { continue }
            let widened = after == nil || (before != nil && after! > before!)
            add(widened ? .constraintWidened : .constraintNarrowed, pointer, Self.bound(name, before), Self.bound(name, after))
        }
        for (name, before, after) in [("pattern", o.patterns, n.patterns), ("format", o.formats, n.formats), ("multipleOf", o.multipleOf, n.multipleOf)] {
            for value in before.subtracting(after).sorted() { add(.constraintWidened, pointer, "\(name) \(value)", "no \(name) \(value)") }
            for value in after.subtracting(before).sorted() { add(.constraintNarrowed, pointer, "no \(name) \(value)", "\(name) \(value)") }
        }
        if o.uniqueItems != n.uniqueItems {
            add(o.uniqueItems ? .constraintWidened : .constraintNarrowed, pointer, o.uniqueItems ? "uniqueItems" : "duplicates allowed", n.uniqueItems ? "uniqueItems" : "duplicates allowed")
        }
    }

    private mutating func compareObjects(_ o: EffectiveSchema, _ n: EffectiveSchema, _ pointer: String) {
        let names = Set(o.properties.keys).union(n.properties.keys).union(o.required).union(n.required)
        for name in names.sorted(by: ByteOrder.precedes) {
            let place = JSONPointer.appending(name, to: pointer)
            let before = o.properties[name]
            let after = n.properties[name]
            let wasRequired = o.required.contains(name), isRequired = n.required.contains(name)
            let wasDeclared = before != nil || wasRequired, isDeclared = after != nil || isRequired
            if wasDeclared && !isDeclared {
                add(.propertyRemoved, place, describe(old, before, required: wasRequired), "absent")
                continue
            }
            if !wasDeclared && isDeclared {
                add(.propertyAdded, place, "absent", describe(new, after, required: isRequired))
                continue
            }
            if wasRequired && !isRequired { add(.becameOptional, place, "required", "optional") }
            if !wasRequired && isRequired { add(.becameRequired, place, "optional", "required") }
            switch (before, after) {
            case (let before?, let after?): compare(before, after, at: place)
            case (nil, let after?): add(.constraintNarrowed, place, "any value", describe(new, after, required: isRequired))
            case (let before?, nil): add(.constraintWidened, place, describe(old, before, required: wasRequired), "any value")
            case (nil, nil): break
            }
        }
        compareOptional(o.additionalProperties, n.additionalProperties, "additionalProperties", at: pointer + "/*")
        for pattern in Set(o.patternProperties.keys).union(n.patternProperties.keys).sorted() {
            compareOptional(o.patternProperties[pattern] ?? [], n.patternProperties[pattern] ?? [], "patternProperties \(pattern)", at: pointer + "/*")
        }
    }

    private mutating func compareArrays(_ o: EffectiveSchema, _ n: EffectiveSchema, _ pointer: String) {
        for position in 0..<max(o.prefixItems.count, n.prefixItems.count) {
            let before = position < o.prefixItems.count ? o.prefixItems[position] : []
            let after = position < n.prefixItems.count ? n.prefixItems[position] : []
            compareOptional(before, after, "prefixItems", at: pointer + "/\(position)")
        }
        compareOptional(o.items, n.items, "items", at: pointer + "/*")
    }

    /// A keyword whose schema may be present on one side only: gone is widened, new is
    /// narrowed, both are compared.
    private mutating func compareOptional(_ before: [ScopedSchema], _ after: [ScopedSchema], _ keyword: String, at pointer: String) {
        switch (before.isEmpty, after.isEmpty) {
        case (true, true): return
        case (false, true): add(.constraintWidened, pointer, "\(keyword): \(old.effective(before).typeText)", "no \(keyword)")
        case (true, false): add(.constraintNarrowed, pointer, "no \(keyword)", "\(keyword): \(new.effective(after).typeText)")
        case (false, false): compare(before, after, at: pointer)
        }
    }

    /// `anyOf`/`oneOf` groups: branches that mean the same on both sides pair up; the rest
    /// pair in order and are compared; what is left over was added or removed.
    private mutating func compareBranches(_ before: [[ScopedSchema]], _ after: [[ScopedSchema]], _ keyword: String, _ pointer: String) {
        for position in 0..<max(before.count, after.count) {
            guard position < after.count else {
                add(.constraintWidened, pointer, keyword, "no \(keyword)")
                continue
            }
            guard position < before.count else {
                add(.constraintNarrowed, pointer, "no \(keyword)", keyword)
                continue
            }
            var oldLeft = before[position].map { ($0, old.fingerprint([$0])) }
            var newLeft: [(ScopedSchema, String)] = []
            for branch in after[position] {
                let print = new.fingerprint([branch])
                if let match = oldLeft.firstIndex(where: { $0.1 == print }) {
                    oldLeft.remove(at: match)
                } else {
                    newLeft.append((branch, print))
                }
            }
            let paired = min(oldLeft.count, newLeft.count)
            for index in 0..<paired { compare([oldLeft[index].0], [newLeft[index].0], at: pointer) }
            for extra in newLeft.dropFirst(paired) {
                add(.branchAdded, pointer, "\(keyword) of \(before[position].count)", "adds a branch: \(new.effective([extra.0]).typeText)")
            }
            for extra in oldLeft.dropFirst(paired) {
                add(.branchRemoved, pointer, "\(keyword) of \(before[position].count)", "drops a branch: \(old.effective([extra.0]).typeText)")
            }
        }
    }

    private func describe(_ resolver: SchemaResolver, _ schemas: [ScopedSchema]?, required: Bool) -> String {
        let text = schemas.map { resolver.effective($0).typeText } ?? "any type"
        return required ? "\(text) (required)" : text
    }

    private static func list(_ values: Set<JSONValue>) -> String {
        values.map { $0.serialized() }.sorted().joined(separator: ", ")
    }

    private static func bound(_ name: String, _ value: Double?) -> String {
        guard let value else { return "no \(name)" }
        let text = value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        return "\(name) \(text)"
    }
}
