/// `--shard I/N`: this run checks the I-th of N deterministic slices of the contracts, so a CI
/// matrix of N jobs checks every contract exactly once.
///
/// Contracts are dealt round-robin in name order (the k-th contract, 0-based, goes to shard
/// `k % N + 1`): the same contracts always give the same split, and the slices differ in size
/// by at most one.
struct Shard: Equatable {
    /// 1-based index of this slice.
    var index: Int
    /// How many slices there are.
    var count: Int

    /// Parses `I/N` with `1 <= I <= N`.
    init(parsing text: String) throws(CLIError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
            throw .invalidValue(option: "--shard", value: text, expected: "I/N with 1 <= I <= N, e.g. 2/4", suggestion: nil)
        }
        self.index = index
        self.count = count
    }

    /// The elements of `items` (already in name order) that belong to this slice.
    func select<T>(_ items: [T]) -> [T] {
        items.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
}
