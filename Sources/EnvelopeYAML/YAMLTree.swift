import EnvelopeCore

/// A YAML document's nodes in document order, with its scalars' bytes, as read from
/// libyaml's events (``YAMLTree+Events.swift``); ``YAMLConverter`` turns it into JSON.
struct YAMLTree {
    /// The nodes, pre-order; the first is the document's root.
    var nodes: [YAMLNode] = []
    /// Every scalar's value (quotes, escapes and folding already undone by libyaml), UTF-8.
    var scalarBytes: [UInt8] = []

    /// The index just past node `index` and everything inside it.
    @inline(__always)
    func end(of index: Int) -> Int { nodes[index].isContainer ? nodes[index].first : index + 1 }

    /// The node an alias stands for (any other node is itself).
    @inline(__always)
    func target(of index: Int) -> Int { nodes[index].kind == .alias ? nodes[index].first : index }

    /// Calls `body` with a scalar's bytes.
    func withText<Result>(of node: YAMLNode, _ body: (UnsafeBufferPointer<UInt8>) throws(YAMLError) -> Result) throws(YAMLError) -> Result {
        let result: Swift.Result<Result, YAMLError> = scalarBytes.withUnsafeBufferPointer { bytes in
            do throws(YAMLError) {
                return .success(try body(UnsafeBufferPointer(rebasing: bytes[node.first..<node.first + node.length])))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// A scalar's text, as a string.
    func text(of node: YAMLNode) -> String {
        String(decoding: scalarBytes[node.first..<node.first + node.length], as: UTF8.self)
    }
}
