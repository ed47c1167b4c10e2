/// Every violation of one kind at one wildcard place, gathered while validating: the first in
/// full, and for the rest only what a finding reports (elements hit, indices, first places).
///
/// Gathering as it goes, instead of keeping one ``Violation`` per element, keeps a drifting
/// 50 MB answer (a finding in every item) from costing a path of strings per item. Nor does it
/// hash each occurrence into sets: a finding in each of 150,000 items spent more on set
/// insertions than on validating them.
public struct ViolationGroup: Sendable {
    /// The first violation of the group, with its full path.
    public var first: Violation
    /// The order in which the group was first seen.
    public var order: Int
    /// Identities of the innermost array elements hit (a hash of each element's concrete path),
    /// in order, a repeat of the one before left out. Validation visits the document in order,
    /// so an element's occurrences come together and this is nearly free of repeats;
    /// ``elementCount`` removes any that remain.
    var elementTrail: [UInt64] = []
    /// The smallest innermost array indices hit, ascending, at most ``DriftFinding/indexLimit``
    /// of them (all a finding shows).
    public var indices: [Int] = []
    /// Inside nested arrays, the smallest whole index paths hit (outermost index first),
    /// ascending, at most ``DriftFinding/indexLimit``; empty where the arrays are not nested.
    public var indexPaths: [[Int]] = []
    /// Byte offsets of the first few occurrences.
    public var offsets: [Int] = []

    /// How many distinct elements the group hit.
    public var elementCount: Int {
        var sorted = elementTrail
        sorted.sort()
        var count = 0
        var previous: UInt64?
        for element in sorted where element != previous {
            count += 1
            previous = element
        }
        return count
    }

    /// Starts a group with its first violation.
    init(first: Violation, order: Int) {
        self.first = first
        self.order = order
    }

    /// Adds the occurrences of `later`, a group of the same kind and place found further on.
    mutating func absorb(_ later: ViolationGroup) {
        elementTrail += later.elementTrail
        for index in later.indices { keep(index: index) }
        for path in later.indexPaths { keep(path: path) }
        offsets += later.offsets.prefix(max(0, DriftFinding.locationLimit - offsets.count))
    }

    /// Adds one occurrence.
    @inline(__always)
    mutating func add(element: UInt64, index: Int?, outer: [Int] = [], offset: Int) {
        if elementTrail.last != element { elementTrail.append(element) }
        if let index {
            keep(index: index)
            if !outer.isEmpty { keep(path: outer, then: index) }
        }
        if offsets.count < DriftFinding.locationLimit { offsets.append(offset) }
    }

    /// Puts the path `outer` + `index` among ``indexPaths`` unless it is the last one kept
    /// (occurrences in one element come together), without building it for a repeat.
    private mutating func keep(path outer: [Int], then index: Int) {
        if let last = indexPaths.last, last.last == index, last.count == outer.count + 1, last.prefix(outer.count).elementsEqual(outer) { return }
        keep(path: outer + [index])
    }

    /// Puts `path` among ``indexPaths`` if it is new and small enough, in lexicographic order.
    private mutating func keep(path: [Int]) {
        if let last = indexPaths.last, !path.lexicographicallyPrecedes(last) {
            if path == last || indexPaths.count >= DriftFinding.indexLimit { return }
            indexPaths.append(path)
            return
        }
        let position = indexPaths.firstIndex { !$0.lexicographicallyPrecedes(path) } ?? indexPaths.endIndex
        if position < indexPaths.count, indexPaths[position] == path { return }
        indexPaths.insert(path, at: position)
        if indexPaths.count > DriftFinding.indexLimit { indexPaths.removeLast() }
    }

    /// Puts `index` among ``indices`` if it is new and small enough.
    @inline(__always)
    private mutating func keep(index: Int) {
        // Indices mostly arrive in ascending order, so the first test usually settles it.
        if let last = indices.last {
            if index == last || (index > last && indices.count >= DriftFinding.indexLimit) { return }
            if index > last {
                indices.append(index)
                return
            }
        } else {
            indices.append(index)
            return
        }
        var low = 0
        var high = indices.count
        while low < high {
            let middle = (low + high) / 2
            if indices[middle] < index { low = middle + 1 } else { high = middle }
        }
        if low < indices.count, indices[low] == index { return }
        indices.insert(index, at: low)
        if indices.count > DriftFinding.indexLimit { indices.removeLast() }
    }
}
