extension SchemaCompiler {
    /// Rejects schemas that apply themselves again to the same value through `allOf`, `anyOf`,
    /// `oneOf`, `not`, `if`/`then`/`else` or `dependentSchemas` (with `$ref`s on the way)
    /// without a keyword in between that moves into the data: validating one would recurse
    /// without end (an `anyOf` of two such branches doubles the work at every turn), so they
    /// are load errors, like the `$ref`-only cycles of ``checkReferenceCycles()``, which
    /// report those.
    mutating func checkInPlaceCycles() throws(ContractError) {
        let nodes = schema.nodes
        // 0 unvisited, 1 on the current path, 2 done.
        var state = [UInt8](repeating: 0, count: nodes.count)
        for start in nodes.indices where state[start] == 0 {
            // The path from `start`: each schema, whether it was reached through a combinator,
            // and which of its in-place subschemas to look at next.
            var path: [(node: Int, throughCombinator: Bool, next: Int)] = [(start, false, 0)]
            var children: [[(schema: Int, isCombinator: Bool)]] = [Self.inPlaceSubschemas(of: nodes[start])]
            state[start] = 1
            while let top = path.last {
                let edges = children[children.count - 1]
                guard top.next < edges.count else {
                    state[top.node] = 2
                    path.removeLast()
                    children.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let edge = edges[top.next]
                switch state[edge.schema] {
                case 0:
                    state[edge.schema] = 1
                    path.append((edge.schema, edge.isCombinator, 0))
                    children.append(Self.inPlaceSubschemas(of: nodes[edge.schema]))
                case 1:
                    guard let first = path.firstIndex(where: { $0.node == edge.schema }) else { continue }
                    let cycle = path[first...]
                    // Cycles of `$ref`s alone are ``checkReferenceCycles()``'s to report.
                    guard edge.isCombinator || cycle.dropFirst().contains(where: \.throughCombinator) else { continue }
                    let names = (cycle.map(\.node) + [edge.schema]).map { "\(nodes[$0].file)#\(nodes[$0].pointer)" }
                    let node = nodes[edge.schema]
                    let location = documents[node.documentURI]?.location(ofOffset: node.location.offset) ?? node.location
                    try keep(.referenceCycle(file: node.file, at: location, chain: names))
                    return
                default:
                    continue
                }
            }
        }
    }

    /// The schemas that `node` applies to the very value it is given, each with whether a
    /// combinator (rather than a `$ref`) applies it.
    static func inPlaceSubschemas(of node: SchemaNode) -> [(schema: Int, isCombinator: Bool)] {
        var result: [(schema: Int, isCombinator: Bool)] = []
        if let ref = node.ref { result.append((ref, false)) }
        if let fallback = node.dynamicRef?.fallback { result.append((fallback, false)) }
        for branch in node.allOf + node.anyOf + node.oneOf { result.append((branch, true)) }
        for optional in [node.not, node.ifSchema, node.thenSchema, node.elseSchema] {
            if let optional { result.append((optional, true)) }
        }
        for dependent in node.dependentSchemas { result.append((dependent.schema, true)) }
        return result
    }
}
