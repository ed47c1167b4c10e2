/// Every violation of one kind at one wildcard place, gathered while validating: the first in
/// full, and for the rest only what a finding reports (elements hit, indices, first places).
///
/// Gathering as it goes, instead of keeping one ``Violation`` per element, keeps a drifting
/// 50 MB answer (a finding in every item) from costing a path of strings per item.
public struct ViolationGroup: Sendable {
    /// The first violation of the group, with its full path.
    public var first: Violation
    /// The order in which the group was first seen.
    public var order: Int
    /// Identities of the innermost array elements hit (a hash of each element's concrete path).
    var elements: Set<UInt64> = []
    /// The innermost array indices hit.
    public var indices: Set<Int> = []
    /// Byte offsets of the first few occurrences.
    public var offsets: [Int] = []

    /// How many distinct elements the group hit.
    public var elementCount: Int { elements.count }

    /// Starts a group with its first violation.
    init(first: Violation, order: Int) {
        self.first = first
        self.order = order
    }

    /// Adds the occurrences of `later`, a group of the same kind and place found further on.
    mutating func absorb(_ later: ViolationGroup) {
        elements.formUnion(later.elements)
        indices.formUnion(later.indices)
        offsets += later.offsets.prefix(max(0, DriftFinding.locationLimit - offsets.count))
    }

    /// Adds one occurrence.
    mutating func add(element: UInt64, index: Int?, offset: Int) {
        elements.insert(element)
        if let index { indices.insert(index) }
        if offsets.count < DriftFinding.locationLimit { offsets.append(offset) }
    }
}
