import Dispatch

/// `map` over a list on every core, with the results in the list's order: `check` compiles
/// many contracts and loads many mappings, each independent of the others.
package enum ParallelMap {
    /// `items.map(transform)`, computed in chunks of `chunkSize` items handed out to the
    /// cores as they come free (so one slow item does not hold up a whole half of the list);
    /// the calling thread takes chunks too. A list of one chunk or less is mapped on the
    /// calling thread alone.
    /// Each output is written straight into its place in the result, without per-chunk
    /// arrays to join.
    package static func map<Item: Sendable, Output: Sendable>(_ items: [Item], chunkSize: Int = 16,
                                                      _ transform: @escaping @Sendable (Item) -> Output) -> [Output] {
        precondition(chunkSize > 0, "a chunk holds at least one item")
        let chunkCount = (items.count + chunkSize - 1) / chunkSize
        guard chunkCount > 1 else { return items.map(transform) }
        return [Output](unsafeUninitializedCapacity: items.count) { buffer, initializedCount in
            let slots = OutputSlots(base: buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
                for index in chunk * chunkSize..<min(items.count, (chunk + 1) * chunkSize) {
                    slots.initialize(index, to: transform(items[index]))
                }
            }
            // concurrentPerform returns once every iteration has, so every slot is written.
            initializedCount = items.count
        }
    }
}

/// The result's storage, written by several threads at once.
///
/// `@unchecked Sendable` is sound: each index is initialized by exactly one iteration of the
/// `concurrentPerform` (the chunks do not overlap), nothing reads a slot until
/// `concurrentPerform` has returned, and it returns only after every iteration finished,
/// which orders those writes before the reads.
private struct OutputSlots<Output>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Output>

    func initialize(_ index: Int, to output: consuming Output) {
        (base + index).initialize(to: output)
    }
}
