import Dispatch
import Foundation

/// `map` over a list on every core, with the results in the list's order: `check` compiles a
/// thousand contracts and loads a thousand mappings, each independent of the others, and one
/// core did that alone.
public enum ParallelMap {
    /// `items.map(transform)`, computed in chunks of `chunkSize` items handed out to the
    /// cores as they come free (so one slow item does not hold up a whole half of the list);
    /// the calling thread takes chunks too. A list of one chunk or less is mapped on the
    /// calling thread alone.
    public static func map<Item: Sendable, Output: Sendable>(_ items: [Item], chunkSize: Int = 16,
                                                      _ transform: @escaping @Sendable (Item) -> Output) -> [Output] {
        precondition(chunkSize > 0, "a chunk holds at least one item")
        let chunkCount = (items.count + chunkSize - 1) / chunkSize
        guard chunkCount > 1 else { return items.map(transform) }
        let chunks = ChunkResults<Output>(count: chunkCount)
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            let range = chunk * chunkSize..<min(items.count, (chunk + 1) * chunkSize)
            chunks.store(items[range].map(transform), at: chunk)
        }
        return chunks.joined()
    }
}

/// The outputs of each chunk of a ``ParallelMap``, filled in by the threads in any order.
///
/// `@unchecked Sendable` is sound: `chunks` is only read or written while holding `lock`.
private final class ChunkResults<Output: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var chunks: [[Output]]

    /// Room for `count` chunks.
    init(count: Int) {
        chunks = Array(repeating: [], count: count)
    }

    /// Keeps the outputs of chunk number `index`.
    func store(_ outputs: [Output], at index: Int) {
        lock.withLock { chunks[index] = outputs }
    }

    /// Every chunk's outputs, in chunk order.
    func joined() -> [Output] {
        lock.withLock { Array(chunks.joined()) }
    }
}
