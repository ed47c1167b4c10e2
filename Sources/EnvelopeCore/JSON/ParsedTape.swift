/// A parser's finished tape: `count` entries written at `entries`, which its owner
/// (``JSONDocument``) deallocates.
struct ParsedTape {
    var entries: UnsafeMutablePointer<JSONTapeEntry>
    var count: Int
    /// Whether the document was parsed in two halves (see ``ParseShare``).
    var wasSplit = false
}
