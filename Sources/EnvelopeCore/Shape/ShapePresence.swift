/// How often a key turned up among the objects that could hold it: `id` in 99 of the 102
/// elements of `items`.
///
/// A key that is in every element of one answer and missing from some of another is a
/// structural difference even though both have it: code written against the first crashes
/// on the second.
public struct ShapePresence: Sendable, Hashable, CustomStringConvertible {
    /// The objects that have the key.
    public var count: Int
    /// The objects at the key's parent place.
    public var total: Int
    /// Whether those objects are array elements (`items`) rather than objects at one place
    /// (`objects`), for the wording.
    public var inArrayElements: Bool

    /// Creates a presence count.
    public init(count: Int, total: Int, inArrayElements: Bool) {
        self.count = count
        self.total = total
        self.inArrayElements = inArrayElements
    }

    /// Whether every object has the key.
    public var isEverywhere: Bool { count >= total }

    /// `in all 102 items`, `absent from 3 of 102 items` (`objects` outside arrays).
    public var description: String {
        let noun = inArrayElements ? (total == 1 ? "item" : "items") : (total == 1 ? "object" : "objects")
        if isEverywhere { return total == 1 ? "in the one \(noun)" : "in all \(total) \(noun)" }
        return "absent from \(total - count) of \(total) \(noun)"
    }
}
