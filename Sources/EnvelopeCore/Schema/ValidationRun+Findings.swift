extension ValidationRun {
    /// Counts a violation into its group when that group exists already (and no branch is being
    /// tried), or drops it where ``record(_:keyword:expected:actual:at:extra:failure:)`` would;
    /// returns whether it did either. Only otherwise need the caller describe the violation and
    /// record it, since describing the schema and quoting the value again for every item of a
    /// drifting list would cost more than validating the item.
    mutating func recordRepeat(_ kind: DriftKind, at instance: Int, extra: PathStep? = nil, failure: Bool = true) -> Bool {
        if !failure && speculative > 0 { return true }
        guard speculative == 0 else { return false }
        let hasher = pathHasher(extra: extra)
        guard let position = groups.index(forKey: GroupKey(kind: kind, place: hasher.wildcard)) else { return false }
        groups.values[position].add(element: hasher.element, index: hasher.lastIndex, outer: hasher.outerIndices, offset: Int(tape[instance].offset))
        return true
    }

    /// Records a violation of `keyword` at tape index `instance` (and `extra`, a key that is
    /// absent): in full on a branch being tried, else gathered into its group.
    @inline(never)  // only for findings: kept out of the loops that find none
    mutating func record(_ kind: DriftKind, keyword: String, expected: String, actual: String,
                         at instance: Int, extra: PathStep? = nil, failure: Bool = true) {
        // A group already seen (the common case in a drifting list) only counts it.
        if recordRepeat(kind, at: instance, extra: extra, failure: failure) { return }
        let offset = Int(tape[instance].offset)
        let first = Violation(kind: kind, path: currentPath(extra: extra), keyword: keyword, expected: expected, actual: actual,
                              offset: offset, isFailure: failure)
        guard speculative == 0 else {
            violations.append(first)
            return
        }
        // A new group, with its first violation in full.
        let hasher = pathHasher(extra: extra)
        var group = ViolationGroup(first: first, order: groups.count)
        group.add(element: hasher.element, index: hasher.lastIndex, outer: hasher.outerIndices, offset: offset)
        groups[GroupKey(kind: kind, place: hasher.wildcard)] = group
    }

    /// Gathers an already built violation (an adopted branch's, or a tally's).
    mutating func commit(_ violation: Violation) {
        guard speculative == 0 else {
            violations.append(violation)
            return
        }
        var hasher = PathHasher()
        for component in violation.path {
            switch component {
            case .key(let name): hasher.key(name.utf8)
            case .index(let index): hasher.index(index)
            }
        }
        let key = GroupKey(kind: violation.kind, place: hasher.wildcard)
        if groups[key] == nil { groups[key] = ViolationGroup(first: violation, order: groups.count) }
        groups[key]?.add(element: hasher.element, index: hasher.lastIndex, outer: hasher.outerIndices, offset: violation.offset)
    }

    /// Adds `count` elements validated at the array place `hash`; its first sight keeps the
    /// path there (its pointer is written only if a finding needs the total).
    mutating func countElements(_ count: Int, at hash: UInt64) {
        if let last = lastArrayPlace, last.hash == hash {
            arrayTotals[last.position].count += count
            return
        }
        let position: Int
        if let known = arrayTotals.position(of: hash) {
            position = known
            arrayTotals[position].count += count
        } else {
            position = arrayTotals.insert(ArrayTotal(hash: hash, count: count, steps: steps))
        }
        lastArrayPlace = (hash, position)
    }

    /// The outcome of the run: optional properties never present added as warnings, the
    /// groups in order of discovery, and the array totals when there are findings.
    mutating func finish(valid: Bool) -> ValidationOutcome {
        for tally in tallies.tallies where tally.present == 0 {
            commit(Violation(kind: .optionalNeverPresent, path: tally.path, keyword: "properties",
                             expected: "an optional key, present at least sometimes",
                             actual: tally.objects == 1 ? "absent" : "absent in all \(tally.objects)",
                             offset: tally.offset, isFailure: false))
        }
        // The totals qualify findings; without any, their pointers are not worth writing.
        var totals: [String: Int] = [:]
        if !groups.isEmpty {
            for total in arrayTotals.entries {
                var path = total.steps.map { component(PathStep($0)) }
                path.append(.index(0))
                totals[path.wildcardPointer, default: 0] += total.count
            }
        }
        let ordered = groups.values.sorted { $0.order < $1.order }
        return ValidationOutcome(isValid: valid, violations: ordered.map(\.first), groups: ordered, arrayTotals: totals)
    }
}
