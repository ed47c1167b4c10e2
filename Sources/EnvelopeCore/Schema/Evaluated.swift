/// Which properties and items of one instance some schema has evaluated (JSON Schema's
/// annotations, as `unevaluatedProperties` and `unevaluatedItems` need them).
struct Evaluated {
    var allProperties = false
    var properties: Set<Int> = []
    var allItems = false
    var items: Set<Int> = []

    /// Adds what `other` evaluated, if anything.
    mutating func merge(_ other: Evaluated?) {
        guard let other else { return }
        allProperties = allProperties || other.allProperties
        properties.formUnion(other.properties)
        allItems = allItems || other.allItems
        items.formUnion(other.items)
    }
}
