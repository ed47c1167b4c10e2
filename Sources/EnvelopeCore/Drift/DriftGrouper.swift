/// Groups violations into findings: one per kind and wildcard pointer, counted over array
/// elements, in a deterministic order (document order of the first occurrence, then kind).
public enum DriftGrouper {
    /// Groups `outcome`'s violations on `document` into findings with severities from `policy`.
    public static func findings(from outcome: ValidationOutcome, in document: JSONDocument, policy: SeverityPolicy) -> [DriftFinding] {
        let groups = outcome.groups.filter { policy.severity(of: $0.first.kind) != .ignore }
        let ordered = groups.sorted { lhs, rhs in
            lhs.first.offset != rhs.first.offset ? lhs.first.offset < rhs.first.offset : lhs.order < rhs.order
        }
        let allOffsets = ordered.flatMap(\.offsets)
        var locations = document.locations(ofOffsets: allOffsets)[...]
        return ordered.map { group in
            let pointer = group.first.path.wildcardPointer
            let places = Array(locations.prefix(group.offsets.count))
            locations = locations.dropFirst(group.offsets.count)
            let total = arrayTotal(for: group.first.path, in: outcome.arrayTotals)
            let count = group.first.kind == .optionalNeverPresent ? total : group.elementCount
            var finding = DriftFinding(kind: group.first.kind, pointer: pointer, severity: policy.severity(of: group.first.kind),
                                       count: count, total: max(total, count),
                                       indices: group.first.kind == .optionalNeverPresent ? [] : group.indices,
                                       expected: group.first.expected, actual: group.first.actual,
                                       keyword: group.first.keyword, locations: places)
            if group.first.kind != .optionalNeverPresent { finding.indexPaths = group.indexPaths }
            return finding
        }
    }

    /// The path up to and including the innermost array index (the element a violation is in).
    static func elementPath(of path: [PathComponent]) -> [PathComponent] {
        guard let last = path.lastIndex(where: { if case .index = $0 { return true } else { return false } }) else { return [] }
        return Array(path[...last])
    }

    /// How many elements the innermost array on `path` had, over every array at that place.
    static func arrayTotal(for path: [PathComponent], in totals: [String: Int]) -> Int {
        let element = elementPath(of: path)
        guard !element.isEmpty else { return 1 }
        return totals[element.wildcardPointer] ?? 1
    }
}
