/// Orders strings by their UTF-8 bytes: the deterministic order of mapping files, schema
/// properties and report entries, whatever the locale or Unicode normalization.
package enum ByteOrder {
    /// Whether `a`'s UTF-8 bytes sort before `b`'s.
    package static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// `items` sorted by the UTF-8 bytes of `key(item)`; items with equal keys keep their order.
    package static func sorted<Item>(_ items: [Item], by key: (Item) -> String) -> [Item] {
        let keys = items.map(key)
        let order = keys.indices.sorted { a, b in
            if precedes(keys[a], keys[b]) { return true }
            if precedes(keys[b], keys[a]) { return false }
            return a < b
        }
        return order.map { items[$0] }
    }
}
