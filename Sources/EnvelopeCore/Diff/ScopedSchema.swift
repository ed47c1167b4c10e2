/// A schema of a ``CompiledSchema`` together with the dynamic scope it is reached in: the
/// resources (files) passed through on the way, outermost first, which is what a
/// `$dynamicRef` (the generic `Root<T>`) resolves against.
struct ScopedSchema: Hashable {
    /// The schema's index in ``CompiledSchema/nodes``.
    var index: Int
    /// Resource indices, outermost first, each at most once.
    var scope: [Int]
}
