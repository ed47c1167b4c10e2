/// Orders strings by their UTF-8 bytes: the deterministic order of mapping files, schema
/// properties and report entries, whatever the locale or Unicode normalization.
public enum ByteOrder {
    /// Whether `a`'s UTF-8 bytes sort before `b`'s. Compares the stored bytes directly: the
    /// generic `utf8.lexicographicallyPrecedes` took about 280 instructions a pair, a tenth of
    /// loading a thousand mapping files (sorting their names).
    public static func precedes(_ a: String, _ b: String) -> Bool {
        let result = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y -> Bool in
                let common = min(x.count, y.count)
                var index = 0
                while index < common {
                    if x[index] != y[index] { return x[index] < y[index] }
                    index += 1
                }
                return x.count < y.count
            }
        }
        // Bridged or otherwise non-contiguous strings take the general path.
        return (result ?? nil) ?? a.utf8.lexicographicallyPrecedes(b.utf8)
    }
}
